import { useCallback, useMemo } from 'react';
import { Button, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INVITATION_KIND_PATHS, type InvitationKindPath } from '@cmp/domain/invitations/invitation-codes';
import { type InviteListItem, InviteListQuerySchema } from '@cmp/domain/invitations/invitations';
import type { Query } from '../../api/client';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { accountName, InviteStatusTag } from './invitation-parts';
import { InvitationDrawer } from './InvitationDrawer';
import { invitationListName, useInvitationsApi } from './invitations-api';

/** URL keys of the list's kind and of the user whose invitations the drawer shows. */
const KIND = 'kind';
const OPEN = 'open';
const KINDS = Object.values(INVITATION_KIND_PATHS);
const kindOf = (raw: string | null): InvitationKindPath =>
  KINDS.find((kind) => kind === raw) ?? INVITATION_KIND_PATHS.register;

const FILTER_NAMES = ['inviterId', 'inviteeId', 'mobile'] as const;

/** The form's filter as the list and its export send it: typed text without its blanks. */
function toFilterQuery(params: SearchTableParams): Query {
  const query: Query = {};
  for (const name of FILTER_NAMES) {
    const value = params[name];
    if (typeof value === 'string' && value.trim() !== '') query[name] = value.trim();
  }
  if (params.sort) query.sort = params.sort;
  return query;
}

/**
 * The invite lists (marketing "Invitation"): register and car-purchase invitations, each with the spec's
 * filter (inviter, invitee, the invitee's mobile), newest first in pages of 20, an export, and a user's
 * record with the tree of those they invited in a drawer. The kind and the open user live in the URL.
 */
export default function InvitationListPage() {
  const { t } = useTranslation('invitations');
  const tenant = useStationsTenant();
  const api = useInvitationsApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = kindOf(searchParams.get(KIND));
  const openUser = searchParams.get(OPEN) ?? undefined;

  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setOpen = useCallback(
    (userId: string | undefined) =>
      change((next) => (userId === undefined ? next.delete(OPEN) : next.set(OPEN, userId))),
    [change],
  );
  const setKind = (next: InvitationKindPath) =>
    change((params) => {
      params.set(KIND, next);
      params.delete('pageNo');
      params.delete(OPEN);
    });

  const filters = useMemo<SearchFilter[]>(
    () => FILTER_NAMES.map((name) => ({ type: 'input', name, label: t(`filter.${name}`) })),
    [t],
  );

  const columns = useMemo<SearchTableColumn<InviteListItem>[]>(
    () => [
      {
        key: 'userId',
        title: t('field.userId'),
        width: 130,
        fixed: 'left',
        render: (i) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('list.openOf', { userId: i.userId })}
            onClick={() => setOpen(i.userId)}
          >
            {i.userId}
          </Button>
        ),
      },
      { key: 'invitee', title: t('field.invitee'), width: 130, render: (i) => accountName(i.account, '-') },
      { key: 'mobile', title: t('field.mobile'), width: 130, render: (i) => orDash(i.account?.mobile) },
      { key: 'inviterId', title: t('field.inviterId'), width: 130 },
      {
        key: 'inviter',
        title: t('field.inviter'),
        width: 130,
        render: (i) => accountName(i.inviterAccount, '-'),
      },
      {
        key: 'inviteStatus',
        title: t('field.inviteStatus'),
        width: 100,
        render: (i) => <InviteStatusTag kind={kind} status={i.inviteStatus} />,
      },
      { key: 'invitedCount', title: t('field.invitedCount'), width: 100, align: 'right' },
      {
        key: 'createTime',
        title: t('field.createTime'),
        sortable: true,
        width: 170,
        render: (i) => formatTime(i.createTime),
      },
      {
        key: 'updateTime',
        title: t('field.updateTime'),
        width: 170,
        hiddenByDefault: true,
        render: (i) => formatTime(i.updateTime),
      },
      { key: 'externalId', title: t('field.externalId'), width: 200, hiddenByDefault: true, ellipsis: true },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 80,
        fixed: 'right',
        render: (i) => (
          <Button type="link" size="small" onClick={() => setOpen(i.userId)}>
            {t('list.open')}
          </Button>
        ),
      },
    ],
    [t, kind, setOpen],
  );

  return (
    <>
      <SearchTable<InviteListItem>
        querySchema={InviteListQuerySchema}
        key={kind}
        persistKey={invitationListName(kind)}
        tenant={tenant}
        rowKey="invitationId"
        title={
          <Space size="middle">
            <Typography.Text strong>{t('list.title')}</Typography.Text>
            <Segmented<InvitationKindPath>
              value={kind}
              onChange={setKind}
              options={KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            />
          </Space>
        }
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          api.list(
            kind,
            { pageNo: params.pageNo, pageSize: params.pageSize, ...toFilterQuery(params) },
            signal,
          )
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/invitations/${kind}/export`}
            query={toFilterQuery(params)}
            columns={shown}
            fileName={`invitations-${kind}`}
          />,
        ]}
      />
      <InvitationDrawer kind={kind} userId={openUser} onClose={() => setOpen(undefined)} />
    </>
  );
}
