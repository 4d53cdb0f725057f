import { App, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GroupNotifySchema, type GroupChat, type GroupNotify } from '@cmp/domain/chats/group-chats';
import { useDescribeError } from '../../api/describe-error';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useStationsTenant } from '../../components/lookups';
import { groupChatKeys, useGroupChatsApi } from './group-chats-api';

type Values = Partial<GroupNotify>;
const toRequest = (values: Values): GroupNotify => ({
  title: values.title ?? '',
  content: values.content ?? '',
  linkUrl: values.linkUrl ?? '',
});

/**
 * appNotify: a notice for every member of the group, confirmed with their count before it is sent. The
 * portal puts it in its outbox; the push area delivers it.
 */
export function NotifyDialog({
  group,
  open,
  onClose,
}: {
  group: GroupChat;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('groupChats');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const [form] = Form.useForm<Values>();
  const rulesFor = useSchemaRules<Values>(GroupNotifySchema, toRequest);
  const members = group.detail?.memberNum ?? 0;

  const close = () => {
    form.resetFields();
    onClose();
  };

  const send = async () => {
    const values = await form.validateFields();
    modal.confirm({
      title: t('notify.confirmTitle', { count: members }),
      content: t('notify.confirmContent', { name: group.groupName }),
      okText: t('notify.confirmOk'),
      cancelText: t('detail.cancel'),
      onOk: async () => {
        try {
          const receipt = await groups.notify(group.id, toRequest(values));
          void message.success(t('notify.sent', { count: receipt.recipients }));
          void queryClient.invalidateQueries({ queryKey: groupChatKeys.notices(tenant, group.id) });
          close();
        } catch (error) {
          void message.error(describe(error));
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('notify.dialogTitle', { name: group.groupName })}
      okText={t('notify.next')}
      cancelText={t('detail.cancel')}
      onOk={() => void send().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="group-notify">
        <Form.Item
          name="title"
          label={t('notify.fieldTitle')}
          rules={rulesFor(['title'], { required: true })}
        >
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('notify.fieldContent')}
          rules={rulesFor(['content'], { required: true })}
        >
          <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="linkUrl" label={t('notify.fieldLink')} rules={rulesFor(['linkUrl'])}>
          <Input maxLength={1024} placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
