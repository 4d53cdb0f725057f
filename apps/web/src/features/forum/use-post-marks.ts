import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PostMark } from '@cmp/domain/forum/forum-contracts';
import { useDescribeError } from '../../api/describe-error';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { FORUM_POST_LIST, forumKeys, useForumApi } from './forum-api';

/**
 * Sets a moderation mark on one post or on a selection, each asked for first; afterwards the lists, the
 * post and its history are read again.
 */
export function usePostMarks() {
  const { t } = useTranslation('forum');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();

  const refresh = async (postIds: number[]) => {
    await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, FORUM_POST_LIST) });
    for (const id of postIds) {
      await queryClient.invalidateQueries({ queryKey: forumKeys.post(tenant, id) });
    }
  };

  return (postIds: number[], mark: PostMark, flag: 0 | 1, done?: () => void) => {
    const action = t(`mark.${mark}.${flag === 1 ? 'on' : 'off'}`);
    const single = postIds.length === 1;
    modal.confirm({
      title: single
        ? t('confirm.title', { action, postId: postIds[0] })
        : t('confirm.bulkTitle', { action, count: postIds.length }),
      content: mark === 'hide' && flag === 1 ? t('confirm.hideContent') : t('confirm.content'),
      okText: action,
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: mark === 'hide' && flag === 1 },
      onOk: async () => {
        try {
          if (single) {
            await forum.mark(postIds[0]!, mark, flag);
            void message.success(t(`mark.${mark}.done`));
          } else {
            const result = await forum.markMany(postIds, mark, flag);
            void message.success(t('confirm.bulkDone', result));
          }
          done?.();
        } catch (error) {
          void message.error(describe(error));
        }
        await refresh(postIds);
      },
    });
  };
}
