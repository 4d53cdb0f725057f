import { useMemo } from 'react';
import { Dropdown, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ForumPostListQuerySchema,
  POST_MARKS,
  type ForumPost,
  type PostMark,
} from '@cmp/domain/forum/forum-contracts';
import { articleText, parseArticle } from '@cmp/domain/forum/post-content';
import type { Query } from '../../api/client';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { FORUM, FORUM_POST_LIST, useForumApi } from './forum-api';
import { forumPostDetailPath } from './forum-links';
import { PostStateTags, PostTypeTag } from './ForumTags';
import { MarkedText, WordTags } from './MarkedText';
import { usePostMarks } from './use-post-marks';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const flag = (value: unknown): number | undefined =>
  value === 0 || value === 1 || value === '0' || value === '1' ? Number(value) : undefined;
const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};
const time = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export const POST_FLAG_FILTERS = [
  'publicStatus',
  'recommendation',
  'selfPrivate',
  'portalHidden',
  'portalHaveRead',
] as const;

/** The search form's values as the post filter (spec M3.6.5), only what is set. */
export function toPostFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    postContent: text(params.postContent),
    postId: positive(params.postId),
    topicTitle: text(params.topicTitle),
    postTopicId: text(params.postTopicId),
    postUserMobile: text(params.postUserMobile),
    publicTimeStart: time(params.publicTimeStart),
    publicTimeEnd: time(params.publicTimeEnd),
    ...Object.fromEntries(POST_FLAG_FILTERS.map((name) => [name, flag(params[name])])),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** What the text column shows: a note's title and text, a share's text, the words found highlighted. */
export function PostSummary({ post }: { post: ForumPost }) {
  if (post.postType === 0) return <MarkedText text={post.postContent} words={post.illegalWordArr} />;
  const article = parseArticle(post.postContent);
  return (
    <>
      {post.title && (
        <Typography.Text strong>
          <MarkedText text={post.title} words={post.illegalWordArr} />{' '}
        </Typography.Text>
      )}
      {article && <MarkedText text={articleText(article)} words={post.illegalWordArr} />}
    </>
  );
}

/**
 * Forum posts (spec M2.8, M3.6, §7 post-list): every filter of the spec, the sensitive words highlighted,
 * the moderation marks on a selection, each asked for first, and export.
 */
export default function ForumPostListPage() {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const canChange = useCanChange();
  const confirmMark = usePostMarks();

  const filters = useMemo<SearchFilter[]>(() => {
    const flagOptions = (name: (typeof POST_FLAG_FILTERS)[number]) => {
      const labels = name === 'selfPrivate' ? 'flag' : name;
      return [1, 0].map((value) => ({ value, label: t(`${labels}.${value}`) }));
    };
    return [
      { type: 'input', name: 'postContent', label: t('field.postContent') },
      { type: 'input', name: 'postId', label: t('field.postId') },
      { type: 'input', name: 'topicTitle', label: t('field.topicTitle') },
      { type: 'input', name: 'postTopicId', label: t('field.postTopicId') },
      { type: 'input', name: 'postUserMobile', label: t('field.postUserMobile') },
      {
        type: 'datetimeRange',
        name: 'publicTime',
        label: t('field.publicTime'),
        names: ['publicTimeStart', 'publicTimeEnd'],
      },
      ...POST_FLAG_FILTERS.map((name): SearchFilter => ({
        type: 'select',
        name,
        label: t(`field.${name}`),
        options: flagOptions(name),
      })),
    ];
  }, [t]);

  const columns = useMemo<SearchTableColumn<ForumPost>[]>(
    () => [
      {
        key: 'postId',
        title: t('field.postId'),
        width: 100,
        fixed: 'left',
        render: (p) => <Link to={forumPostDetailPath(tenant, p.postId)}>{p.postId}</Link>,
      },
      {
        key: 'postType',
        title: t('field.postType'),
        width: 80,
        render: (p) => <PostTypeTag type={p.postType} />,
      },
      {
        key: 'plainContent',
        title: t('field.postContent'),
        width: 300,
        render: (p) => (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            <PostSummary post={p} />
          </Typography.Paragraph>
        ),
      },
      {
        key: 'topicTitle',
        title: t('field.topicTitle'),
        width: 140,
        ellipsis: true,
        render: (p) => orDash(p.topicTitle),
      },
      {
        key: 'author',
        title: t('field.author'),
        width: 170,
        render: (p) => (
          <Flex vertical>
            <span>{p.account.nickname ?? p.account.accountId}</span>
            <Typography.Text type="secondary">{orDash(p.account.mobile)}</Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'illegalWords',
        title: t('field.illegalWords'),
        width: 160,
        render: (p) => <WordTags words={p.illegalWordArr} />,
      },
      {
        key: 'publicStatus',
        title: t('field.publicStatus'),
        width: 200,
        render: (p) => <PostStateTags post={p} />,
      },
      {
        key: 'selfPrivate',
        title: t('field.selfPrivate'),
        width: 100,
        render: (p) => t(`flag.${p.selfPrivate}`),
      },
      {
        key: 'reply_count',
        title: t('field.replyCount'),
        width: 90,
        align: 'right',
        sortable: true,
        render: (p) => p.replyCount,
      },
      {
        key: 'thumb_count',
        title: t('field.thumbCount'),
        width: 90,
        align: 'right',
        sortable: true,
        render: (p) => p.thumbCount,
      },
      {
        key: 'public_time',
        title: t('field.publicTime'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.publicTime),
      },
    ],
    [t, tenant],
  );

  return (
    <SearchTable<ForumPost>
      querySchema={ForumPostListQuerySchema}
      persistKey={FORUM_POST_LIST}
      tenant={tenant}
      rowKey="postId"
      title={t('list.postsTitle')}
      columns={columns}
      filters={filters}
      empty={t('list.emptyPosts')}
      rowSelection={canChange ? 'multiple' : undefined}
      selectionActions={({ keys, clear }) => (
        <Space wrap>
          {POST_MARKS.map((mark: PostMark) => (
            <Dropdown.Button
              key={mark}
              onClick={() => confirmMark(keys.map(Number), mark, 1, clear)}
              menu={{
                items: [{ key: 'off', label: t(`mark.${mark}.off`) }],
                onClick: () => confirmMark(keys.map(Number), mark, 0, clear),
              }}
            >
              {t(`mark.${mark}.on`)}
            </Dropdown.Button>
          ))}
        </Space>
      )}
      request={(params, { signal }) =>
        forum.posts({ pageNo: params.pageNo, pageSize: params.pageSize, ...toPostFilter(params) }, signal)
      }
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${FORUM}/posts/export`}
          query={toPostFilter(params)}
          // The screen shows the moderation marks in one column; the file has one each.
          columns={shown.flatMap((key) =>
            key === 'publicStatus'
              ? ['publicStatus', 'recommendation', 'portalHidden', 'portalHaveRead']
              : [key],
          )}
          fileName="forum-posts"
        />,
      ]}
    />
  );
}
