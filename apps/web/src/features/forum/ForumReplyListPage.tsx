import { useMemo } from 'react';
import { App, Button, Flex, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ForumReplyListQuerySchema,
  type ForumAccount,
  type ForumReply,
} from '@cmp/domain/forum/forum-contracts';
import type { Query } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { FORUM, FORUM_REPLY_LIST, useForumApi } from './forum-api';
import { forumPostDetailPath } from './forum-links';
import { MarkedText, WordTags } from './MarkedText';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = (value: unknown, values: readonly number[]): number | undefined =>
  values.includes(Number(value)) && value !== '' && value !== null ? Number(value) : undefined;
const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};
const time = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The search form's values as the reply filter (spec M3.6.8), only what is set. */
export function toReplyFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    replyContent: text(params.replyContent),
    postId: positive(params.postId),
    replyId: positive(params.replyId),
    replyLevel: oneOf(params.replyLevel, [1, 2]),
    replyFromMobile: text(params.replyFromMobile),
    replyToMobile: text(params.replyToMobile),
    publicTimeStart: time(params.publicTimeStart),
    publicTimeEnd: time(params.publicTimeEnd),
    selfPrivate: oneOf(params.selfPrivate, [0, 1]),
    portalHidden: oneOf(params.portalHidden, [0, 1]),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

function Who({ account }: { account: ForumAccount | null }) {
  if (!account) return <>-</>;
  return (
    <Flex vertical>
      <span>{account.nickname ?? account.accountId}</span>
      <Typography.Text type="secondary">{orDash(account.mobile)}</Typography.Text>
    </Flex>
  );
}

/**
 * Forum replies (spec M2.8, M3.6.6–M3.6.8, §7 reply-list, hide-reply): every filter of the spec, the
 * sensitive words highlighted, hiding and showing one reply or a selection, each asked for first; export.
 */
export default function ForumReplyListPage() {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const canChange = useCanChange();
  const { message, modal } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();

  const hide = (replyIds: number[], flag: 0 | 1, done?: () => void) => {
    const action = flag === 1 ? t('reply.hide') : t('reply.show');
    modal.confirm({
      title: t('confirm.replyTitle', { action, count: replyIds.length }),
      content: t('confirm.content'),
      okText: action,
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: flag === 1 },
      onOk: async () => {
        try {
          const result = await forum.hideReplies(replyIds, flag);
          void message.success(t('confirm.bulkDone', result));
          done?.();
        } catch (error) {
          void message.error(describe(error));
        }
        await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, FORUM_REPLY_LIST) });
      },
    });
  };

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'replyContent', label: t('field.replyContent') },
      { type: 'input', name: 'postId', label: t('field.postId') },
      { type: 'input', name: 'replyId', label: t('field.replyId') },
      {
        type: 'select',
        name: 'replyLevel',
        label: t('field.replyLevel'),
        options: [1, 2].map((value) => ({ value, label: t(`replyLevel.${value}`) })),
      },
      { type: 'input', name: 'replyFromMobile', label: t('field.replyFromMobile') },
      { type: 'input', name: 'replyToMobile', label: t('field.replyToMobile') },
      {
        type: 'datetimeRange',
        name: 'publicTime',
        label: t('field.replyTime'),
        names: ['publicTimeStart', 'publicTimeEnd'],
      },
      {
        type: 'select',
        name: 'selfPrivate',
        label: t('field.selfPrivate'),
        options: [1, 0].map((value) => ({ value, label: t(`flag.${value}`) })),
      },
      {
        type: 'select',
        name: 'portalHidden',
        label: t('field.portalHidden'),
        options: [1, 0].map((value) => ({ value, label: t(`portalHidden.${value}`) })),
      },
    ],
    [t],
  );

  const columns = useMemo<SearchTableColumn<ForumReply>[]>(
    () => [
      { key: 'replyId', title: t('field.replyId'), width: 100, fixed: 'left', render: (r) => r.replyId },
      {
        key: 'postId',
        title: t('field.postId'),
        width: 100,
        render: (r) => <Link to={forumPostDetailPath(tenant, r.postId)}>{r.postId}</Link>,
      },
      {
        key: 'replyLevel',
        title: t('field.replyLevel'),
        width: 100,
        render: (r) => t(`replyLevel.${r.replyLevel}`),
      },
      {
        key: 'replyContent',
        title: t('field.replyContent'),
        width: 300,
        render: (r) => (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            <MarkedText text={r.replyContent} words={r.illegalWordArr} />
          </Typography.Paragraph>
        ),
      },
      {
        key: 'fromAccount',
        title: t('field.fromAccount'),
        width: 160,
        render: (r) => <Who account={r.fromAccount} />,
      },
      {
        key: 'toAccount',
        title: t('field.toAccount'),
        width: 160,
        render: (r) => <Who account={r.toAccount} />,
      },
      {
        key: 'illegalWords',
        title: t('field.illegalWords'),
        width: 150,
        render: (r) => <WordTags words={r.illegalWordArr} />,
      },
      {
        key: 'portalHidden',
        title: t('field.portalHidden'),
        width: 100,
        render: (r) => t(`portalHidden.${r.portalHidden}`),
      },
      {
        key: 'selfPrivate',
        title: t('field.selfPrivate'),
        width: 100,
        render: (r) => t(`flag.${r.selfPrivate}`),
      },
      {
        key: 'reply_time',
        title: t('field.replyTime'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.replyTime),
      },
      ...(canChange
        ? [
            {
              key: 'operation',
              title: '',
              width: 110,
              fixed: 'right' as const,
              render: (r: ForumReply) =>
                r.portalHidden === 1 ? (
                  <Button size="small" onClick={() => hide([r.replyId], 0)}>
                    {t('reply.show')}
                  </Button>
                ) : (
                  <Button size="small" danger onClick={() => hide([r.replyId], 1)}>
                    {t('reply.hide')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    // `hide` reads only stable values from its closure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, tenant, canChange],
  );

  return (
    <SearchTable<ForumReply>
      querySchema={ForumReplyListQuerySchema}
      persistKey={FORUM_REPLY_LIST}
      tenant={tenant}
      rowKey="replyId"
      title={t('list.repliesTitle')}
      columns={columns}
      filters={filters}
      empty={t('list.emptyReplies')}
      rowSelection={canChange ? 'multiple' : undefined}
      selectionActions={({ keys, clear }) => (
        <Space>
          <Button danger onClick={() => hide(keys.map(Number), 1, clear)}>
            {t('reply.hideSelected')}
          </Button>
          <Button onClick={() => hide(keys.map(Number), 0, clear)}>{t('reply.showSelected')}</Button>
        </Space>
      )}
      request={(params, { signal }) =>
        forum.replies({ pageNo: params.pageNo, pageSize: params.pageSize, ...toReplyFilter(params) }, signal)
      }
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${FORUM}/replies/export`}
          query={toReplyFilter(params)}
          columns={shown.filter((key) => key !== 'operation')}
          fileName="forum-replies"
        />,
      ]}
    />
  );
}
