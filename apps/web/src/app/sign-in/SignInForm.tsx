import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, SignInRequest } from '@cmp/domain';
import { api } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { SESSION_KEY } from '../session/session';

interface SignInFormProps {
  /** Called with the password that worked, which a first sign-in needs again to change it. */
  onSignedIn: (password: string) => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('shell');
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const signIn = useMutation({
    mutationFn: (request: SignInRequest) => api.post<CurrentUser>('/auth/sign-in', request),
    onSuccess: (user, request) => {
      onSignedIn(request.password);
      queryClient.setQueryData(SESSION_KEY, user);
    },
  });

  return (
    <Form<SignInRequest> layout="vertical" onFinish={(values) => signIn.mutate(values)} requiredMark={false}>
      {signIn.isError && (
        <Alert type="error" showIcon title={describe(signIn.error)} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="userName"
        label={t('signIn.userName')}
        rules={[{ required: true, whitespace: true, message: t('signIn.userNameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('signIn.password')}
        rules={[{ required: true, message: t('signIn.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('signIn.submit')}
      </Button>
    </Form>
  );
}
