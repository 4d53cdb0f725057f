import { App, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PushNotificationCreateSchema,
  type PushNotificationCreate,
} from '@cmp/domain/push-messages/push-messages';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { usePushMessagesApi } from './push-messages-api';

/** Spec notification/push: one message to one account, confirmed before it goes. */
export function NotificationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pushMessages');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const batches = usePushMessagesApi();
  const [form] = Form.useForm<PushNotificationCreate>();
  const rulesFor = useSchemaRules<Partial<PushNotificationCreate>>(
    PushNotificationCreateSchema,
    (values) => ({ accountId: '', title: '', content: '', ...values }),
  );
  const send = useMutation({
    mutationFn: (values: PushNotificationCreate) => batches.notify(values),
    onSuccess: (sent) => {
      void message.success(t('notification.sent', { accountId: sent.accountId }));
      form.resetFields();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        form.setFields([{ name: 'accountId', errors: [describe(error)] }]);
      } else void message.error(describe(error));
    },
  });
  return (
    <Modal
      open={open}
      title={t('notification.title')}
      okText={t('notification.send')}
      cancelText={t('common.cancel')}
      confirmLoading={send.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => send.mutate(values))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="accountId"
          label={t('field.accountId')}
          rules={rulesFor(['accountId'], { required: true })}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="title" label={t('field.title')} rules={rulesFor(['title'], { required: true })}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('field.content')}
          rules={rulesFor(['content'], { required: true })}
        >
          <Input.TextArea maxLength={512} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="landingPage" label={t('field.landingPage')} rules={rulesFor(['landingPage'])}>
          <Input maxLength={1024} placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
