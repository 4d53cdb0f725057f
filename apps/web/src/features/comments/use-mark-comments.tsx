import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommentMarkAction } from '@cmp/domain/comments/comment-actions';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import { useDescribeError } from '../../api/describe-error';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useCommentsApi, useRefreshAfterCommentChange } from './comments-api';

/** Hiding takes a comment out of the app: it is the one mark asked about with a warning. */
const isHide = (action: CommentMarkAction) => action === 'HIDE_COMMENT';

/**
 * Marks several comments at once after the user confirms how many (C3.8.3's batch), then says how many
 * changed and how many already were as asked. Resolves true once done.
 */
export function useBatchMark(): (commentaryIds: number[], action: CommentMarkAction) => Promise<boolean> {
  const { t } = useTranslation('comments');
  const { modal, message } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const comments = useCommentsApi();
  const refresh = useRefreshAfterCommentChange();
  return useCallback(
    (commentaryIds, action) =>
      new Promise<boolean>((resolve) => {
        const name = label('commentAction', action);
        modal.confirm({
          title: t('batch.confirmTitle', { action: name, count: commentaryIds.length }),
          content: isHide(action) ? t('mark.hideEffect') : t('batch.confirmContent'),
          okText: name,
          cancelText: t('action.cancel'),
          okButtonProps: { danger: isHide(action) },
          onOk: async () => {
            try {
              const result = await comments.batchMark(commentaryIds, action);
              void message.success(t('batch.done', { action: name, ...result }));
              void refresh();
              resolve(true);
            } catch (error) {
              void message.error(t('batch.failed', { reason: describe(error) }), 8);
              resolve(false);
            }
          },
          onCancel: () => resolve(false),
        });
      }),
    [t, modal, message, label, describe, comments, refresh],
  );
}

/** Marks one comment; hiding asks first. Resolves with the comment as changed, or undefined. */
export function useMarkComment(): (
  comment: Comment,
  action: CommentMarkAction,
) => Promise<Comment | undefined> {
  const { t } = useTranslation('comments');
  const { modal, message } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const comments = useCommentsApi();
  const refresh = useRefreshAfterCommentChange();
  return useCallback(
    async (comment, action) => {
      const name = label('commentAction', action);
      if (isHide(action)) {
        const sure = await modal.confirm({
          title: t('mark.hideTitle', { commentaryId: comment.commentaryId }),
          content: t('mark.hideEffect'),
          okText: name,
          cancelText: t('action.cancel'),
          okButtonProps: { danger: true },
        });
        if (!sure) return undefined;
      }
      try {
        const changed = await comments.mark(comment.commentaryId, action);
        void message.success(t('mark.done', { action: name, commentaryId: comment.commentaryId }));
        void refresh(changed);
        return changed;
      } catch (error) {
        void message.error(t('mark.failed', { reason: describe(error) }), 8);
        return undefined;
      }
    },
    [t, modal, message, label, describe, comments, refresh],
  );
}
