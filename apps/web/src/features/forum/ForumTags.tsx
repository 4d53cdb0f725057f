import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForumPost } from '@cmp/domain/forum/forum-contracts';

/** A post's type as the app names it: 动态 (share) or 笔记 (article). */
export function PostTypeTag({ type }: { type: 0 | 1 }) {
  const { t } = useTranslation('forum');
  return <Tag color={type === 1 ? 'purple' : 'blue'}>{t(`postType.${type}`)}</Tag>;
}

/** A post's moderation state in tags: published or not, hidden, recommended, read. */
export function PostStateTags({ post }: { post: ForumPost }) {
  const { t } = useTranslation('forum');
  return (
    <>
      <Tag color={post.publicStatus === 1 ? 'green' : 'orange'}>{t(`publicStatus.${post.publicStatus}`)}</Tag>
      {post.portalHidden === 1 && <Tag color="red">{t('portalHidden.1')}</Tag>}
      {post.recommendation === 1 && <Tag color="gold">{t('recommendation.1')}</Tag>}
      <Tag>{t(`portalHaveRead.${post.portalHaveRead}`)}</Tag>
    </>
  );
}
