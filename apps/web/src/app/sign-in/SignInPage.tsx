import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../session/session';
import { safeRedirect } from '../paths';
import { PageLoading } from '../errors/PageLoading';
import { ErrorResult } from '../errors/ErrorResult';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { SignInForm } from './SignInForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import styles from './SignInPage.module.css';

/** Sign-in, then the password change a first sign-in owes, then back to the page the user asked for. */
export default function SignInPage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const [params] = useSearchParams();
  // Kept from the sign-in step so the password change does not ask for it twice.
  const [justUsedPassword, setJustUsedPassword] = useState<string>();

  if (session.isPending) return <PageLoading />;
  if (session.isError) return <ErrorResult error={session.error} onRetry={() => void session.refetch()} />;
  const user = session.data;
  if (user && !user.mustChangePassword) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  return (
    <Flex vertical align="center" justify="center" className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <Typography.Title level={3} className={styles.title}>
          {t('productTitle')}
        </Typography.Title>
        {user ? (
          <ChangePasswordForm user={user} currentPassword={justUsedPassword} />
        ) : (
          <SignInForm onSignedIn={setJustUsedPassword} />
        )}
      </Card>
    </Flex>
  );
}
