import { lazy, Suspense, useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../session/session';
import { safeRedirect } from '../paths';
import { PageLoading } from '../errors/PageLoading';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { SignInForm } from './SignInForm';
import styles from './SignInPage.module.css';

// The sign-in page is the first download of every staff member: what only a first sign-in or a failed session
// check shows is loaded when it is needed. The card and title are plain elements for the same reason (antd's
// Card brings Tabs and Skeleton, its Typography the editable and copyable text).
const ChangePasswordForm = lazy(() =>
  import('./ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm })),
);
const ErrorResult = lazy(() => import('../errors/ErrorResult').then((m) => ({ default: m.ErrorResult })));

/** Sign-in, then the password change a first sign-in owes, then back to the page the user asked for. */
export default function SignInPage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const [params] = useSearchParams();
  // Kept from the sign-in step so the password change does not ask for it twice.
  const [justUsedPassword, setJustUsedPassword] = useState<string>();

  if (session.isPending) return <PageLoading />;
  if (session.isError) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ErrorResult error={session.error} onRetry={() => void session.refetch()} />
      </Suspense>
    );
  }
  const user = session.data;
  if (user && !user.mustChangePassword) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  return (
    <Flex vertical align="center" justify="center" className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <section className={styles.card}>
        <h1 className={styles.title}>{t('productTitle')}</h1>
        {user ? (
          <Suspense fallback={<PageLoading />}>
            <ChangePasswordForm user={user} currentPassword={justUsedPassword} />
          </Suspense>
        ) : (
          <SignInForm onSignedIn={setJustUsedPassword} />
        )}
      </section>
    </Flex>
  );
}
