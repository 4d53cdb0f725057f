import { useTranslation } from 'react-i18next';
import { MOBILE_PHONE_PATTERN, TENANT_LABELS, STAFF_ROLES, type Tenant } from '@cmp/domain';
import { EntityForm, SelectField, TextField, useFormRules, type EntityFormMode } from '../../components';
import { useCurrentUser } from '../../app/session/current-user';
import { adminTenants } from './staff-rules';
import type { StaffFormValues } from './staff-form-values';

const USER_NAME = /^[A-Za-z0-9._-]{2,64}$/;

interface StaffFormProps {
  defaultMode: EntityFormMode;
  initialValues: Partial<StaffFormValues>;
  onSubmit: (values: StaffFormValues, mode: 'create' | 'edit') => Promise<unknown>;
  /** False for an account that also works in tenants this admin does not administer: roles only. */
  profileEditable?: boolean;
}

/**
 * One staff account: who they are, how to reach them, and their role in each tenant the admin
 * administers (the only roles it is shown and may change).
 */
export function StaffForm({ defaultMode, initialValues, onSubmit, profileEditable = true }: StaffFormProps) {
  const { t } = useTranslation('admin');
  const rules = useFormRules();
  const administered = adminTenants(useCurrentUser());
  const roleOptions = [
    { value: 'none', label: t('form.noRole') },
    ...STAFF_ROLES.map((role) => ({ value: role, label: t(`common:role.${role}`) })),
  ];
  const roleField = (tenant: Tenant) => (
    <SelectField
      key={tenant}
      name={['roles', tenant]}
      label={t('form.roleIn', { tenant: TENANT_LABELS[tenant] })}
      options={roleOptions}
    />
  );
  const profileTooltip = profileEditable ? undefined : t('form.profileNotYours');

  return (
    <EntityForm<StaffFormValues>
      defaultMode={defaultMode}
      initialValues={initialValues}
      onSubmit={onSubmit}
      layout="vertical"
    >
      <TextField
        name="userName"
        label={t('field.userName')}
        disabled={defaultMode !== 'create'}
        tooltip={defaultMode === 'create' ? t('form.userNameHint') : undefined}
        rules={[rules.required(), { pattern: USER_NAME, message: t('form.userNameInvalid') }]}
      />
      <TextField
        name="displayName"
        label={t('field.displayName')}
        disabled={!profileEditable}
        tooltip={profileTooltip}
        rules={[rules.required(), rules.maxLength(64)]}
      />
      <TextField
        name="mail"
        label={t('field.mail')}
        disabled={!profileEditable}
        tooltip={profileTooltip}
        rules={[{ type: 'email', message: t('form.mailInvalid') }, rules.maxLength(128)]}
      />
      <TextField
        name="mobilePhoneNumber"
        label={t('field.mobilePhoneNumber')}
        disabled={!profileEditable}
        tooltip={profileTooltip}
        rules={[rules.maxLength(32), { pattern: MOBILE_PHONE_PATTERN, message: t('form.mobileInvalid') }]}
      />
      <TextField
        name="outerUserId"
        label={t('field.outerUserId')}
        disabled={!profileEditable}
        tooltip={profileTooltip}
        rules={[rules.maxLength(64)]}
      />
      {administered.map(roleField)}
    </EntityForm>
  );
}
