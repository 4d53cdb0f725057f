import { App, Descriptions, Divider, Drawer, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useCurrentUser } from '../session/current-user';
import { ChangePasswordForm } from '../sign-in/ChangePasswordForm';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The signed-in user's own page, opened from the header's user menu: who they are, their role in each
 * tenant area, the portal's language, and their password. Changing the password keeps this session and
 * signs every other one out (the server ends them; see docs/decisions.md).
 */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const user = useCurrentUser();
  const label = useEnumLabel();

  return (
    <Drawer open={open} onClose={onClose} title={t('profile.title')} size={480} destroyOnHidden>
      <Flex vertical gap={8}>
        <Descriptions
          size="small"
          bordered
          column={1}
          styles={{ label: { width: 120 } }}
          items={[
            { key: 'userName', label: t('profile.userName'), children: user.userName },
            { key: 'displayName', label: t('profile.displayName'), children: user.displayName },
            { key: 'mail', label: t('profile.mail'), children: orDash(user.mail) },
            {
              key: 'roles',
              label: t('profile.roles'),
              children:
                user.roles.length === 0 ? (
                  t('profile.noRoles')
                ) : (
                  <Flex vertical gap={4} data-testid="profile-roles">
                    {user.roles.map(({ tenant, role }) => (
                      <Flex key={tenant} gap={8} align="center">
                        <Typography.Text strong>{label('tenant', tenant)}</Typography.Text>
                        <Tag color={role === 'admin' ? 'gold' : role === 'operator' ? 'blue' : 'default'}>
                          {label('staffRole', role)}
                        </Tag>
                      </Flex>
                    ))}
                  </Flex>
                ),
            },
            { key: 'language', label: t('profile.language'), children: <LanguageSwitch /> },
          ]}
        />
        <Divider titlePlacement="start">{t('profile.changePassword')}</Divider>
        <Typography.Paragraph type="secondary">{t('profile.passwordEffect')}</Typography.Paragraph>
        <ChangePasswordForm
          user={user}
          currentPassword={undefined}
          onChanged={() => void message.success(t('profile.passwordChanged'))}
        />
      </Flex>
    </Drawer>
  );
}
