import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OFFICIAL_REPLY_MAX_LENGTH,
  OfficialReplyCreateSchema,
  OfficialReplyEditSchema,
  type Comment,
  type CommentReply,
} from '@cmp/domain/comments/comment-contracts';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useConfirmDiscard } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { commentKeys, useCommentsApi, useRefreshAfterCommentChange } from './comments-api';
import styles from './comments.module.css';

interface ReplyValues {
  replyText: string;
}

/** How the editor tells its host that closing would lose typed text. */
export interface UnsavedText {
  /** Follows typing (a task late): the host guards leaving the page while it is true. */
  onDirtyChange: (dirty: boolean) => void;
  /** Says whether there is unsaved text right now, for a close that may come before the flag follows. */
  register: (check: (() => boolean) | undefined) => void;
}

/**
 * The comment's official reply (at most one): shown with its author and time and edited in place, or written
 * here when there is none.
 */
export function OfficialReply({
  comment,
  canChange,
  unsaved,
}: {
  comment: Comment;
  canChange: boolean;
  unsaved: UnsavedText;
}) {
  const { t } = useTranslation('comments');
  const label = useEnumLabel();
  const [editing, setEditing] = useState(false);
  const reply = comment.replies[0];

  if (reply && !editing) {
    return (
      <Flex vertical gap={8} data-testid="official-reply">
        <div className={styles.reply}>{reply.text}</div>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            {t('reply.byline', {
              userName: reply.userName,
              userType: label('commentUserType', reply.userType),
              time: formatTime(reply.createTime),
            })}
            {reply.updateTime > reply.createTime &&
              ` · ${t('reply.edited', { time: formatTime(reply.updateTime) })}`}
          </Typography.Text>
          {canChange && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('reply.edit')}
            </Button>
          )}
        </Flex>
      </Flex>
    );
  }
  if (!canChange) return <Typography.Text type="secondary">{t('reply.none')}</Typography.Text>;
  return <ReplyEditor comment={comment} reply={reply} onDone={() => setEditing(false)} unsaved={unsaved} />;
}

/** A reply's text as the contract checks it: required, trimmed, at most OFFICIAL_REPLY_MAX_LENGTH. */
function ReplyEditor({
  comment,
  reply,
  onDone,
  unsaved,
}: {
  comment: Comment;
  /** The reply being edited; a new reply when left out. */
  reply?: CommentReply;
  onDone: () => void;
  unsaved: UnsavedText;
}) {
  const { t } = useTranslation('comments');
  const { message, modal } = App.useApp();
  const describe = useDescribeError();
  const confirmDiscard = useConfirmDiscard(modal);
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const comments = useCommentsApi();
  const refresh = useRefreshAfterCommentChange();
  const [form] = Form.useForm<ReplyValues>();
  const [failure, setFailure] = useState<ApiError | Error>();

  const initial = reply?.text ?? '';
  const typed = Form.useWatch('replyText', form) ?? initial;
  const dirty = typed !== initial;
  const { onDirtyChange, register } = unsaved;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    register(() => (form.getFieldValue('replyText') ?? initial) !== initial);
    return () => {
      register(undefined);
      onDirtyChange(false);
    };
  }, [form, initial, register, onDirtyChange]);

  const toRequest = useMemo(
    () =>
      reply
        ? (values: ReplyValues) => ({ text: values.replyText })
        : (values: ReplyValues) => ({ commentaryId: comment.commentaryId, text: values.replyText }),
    [reply, comment.commentaryId],
  );
  const rulesFor = useSchemaRules<ReplyValues>(
    reply ? OfficialReplyEditSchema : OfficialReplyCreateSchema,
    toRequest,
  );

  const save = useMutation({
    mutationFn: (text: string) =>
      reply
        ? comments.editReply(reply.replyId, { text })
        : comments.createReply({ commentaryId: comment.commentaryId, text }),
    onMutate: () => setFailure(undefined),
    onSuccess: (changed) => {
      void message.success(t(reply ? 'reply.saved' : 'reply.created'));
      onDone();
      void refresh(changed);
    },
    onError: (error: Error) => {
      // A refused text is marked on the field; a broken rule (a reply already there) is said above the buttons.
      if (error instanceof ApiError && error.status === 400) {
        form.setFields([{ name: 'replyText', errors: [describe(error)] }]);
        return;
      }
      setFailure(error);
    },
  });

  const cancel = async () => {
    // Read now: the watched text follows typing one task later.
    const changed = (form.getFieldValue('replyText') ?? initial) !== initial;
    if (changed && !(await confirmDiscard())) return;
    form.resetFields();
    onDone();
  };

  return (
    <Form<ReplyValues>
      form={form}
      layout="vertical"
      initialValues={{ replyText: initial }}
      onFinish={(values) => save.mutate(values.replyText.trim())}
    >
      <Form.Item
        name="replyText"
        label={reply ? t('reply.editLabel') : t('reply.label')}
        rules={rulesFor(['text'], { required: true })}
      >
        <Input.TextArea
          maxLength={OFFICIAL_REPLY_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('reply.placeholder')}
        />
      </Form.Item>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={describe(failure)}
          style={{ marginBottom: 12 }}
          action={
            failure instanceof ApiError && failure.status === 422 ? (
              <Button
                size="small"
                onClick={() =>
                  void queryClient.invalidateQueries({
                    queryKey: commentKeys.detail(tenant, comment.commentaryId),
                  })
                }
              >
                {t('reply.reload')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Flex gap={8} justify="flex-end">
        {reply && (
          <Button disabled={save.isPending} onClick={() => void cancel()}>
            {t('action.cancel')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending}>
          {reply ? t('reply.save') : t('reply.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
