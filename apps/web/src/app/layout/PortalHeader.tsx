import { useState } from 'react';
import { Button, Dropdown, Flex, Tag, Typography } from 'antd';
import {
  DownOutlined,
  HomeOutlined,
  IdcardOutlined,
  LogoutOutlined,
  ThunderboltFilled,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TENANT_LABELS, type Tenant } from '@cmp/domain';
import { swapArea } from '../area-link';
import { tenantHome } from '../paths';
import { useCurrentUser } from '../session/current-user';
import { useSignOut } from '../session/use-sign-out';
import { useFollowAreaLink } from '../use-area-link';
import { TaskCenterButton } from '../tasks/TaskCenter';
import { LanguageSwitch } from './LanguageSwitch';
import { ProfileDrawer } from './ProfileDrawer';
import styles from './PortalLayout.module.css';

/** Product title, where the user is, and who they are, with home, language and sign-out at hand. */
export function PortalHeader({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signOut = useSignOut();
  const follow = useFollowAreaLink();
  const [profileOpen, setProfileOpen] = useState(false);
  const otherTenants = user.tenants.filter((other) => other !== tenant);
  // The tenant by its name, then its path (the namespace the spec shows), quieter.
  const namespace = (
    <Tag className={styles.namespace}>
      <Typography.Text strong data-testid="current-tenant">
        {TENANT_LABELS[tenant]}
      </Typography.Text>{' '}
      <Typography.Text type="secondary" className={styles.namespacePath}>
        {tenantHome(tenant)}
      </Typography.Text>
    </Tag>
  );

  return (
    <Flex component="header" align="center" justify="space-between" className={styles.header}>
      <Flex align="center" gap={12}>
        <ThunderboltFilled className={styles.logo} />
        <Typography.Text strong className={styles.title}>
          {t('productTitle')}
        </Typography.Text>
        {otherTenants.length === 0 ? (
          namespace
        ) : (
          <Dropdown
            trigger={['click']}
            menu={{
              // Switching is in place; the spec's link to the other area opens beside this one.
              items: otherTenants.flatMap((other) => [
                {
                  key: `switch-${other}`,
                  label: t('header.switchTo', { area: TENANT_LABELS[other] }),
                  onClick: () => void navigate(swapArea(pathname, search, other).href),
                },
                {
                  key: `open-${other}`,
                  label: t('header.openInArea', { area: TENANT_LABELS[other] }),
                  onClick: () => follow(swapArea(pathname, search, other)),
                },
              ]),
            }}
          >
            <Button
              type="text"
              size="small"
              aria-label={t('header.namespace')}
              className={styles.namespaceButton}
            >
              {namespace}
              <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Flex>
      <Flex align="center" gap={4}>
        <Button
          type="text"
          icon={<HomeOutlined />}
          aria-label={t('action.home')}
          onClick={() => void navigate(tenantHome(tenant))}
        >
          {t('action.home')}
        </Button>
        <TaskCenterButton />
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'profile',
                icon: <IdcardOutlined />,
                label: t('header.profile'),
                onClick: () => setProfileOpen(true),
              },
            ],
          }}
        >
          <Button type="text" aria-label={t('header.userMenu')}>
            <Flex align="center" gap={6} className={styles.user} data-testid="current-user">
              <UserOutlined />
              <Typography.Text className={styles.userName}>{user.displayName}</Typography.Text>
              <Typography.Text type="secondary" className={styles.userName}>
                ({user.userName})
              </Typography.Text>
              <DownOutlined />
            </Flex>
          </Button>
        </Dropdown>
        <Button type="text" icon={<LogoutOutlined />} aria-label={t('action.signOut')} onClick={signOut}>
          {t('action.signOut')}
        </Button>
      </Flex>
      <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
    </Flex>
  );
}
