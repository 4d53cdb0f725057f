import { useMemo, useState } from 'react';
import { NotificationOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import {
  PUSH_BATCH_STATUSES,
  PushBatchListQuerySchema,
  type PushBatch,
} from '@cmp/domain/push-messages/push-messages';
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
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { NotificationDialog } from './NotificationDialog';
import { pushBatchDetailPath } from './push-message-links';
import { PUSH_BATCH_LIST, PUSH_BATCHES, usePushMessagesApi } from './push-messages-api';
import { PushBatchStatusTag } from './PushStatusTag';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
const positive = (value: unknown): number | undefined => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};
/** The search form's values as the push batch filter (spec batchList), only what is set. */
export function toPushBatchFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    batchId: positive(params.batchId),
    title: text(params.title),
    status: oneOf(PUSH_BATCH_STATUSES, params.status),
    targetClient: oneOf(CLIENT_CODES, params.targetClient),
    createdFrom: typeof params.createdFrom === 'number' ? params.createdFrom : undefined,
    createdTo: typeof params.createdTo === 'number' ? params.createdTo : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** Push batches (spec M2.10, batchList): filtered, exported, opened, and a single notification sent. */
export default function PushBatchListPage() {
  const { t } = useTranslation('pushMessages');
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const [notifying, setNotifying] = useState(false);

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'title', label: t('field.title') },
      {
        type: 'select',
        name: 'status',
        label: t('field.status'),
        options: PUSH_BATCH_STATUSES.map((s) => ({ value: s, label: label('pushBatchStatus', s) })),
      },
      {
        type: 'select',
        name: 'targetClient',
        label: t('field.targetClients'),
        options: CLIENT_CODES.map((c) => ({ value: c, label: label('client', c) })),
      },
      { type: 'input', name: 'batchId', label: t('field.batchId') },
      {
        type: 'datetimeRange',
        name: 'created',
        label: t('field.createdAt'),
        names: ['createdFrom', 'createdTo'],
      },
    ],
    [t, label],
  );

  const columns = useMemo<SearchTableColumn<PushBatch>[]>(
    () => [
      {
        key: 'batchId',
        title: t('field.batchId'),
        width: 90,
        fixed: 'left',
        sortable: true,
        render: (b) => <Link to={pushBatchDetailPath(tenant, b.batchId)}>{b.batchId}</Link>,
      },
      { key: 'title', title: t('field.title'), width: 200, ellipsis: true, render: (b) => b.title },
      {
        key: 'targetClients',
        title: t('field.targetClients'),
        width: 220,
        ellipsis: true,
        render: (b) => b.targetClients.map((c) => label('client', c)).join('、'),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (b) => <PushBatchStatusTag status={b.status} />,
      },
      {
        key: 'recipients',
        title: t('field.recipients'),
        width: 110,
        align: 'right',
        render: (b) => b.recipients,
      },
      {
        key: 'pushAt',
        title: t('field.pushAt'),
        width: 170,
        sortable: true,
        render: (b) => (b.pushAt === null ? '-' : formatTime(b.pushAt)),
      },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        width: 170,
        sortable: true,
        render: (b) => formatTime(b.createdAt),
      },
      { key: 'creator', title: t('field.creator'), width: 120, render: (b) => orDash(b.creator) },
    ],
    [t, label, tenant],
  );

  return (
    <>
      <SearchTable<PushBatch>
        querySchema={PushBatchListQuerySchema}
        persistKey={PUSH_BATCH_LIST}
        tenant={tenant}
        rowKey="batchId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          batches.list(
            { pageNo: params.pageNo, pageSize: params.pageSize, ...toPushBatchFilter(params) },
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
                  onClick={() => void navigate(pushBatchDetailPath(tenant))}
                >
                  {t('list.create')}
                </Button>,
                <Button key="notify" icon={<NotificationOutlined />} onClick={() => setNotifying(true)}>
                  {t('notification.open')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${PUSH_BATCHES}/export`}
            query={toPushBatchFilter(params)}
            columns={shown}
            fileName="push-batches"
          />,
        ]}
      />
      <NotificationDialog open={notifying} onClose={() => setNotifying(false)} />
    </>
  );
}
