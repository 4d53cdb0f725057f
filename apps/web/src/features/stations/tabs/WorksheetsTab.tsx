import { useState } from 'react';
import { Button, Empty, Flex, Segmented, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type { Worksheet, WorksheetStatus } from '@cmp/domain/stations/worksheets';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { WorksheetCloseButton } from '../../worksheets/WorksheetCloseButton';
import { WorksheetCreateModal } from '../../worksheets/WorksheetCreateModal';
import { WorksheetStatusTag } from '../../worksheets/WorksheetStatusTag';
import { worksheetKeys, useWorksheetsApi } from '../../worksheets/worksheets-api';
import { formatTime } from '../../../components/format';
import { worksheetDetailPath, worksheetListPath } from '../../../app/screen-links';
import { useStationsTenant } from '../../../components/lookups';
import { useCanChange } from '../../../app/session/use-can-change';

type StatusChoice = WorksheetStatus | 'all';

/**
 * The station's worksheets, newest first, with create and close. A tab's table keeps its page in its own
 * state: the detail page's URL belongs to the page, and the full list with its filters is one link away.
 */
export function WorksheetsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('worksheets');
  const tenant = useStationsTenant();
  const worksheets = useWorksheetsApi();
  const [status, setStatus] = useState<StatusChoice>('all');
  const canChange = useCanChange();
  const [pageNo, setPageNo] = useState(1);
  const [creating, setCreating] = useState(false);

  const listQuery = {
    resourceId,
    status: status === 'all' ? undefined : status,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: 'worksheetId:desc',
  };
  const query = useQuery({
    queryKey: worksheetKeys.ofStation(tenant, listQuery),
    queryFn: ({ signal }) => worksheets.list(listQuery, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Worksheet> = [
    {
      key: 'worksheetId',
      title: t('field.worksheetId'),
      width: 110,
      render: (_, w) => <Link to={worksheetDetailPath(tenant, w.worksheetId)}>{w.worksheetId}</Link>,
    },
    {
      key: 'title',
      title: t('field.title'),
      ellipsis: true,
      render: (_, w) => <Link to={worksheetDetailPath(tenant, w.worksheetId)}>{w.title}</Link>,
    },
    {
      key: 'status',
      title: t('field.status'),
      width: 100,
      render: (_, w) => <WorksheetStatusTag status={w.status} />,
    },
    { key: 'creatorName', dataIndex: 'creatorName', title: t('field.creatorName'), width: 140 },
    {
      key: 'createTime',
      title: t('field.createTime'),
      width: 180,
      render: (_, w) => formatTime(w.createTime),
    },
    {
      key: 'closeTime',
      title: t('field.closeTime'),
      width: 180,
      render: (_, w) => formatTime(w.closeTime),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 90,
      render: (_, w) => <WorksheetCloseButton worksheet={w} variant="link" />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented<StatusChoice>
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNo(1);
          }}
          options={[
            { value: 'all', label: t('tab.all') },
            { value: 'open', label: t('status.open') },
            { value: 'closed', label: t('status.closed') },
          ]}
        />
        <Flex gap={8} align="center">
          <Link to={worksheetListPath(tenant, `?resourceId=${encodeURIComponent(resourceId)}`)}>
            {t('tab.allOfStation')}
          </Link>
          {canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('list.create')}
            </Button>
          )}
        </Flex>
      </Flex>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Worksheet>
          rowKey="worksheetId"
          size="middle"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tab.empty')} /> }}
          pagination={{
            current: pageNo,
            pageSize: DEFAULT_PAGE_SIZE,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
        />
      )}
      <WorksheetCreateModal open={creating} resourceId={resourceId} onClose={() => setCreating(false)} />
    </Flex>
  );
}
