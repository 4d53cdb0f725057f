import { useMemo } from 'react';
import { Alert } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '@cmp/domain';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { FormDrawer } from '../../components';
import { useCurrentUser } from '../../app/session/current-user';
import { PageLoading } from '../../app/errors/PageLoading';
import { createStaff, getStaff, updateStaff } from './staff-api';
import { StaffForm } from './StaffForm';
import {
  EMPTY_STAFF_FORM,
  toCreateRequest,
  toStaffForm,
  toUpdateRequest,
  type StaffFormValues,
} from './staff-form-values';
import { staffQueryKey, useRefreshStaffList, useStaffError, type IssuedPassword } from './staff-hooks';
import { canManage } from './staff-rules';

export type StaffEditorTarget = { kind: 'create' } | { kind: 'existing'; userId: number };

interface StaffDrawerProps {
  target: StaffEditorTarget | null;
  onClose: () => void;
  /** A new account's first password, which the server answers only once. */
  onIssued: (issued: IssuedPassword) => void;
}

export function StaffDrawer({ target, onClose, onIssued }: StaffDrawerProps) {
  const { t } = useTranslation('admin');
  return (
    <FormDrawer
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      size={560}
      title={target?.kind === 'create' ? t('drawer.createTitle') : t('drawer.viewTitle')}
    >
      {target?.kind === 'create' && <CreateStaff onCreated={onClose} onIssued={onIssued} />}
      {target?.kind === 'existing' && <ExistingStaff key={target.userId} userId={target.userId} />}
    </FormDrawer>
  );
}

function CreateStaff({
  onCreated,
  onIssued,
}: {
  onCreated: () => void;
  onIssued: StaffDrawerProps['onIssued'];
}) {
  const { t } = useTranslation('admin');
  const refreshList = useRefreshStaffList();
  const asFormError = useStaffError();
  const submit = async (values: StaffFormValues) => {
    // An account with no role could sign in to nothing; the server refuses it too.
    if (toCreateRequest(values).roles.length === 0) throw new Error(t('form.roleRequired'));
    const { user, initialPassword } = await createStaff(toCreateRequest(values)).catch((error: unknown) => {
      throw asFormError(error);
    });
    onCreated();
    if (initialPassword !== null) onIssued({ userName: user.userName, password: initialPassword });
    // The account exists whatever the refresh does; a failed refresh must not read as a failed create.
    void refreshList();
  };
  return <StaffForm defaultMode="create" initialValues={EMPTY_STAFF_FORM} onSubmit={submit} />;
}

function ExistingStaff({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const refreshList = useRefreshStaffList();
  const asFormError = useStaffError();
  const query = useQuery({
    queryKey: staffQueryKey(userId),
    queryFn: ({ signal }) => getStaff(userId, signal),
  });
  // A stable object, so the form resets only when the account itself changes.
  const initialValues = useMemo(() => (query.data ? toStaffForm(query.data) : undefined), [query.data]);

  if (query.isPending) return <PageLoading />;
  if (query.isError || !initialValues) {
    return <ErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  }

  const submit = async (values: StaffFormValues) => {
    const saved = await updateStaff(userId, toUpdateRequest(values)).catch((error: unknown) => {
      throw asFormError(error);
    });
    queryClient.setQueryData<StaffUser>(staffQueryKey(userId), saved);
    void refreshList();
  };

  const account = query.data;
  const limit = account.systemAdmin && !me.systemAdmin ? 'drawer.systemAdminOnly' : 'drawer.rolesElsewhere';
  return (
    <>
      {!canManage(me, account) && (
        <Alert type="info" showIcon title={t(limit)} style={{ marginBottom: 16 }} />
      )}
      <StaffForm
        defaultMode="view"
        initialValues={initialValues}
        onSubmit={submit}
        profileEditable={canManage(me, account)}
      />
    </>
  );
}
