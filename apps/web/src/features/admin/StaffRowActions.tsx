import { App, Button, Popconfirm, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '@cmp/domain';
import { useCurrentUser } from '../../app/session/current-user';
import { resetStaffPassword, setStaffDisabled } from './staff-api';
import { useRefreshStaffList, useStaffError, type IssuedPassword } from './staff-hooks';
import { canManage } from './staff-rules';

interface StaffRowActionsProps {
  user: StaffUser;
  onView: () => void;
  onIssued: (issued: IssuedPassword) => void;
}

/** View, and for accounts this admin manages: disable or enable, reset password; each change confirmed first. */
export function StaffRowActions({ user, onView, onIssued }: StaffRowActionsProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const me = useCurrentUser();
  const refreshList = useRefreshStaffList();
  const asError = useStaffError();
  const onError = (error: unknown) => void message.error(asError(error).message);

  const toggle = useMutation({
    mutationFn: () => setStaffDisabled(user.userId, !user.disabled),
    onSuccess: (saved) => {
      void refreshList();
      void message.success(
        t(saved.disabled ? 'list.disabledDone' : 'list.enabledDone', { userName: saved.userName }),
      );
    },
    onError,
  });
  const reset = useMutation({
    mutationFn: () => resetStaffPassword(user.userId),
    onSuccess: ({ password }) => onIssued({ userName: user.userName, password }),
    onError,
  });

  // Their own account is not managed from here: disabling it is refused, and a reset would end their session.
  const manageable = canManage(me, user) && me.userId !== user.userId;

  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onView}>
        {t('list.view')}
      </Button>
      {manageable && (
        <Popconfirm
          placement="topRight"
          title={t(user.disabled ? 'list.enableConfirm' : 'list.disableConfirm', { userName: user.userName })}
          description={user.disabled ? undefined : t('list.disableEffect')}
          onConfirm={() => toggle.mutateAsync().catch(() => undefined)}
          okButtonProps={{ danger: !user.disabled }}
        >
          <Button type="link" size="small" danger={!user.disabled} loading={toggle.isPending}>
            {t(user.disabled ? 'list.enable' : 'list.disable')}
          </Button>
        </Popconfirm>
      )}
      {manageable && (
        <Popconfirm
          placement="topRight"
          title={t('list.resetConfirm', { userName: user.userName })}
          description={t('list.resetEffect')}
          onConfirm={() => reset.mutateAsync().catch(() => undefined)}
        >
          <Button type="link" size="small" loading={reset.isPending}>
            {t('list.resetPassword')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
