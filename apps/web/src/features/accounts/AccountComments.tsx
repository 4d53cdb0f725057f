import { useState } from 'react';
import { Empty, Flex, List, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { commentListPath, OPEN_COMMENT } from '../comments/comment-links';
import { CommentStateTag, RatingStars } from '../comments/comment-parts';
import { commentKeys, useCommentsApi } from '../comments/comments-api';
import { formatTime } from '../../components/format';
import { useAccountsTenant } from './account-links';

const PAGE_SIZE = 10;

/** What the user wrote about stations (POST /comments/account), newest first; each opens in the comment list. */
export function AccountComments({ accountId }: { accountId: string }) {
  const { t } = useTranslation('accounts');
  const tenant = useAccountsTenant();
  const comments = useCommentsApi();
  const [pageNo, setPageNo] = useState(1);
  const theirs = useQuery({
    queryKey: [...commentKeys.account(tenant, accountId), 'comments', pageNo, PAGE_SIZE],
    queryFn: ({ signal }) => comments.accountComments({ accountId, pageNo, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  if (theirs.isError) return <ErrorResult error={theirs.error} onRetry={() => void theirs.refetch()} />;
  return (
    <List
      size="small"
      loading={theirs.isFetching}
      dataSource={theirs.data?.items ?? []}
      locale={{ emptyText: theirs.isPending ? ' ' : <Empty description={t('comments.empty')} /> }}
      pagination={{
        current: pageNo,
        pageSize: PAGE_SIZE,
        total: theirs.data?.total ?? 0,
        size: 'small',
        hideOnSinglePage: true,
        onChange: setPageNo,
      }}
      renderItem={(c) => (
        <List.Item
          actions={[
            <Link key="open" to={commentListPath(tenant, `?${OPEN_COMMENT}=${c.commentaryId}`)}>
              {t('comments.open')}
            </Link>,
          ]}
        >
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex gap={8} align="center" wrap>
              <RatingStars value={c.rating} />
              <Typography.Text type="secondary">{formatTime(c.commentaryTime)}</Typography.Text>
              <Typography.Text type="secondary">{c.resourceName}</Typography.Text>
              <CommentStateTag state={c.state} />
            </Flex>
            <Typography.Text ellipsis>{c.commentaryText || t('comments.noText')}</Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
