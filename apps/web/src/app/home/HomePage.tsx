import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TENANT_LABELS } from '@cmp/domain';
import { menuFor } from '../areas';
import { tenantOfPath, tenantPath } from '../paths';
import { useCurrentUser } from '../session/current-user';
import { roleIn } from '../session/roles';

/** The tenant area's home: who is signed in, with which role, and the screens they can open. */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) return null;
  const role = roleIn(user, tenant);
  const areas = menuFor(user, tenant).groups.flatMap((group) => group.areas);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: user.displayName })}
        </Typography.Title>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'tenant',
              label: t('home.tenant'),
              children: `${TENANT_LABELS[tenant]} · ${t(`common:tenant.${tenant}`)}`,
            },
            { key: 'role', label: t('home.role'), children: role ? t(`common:role.${role}`) : '-' },
            { key: 'userName', label: t('home.userName'), children: user.userName },
          ]}
        />
      </Card>
      <Card title={t('home.shortcuts')}>
        {areas.length === 0 ? (
          <Typography.Text type="secondary">{t('home.noShortcuts')}</Typography.Text>
        ) : (
          <Flex gap={16} wrap>
            {areas.map((area) => (
              <Link key={area.key} to={tenantPath(tenant, area.path)}>
                {t(`area.${area.key}`)}
              </Link>
            ))}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
