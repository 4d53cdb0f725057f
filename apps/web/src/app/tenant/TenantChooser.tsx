import { Button, Card, Empty, Flex, Typography } from 'antd';
import { LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { TENANT_LABELS, TENANTS } from '@cmp/domain';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { tenantHome } from '../paths';
import { useCurrentUser } from '../session/current-user';
import { useSignOut } from '../session/use-sign-out';
import styles from './TenantChooser.module.css';

/** `/cmp-app`: the tenant areas this user may enter, and nothing else; with only one, straight into it. */
export default function TenantChooser() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const signOut = useSignOut();
  const tenants = TENANTS.filter((tenant) => user.tenants.includes(tenant));
  // A choice of one is no choice: `replace` keeps Back from returning to this page only to be sent on again.
  const [only] = tenants;
  if (only !== undefined && tenants.length === 1) return <Navigate to={tenantHome(only)} replace />;

  return (
    <Flex vertical align="center" className={styles.page}>
      <Flex justify="flex-end" gap={4} className={styles.toolbar}>
        <LanguageSwitch />
        <Button type="text" icon={<LogoutOutlined />} onClick={signOut}>
          {t('action.signOut')}
        </Button>
      </Flex>
      <Typography.Title level={3}>{t('productTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('chooser.greeting', { name: user.displayName })}
      </Typography.Paragraph>
      {tenants.length === 0 ? (
        <Empty description={t('chooser.none')} />
      ) : (
        <Flex gap={16} wrap justify="center" role="list" aria-label={t('chooser.title')}>
          {tenants.map((tenant) => (
            <Link key={tenant} to={tenantHome(tenant)} role="listitem" className={styles.link}>
              <Card hoverable className={styles.card}>
                <Flex align="center" justify="space-between">
                  <div>
                    <Typography.Title level={4} className={styles.label}>
                      {TENANT_LABELS[tenant]}
                    </Typography.Title>
                    <Typography.Text type="secondary">{t(`common:tenant.${tenant}`)}</Typography.Text>
                  </div>
                  <RightOutlined />
                </Flex>
              </Card>
            </Link>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
