import { Descriptions, Divider, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvitationKindPath } from '@cmp/domain/invitations/invitation-codes';
import type { InviteAccount } from '@cmp/domain/invitations/invitations';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { accountPagePath } from '../relations/relation-links';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { accountName, InviteStatusTag } from './invitation-parts';
import { invitationKeys, useInvitationsApi } from './invitations-api';
import { InviteTree } from './InviteTree';

/** A user by name and id, linked to their account page once the accounts area has one. */
function UserLink({ account, accountId }: { account: InviteAccount | null; accountId: string }) {
  const tenant = useStationsTenant();
  const path = accountPagePath(tenant, accountId);
  const name = accountName(account, accountId);
  const text = name === accountId ? accountId : `${name}（${accountId}）`;
  return path ? <Link to={path}>{text}</Link> : <Typography.Text>{text}</Typography.Text>;
}

/**
 * A user's invitations of one kind (the spec's invite record): their account, who invited them, the
 * invitation's status and time, how many they invited, and the tree of those they invited.
 */
export function InvitationRecord({ kind, userId }: { kind: InvitationKindPath; userId: string }) {
  const { t } = useTranslation('invitations');
  const tenant = useStationsTenant();
  const api = useInvitationsApi();
  const query = useQuery({
    queryKey: invitationKeys.record(tenant, kind, userId),
    queryFn: ({ signal }) => api.record(kind, userId, signal),
  });

  if (query.isPending) return <Skeleton active />;
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('record.notFound')} />
    ) : (
      <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const record = query.data;
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('record.account')}>
          <UserLink account={record.account} accountId={record.userId} />
          {record.account ? (
            record.account.mobile && (
              <Typography.Text type="secondary"> · {record.account.mobile}</Typography.Text>
            )
          ) : (
            <Typography.Text type="secondary"> · {t('record.noAccount')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('record.invitedBy')}>
          {record.inviterId === null ? (
            t('record.nobody')
          ) : (
            <UserLink account={record.inviterAccount} accountId={record.inviterId} />
          )}
        </Descriptions.Item>
        {record.inviterId !== null && (
          <>
            <Descriptions.Item label={t('record.status')}>
              <InviteStatusTag kind={kind} status={record.inviteStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('record.invitedAt')}>
              {orDash(formatTime(record.createTime))}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('record.invitedCount')}>
          {t('record.people', { count: record.invitedCount })}
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('tree.title')}</Divider>
      <InviteTree kind={kind} accountId={record.userId} />
    </>
  );
}
