import { useState } from 'react';
import { Descriptions, Divider, Flex, List, Modal, Skeleton, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { RatingStars } from './comment-parts';
import { commentKeys, useCommentsApi } from './comments-api';

const ACCOUNT_COMMENTS_PAGE_SIZE = 5;

/**
 * What the portal knows of a commenter: the account as their latest comment brought it, their counts and
 * their comments, each of which opens in the drawer.
 */
export function CommenterAccountModal({
  accountId,
  onClose,
  onOpenComment,
}: {
  accountId: string | undefined;
  onClose: () => void;
  onOpenComment: (commentaryId: number) => void;
}) {
  const { t } = useTranslation('comments');
  return (
    <Modal
      open={accountId !== undefined}
      title={t('account.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {accountId !== undefined && (
        <AccountCard accountId={accountId} onOpenComment={(id) => (onOpenComment(id), onClose())} />
      )}
    </Modal>
  );
}

function AccountCard({
  accountId,
  onOpenComment,
}: {
  accountId: string;
  onOpenComment: (commentaryId: number) => void;
}) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const label = useEnumLabel();
  const [pageNo, setPageNo] = useState(1);
  const account = useQuery({
    queryKey: commentKeys.account(tenant, accountId),
    queryFn: ({ signal }) => comments.account(accountId, signal),
  });
  const request = { accountId, pageNo, pageSize: ACCOUNT_COMMENTS_PAGE_SIZE };
  const theirs = useQuery({
    queryKey: [...commentKeys.account(tenant, accountId), 'comments', pageNo],
    queryFn: ({ signal }) => comments.accountComments(request, signal),
    placeholderData: keepPreviousData,
  });

  if (account.isError) return <ErrorResult error={account.error} onRetry={() => void account.refetch()} />;
  if (account.isPending) return <Skeleton active />;
  const a = account.data;
  return (
    <Flex vertical gap={8}>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('field.userName')}>{orDash(a.userName)}</Descriptions.Item>
        <Descriptions.Item label={t('field.userNickname')}>{orDash(a.userNickname)}</Descriptions.Item>
        <Descriptions.Item label={t('field.userMobile')}>{orDash(a.userMobile)}</Descriptions.Item>
        <Descriptions.Item label={t('field.accountId')}>
          <Typography.Text copyable>{a.accountId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.userRole')}>
          {a.userRole ? label('userRole', a.userRole) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.client')}>{label('client', a.client)}</Descriptions.Item>
        <Descriptions.Item label={t('account.commentCount')}>{a.commentCount}</Descriptions.Item>
        <Descriptions.Item label={t('account.hiddenCount')}>{a.hiddenCount}</Descriptions.Item>
        <Descriptions.Item label={t('account.averageRating')} span={2}>
          <Flex gap={8} align="center">
            <RatingStars value={Math.round(a.averageRating * 2) / 2} />
            <span>{a.averageRating.toFixed(1)}</span>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.firstCommentTime')}>
          {formatTime(a.firstCommentTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.lastCommentTime')}>
          {formatTime(a.lastCommentTime)}
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
        {t('account.comments')}
      </Divider>
      {theirs.isError ? (
        <ErrorResult error={theirs.error} onRetry={() => void theirs.refetch()} />
      ) : (
        <List
          size="small"
          loading={theirs.isFetching}
          dataSource={theirs.data?.items ?? []}
          pagination={{
            current: pageNo,
            pageSize: ACCOUNT_COMMENTS_PAGE_SIZE,
            total: theirs.data?.total ?? 0,
            size: 'small',
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Typography.Link key="open" onClick={() => onOpenComment(c.commentaryId)}>
                  {t('list.view')}
                </Typography.Link>,
              ]}
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} align="center" wrap>
                  <RatingStars value={c.rating} />
                  <Typography.Text type="secondary">{formatTime(c.commentaryTime)}</Typography.Text>
                  <Typography.Text type="secondary">{c.resourceName}</Typography.Text>
                </Flex>
                <Typography.Text ellipsis>{c.commentaryText || t('field.noText')}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
