import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CHAT_CLIENTS } from '@cmp/domain/chats/chat-clients';
import { GROUP_STATES, GroupChatListQuerySchema, type GroupChat } from '@cmp/domain/chats/group-chats';
import type { Query } from '../../api/client';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { groupChatDetailPath } from './group-chat-links';
import { GROUP_CHAT_LIST, GROUP_CHATS, useGroupChatsApi } from './group-chats-api';
import { GroupChatStatusTag } from './GroupChatStatusTag';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = <T extends string | number>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** The search form's values as the group chat filter (spec M3.7.3), only what is set; always with the detail. */
export function toGroupChatFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    clientCode: oneOf(CHAT_CLIENTS, params.clientCode),
    resourceId: text(params.resourceId),
    chatSwitch: oneOf([0, 1], params.chatSwitch),
    chatId: text(params.chatId),
    owner: text(params.owner),
    chatStatus: oneOf(GROUP_STATES, params.chatStatus),
    needChatInfoDetail: 'true',
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** Group chats (spec M2.9, M3.7): a station's group per client, filtered as the spec's filter, with export. */
export default function GroupChatListPage() {
  const { t } = useTranslation('groupChats');
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'select',
        name: 'clientCode',
        label: t('field.clientCode'),
        options: CHAT_CLIENTS.map((c) => ({ value: c, label: label('chatClient', c) })),
      },
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
      {
        type: 'select',
        name: 'chatSwitch',
        label: t('field.chatSwitch'),
        options: [
          { value: 1, label: t('switch.on') },
          { value: 0, label: t('switch.off') },
        ],
      },
      {
        type: 'select',
        name: 'chatStatus',
        label: t('field.chatStatus'),
        options: GROUP_STATES.map((s) => ({ value: s, label: label('chatStatus', s) })),
      },
      { type: 'input', name: 'chatId', label: t('field.chatId') },
      { type: 'input', name: 'owner', label: t('field.owner'), placeholder: t('list.accountId') },
    ],
    [t, label],
  );

  const columns = useMemo<SearchTableColumn<GroupChat>[]>(
    () => [
      {
        key: 'id',
        title: t('field.id'),
        width: 90,
        fixed: 'left',
        sortable: true,
        render: (g) => <Link to={groupChatDetailPath(tenant, g.id)}>{g.id}</Link>,
      },
      {
        key: 'groupName',
        title: t('field.groupName'),
        width: 200,
        ellipsis: true,
        render: (g) => g.groupName,
      },
      {
        key: 'station',
        title: t('field.station'),
        width: 200,
        ellipsis: true,
        render: (g) => g.resourceName ?? g.resourceId,
      },
      {
        key: 'clientCode',
        title: t('field.clientCode'),
        width: 170,
        render: (g) => label('chatClient', g.clientCode),
      },
      {
        key: 'chatSwitch',
        title: t('field.chatSwitch'),
        width: 100,
        render: (g) =>
          g.chatSwitch === 1 ? <Tag color="blue">{t('switch.on')}</Tag> : <Tag>{t('switch.off')}</Tag>,
      },
      { key: 'chatId', title: t('field.chatId'), width: 200, ellipsis: true, render: (g) => g.chatId },
      {
        key: 'owner',
        title: t('field.owner'),
        width: 160,
        ellipsis: true,
        render: (g) => (g.ownerNickname ? `${g.ownerNickname} (${g.owner})` : g.owner),
      },
      {
        key: 'chatStatus',
        title: t('field.chatStatus'),
        width: 110,
        render: (g) => (g.detail ? <GroupChatStatusTag status={g.detail.chatStatus} /> : '-'),
      },
      {
        key: 'memberNum',
        title: t('field.memberNum'),
        width: 110,
        align: 'right',
        render: (g) => (g.detail ? `${g.detail.memberNum} / ${g.detail.maxMemberNum}` : '-'),
      },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        width: 170,
        sortable: true,
        render: (g) => formatTime(g.createdAt),
      },
    ],
    [t, label, tenant],
  );

  return (
    <SearchTable<GroupChat>
      querySchema={GroupChatListQuerySchema}
      persistKey={GROUP_CHAT_LIST}
      tenant={tenant}
      rowKey="id"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        groups.list(
          { pageNo: params.pageNo, pageSize: params.pageSize, ...toGroupChatFilter(params) },
          signal,
        )
      }
      actions={({ params, columns: shown }) => [
        ...(canChange
          ? [
              <Button
                key="create"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(groupChatDetailPath(tenant))}
              >
                {t('list.create')}
              </Button>,
            ]
          : []),
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${GROUP_CHATS}/export`}
          query={toGroupChatFilter(params)}
          // The screen shows members and maximum in one column; the file has one each.
          columns={shown.flatMap((key) => (key === 'memberNum' ? ['memberNum', 'maxMemberNum'] : [key]))}
          fileName="group-chats"
        />,
      ]}
    />
  );
}
