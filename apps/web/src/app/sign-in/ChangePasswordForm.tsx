import { Alert, Button, Form, Input, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordRequest,
  type CurrentUser,
} from '@cmp/domain';
import { api } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { SESSION_KEY } from '../session/session';
import { useSignOut } from '../session/use-sign-out';

interface ChangePasswordFormProps {
  user: CurrentUser;
  /** Known right after signing in; asked for otherwise (for instance after a reload). */
  currentPassword: string | undefined;
  /**
   * Set where the change is the user's own choice (the profile), not owed before entering: the form then
   * has no greeting and no sign-out, and empties itself once the password changed.
   */
  onChanged?: () => void;
}

interface ChangePasswordValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/** The password change every account owes before its first use of the portal, and the profile's. */
export function ChangePasswordForm({ user, currentPassword, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<ChangePasswordValues>();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const change = useMutation({
    mutationFn: (request: ChangePasswordRequest) => api.post<void>('/auth/password', request),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_KEY, { ...user, mustChangePassword: false });
      if (onChanged) {
        form.resetFields();
        onChanged();
      }
    },
  });

  const submit = (values: ChangePasswordValues) =>
    change.mutate({
      currentPassword: currentPassword ?? values.currentPassword ?? '',
      newPassword: values.newPassword,
    });

  return (
    <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      {!onChanged && (
        <Typography.Paragraph>{t('changePassword.intro', { name: user.displayName })}</Typography.Paragraph>
      )}
      {change.isError && (
        <Alert type="error" showIcon title={describe(change.error)} style={{ marginBottom: 16 }} />
      )}
      {currentPassword === undefined && (
        <Form.Item
          name="currentPassword"
          label={t('changePassword.current')}
          rules={[{ required: true, message: t('signIn.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('changePassword.new')}
        dependencies={['currentPassword']}
        rules={[
          { required: true, message: t('signIn.passwordRequired') },
          { min: PASSWORD_MIN_LENGTH, message: t('changePassword.tooShort', { min: PASSWORD_MIN_LENGTH }) },
          { max: PASSWORD_MAX_LENGTH, message: t('changePassword.tooLong', { max: PASSWORD_MAX_LENGTH }) },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === (currentPassword ?? getFieldValue('currentPassword'))
                ? Promise.reject(new Error(t('changePassword.sameAsCurrent')))
                : Promise.resolve(),
          }),
        ]}
        extra={t('changePassword.hint', { min: PASSWORD_MIN_LENGTH })}
      >
        <Input.Password autoComplete="new-password" autoFocus={!onChanged} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('changePassword.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('signIn.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value === undefined || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('changePassword.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={change.isPending}>
        {t(onChanged ? 'changePassword.save' : 'changePassword.submit')}
      </Button>
      {!onChanged && (
        <Button type="link" block onClick={signOut} style={{ marginTop: 8 }}>
          {t('action.signOut')}
        </Button>
      )}
    </Form>
  );
}
