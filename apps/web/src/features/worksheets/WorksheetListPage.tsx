import { useMemo, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  WORKSHEET_STATUSES,
  type Worksheet,
  type WorksheetStatus,
  WorksheetListQuerySchema,
} from '@cmp/domain/stations/worksheets';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime } from '../../components/format';
import { stationDetailPath, worksheetDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import { WorksheetCloseButton } from './WorksheetCloseButton';
import { WorksheetCreateModal } from './WorksheetCreateModal';
import { WorksheetStatusTag } from './WorksheetStatusTag';
import { WORKSHEET_LIST, useWorksheetsApi } from './worksheets-api';
import { useCanChange } from '../../app/session/use-can-change';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const isStatus = (value: unknown): value is WorksheetStatus =>
  (WORKSHEET_STATUSES as readonly unknown[]).includes(value);

/** The list's filter and order from the search form: what the list and its export send. */
const worksheetQuery = (params: SearchTableParams) => ({
  sort: params.sort,
  resourceId: text(params.resourceId),
  status: isStatus(params.status) ? params.status : undefined,
  keyword: text(params.keyword),
});

/** Every worksheet of the network, newest first, by station, status and words of its title. */
export default function WorksheetListPage() {
  const { t } = useTranslation('worksheets');
  const canChange = useCanChange();
  const tenant = useStationsTenant();
  const worksheets = useWorksheetsApi();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
      {
        type: 'select',
        name: 'status',
        label: t('field.status'),
        options: WORKSHEET_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      },
      { type: 'input', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.keywordHint') },
    ],
    [t],
  );

  const columns = useMemo<SearchTableColumn<Worksheet>[]>(
    () => [
      {
        key: 'worksheetId',
        title: t('field.worksheetId'),
        sortable: true,
        width: 120,
        fixed: 'left',
        render: (w) => <Link to={worksheetDetailPath(tenant, w.worksheetId)}>{w.worksheetId}</Link>,
      },
      {
        key: 'title',
        title: t('field.title'),
        width: 220,
        ellipsis: true,
        render: (w) => <Link to={worksheetDetailPath(tenant, w.worksheetId)}>{w.title}</Link>,
      },
      {
        key: 'station',
        title: t('field.station'),
        width: 260,
        // One line a row: a long name is cut, the whole name and the id in its tooltip.
        render: (w) => (
          <Typography.Text ellipsis={{ tooltip: `${w.resourceName} · ${w.resourceId}` }}>
            <Link to={stationDetailPath(tenant, w.resourceType, w.resourceId)}>{w.resourceName}</Link>
          </Typography.Text>
        ),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 90,
        render: (w) => <WorksheetStatusTag status={w.status} />,
      },
      { key: 'creatorName', title: t('field.creatorName'), width: 120, ellipsis: true },
      {
        key: 'createTime',
        title: t('field.createTime'),
        sortable: true,
        width: 170,
        render: (w) => formatTime(w.createTime),
      },
      {
        key: 'updateTime',
        title: t('field.updateTime'),
        sortable: true,
        width: 170,
        hiddenByDefault: true,
        render: (w) => formatTime(w.updateTime),
      },
      {
        key: 'closeTime',
        title: t('field.closeTime'),
        width: 170,
        render: (w) => formatTime(w.closeTime),
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 120,
        fixed: 'right',
        render: (w) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(worksheetDetailPath(tenant, w.worksheetId))}
            >
              {t('list.view')}
            </Button>
            <WorksheetCloseButton worksheet={w} variant="link" />
          </Space>
        ),
      },
    ],
    [t, tenant, navigate],
  );

  return (
    <>
      <SearchTable<Worksheet>
        querySchema={WorksheetListQuerySchema}
        persistKey={WORKSHEET_LIST}
        tenant={tenant}
        rowKey="worksheetId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          worksheets.list(
            { pageNo: params.pageNo, pageSize: params.pageSize, ...worksheetQuery(params) },
            signal,
          )
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/worksheets/export`}
            query={worksheetQuery(params)}
            columns={shown}
            fileName="worksheets"
          />,
          ...(canChange
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('list.create')}
                </Button>,
              ]
            : []),
        ]}
      />
      <WorksheetCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => void navigate(worksheetDetailPath(tenant, created.worksheetId))}
      />
    </>
  );
}
