import { useState } from 'react';
import { DatePicker, Empty, Flex, Segmented, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { findArea } from '../../app/areas';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { tenantPath } from '../../app/paths';
import { useStationsTenant } from '../../components/lookups';
import {
  FOLLOW_MS,
  isUnfinished,
  remoteOperationKeys,
  useRemoteOperationsApi,
} from './remote-operations-api';
import { DEFAULT_STATUS_CHOICE, statusParam, type StatusChoice } from './remote-operation-list-query';
import { useRemoteOperationColumns } from './use-remote-operation-columns';
import { useStatusChoiceOptions } from './use-status-choice-options';

/**
 * The remote operations of a station, newest first, the unfinished ones by default (spec '0,3'). While any
 * shown operation is unfinished the page is read again every 2 s, so a log follows its charger to the end.
 */
export function RemoteOperationsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const statusOptions = useStatusChoiceOptions();
  const columns = useRemoteOperationColumns({ withStation: false });
  const [status, setStatus] = useState<StatusChoice>(DEFAULT_STATUS_CHOICE);
  const [range, setRange] = useState<[number, number]>();
  const [pageNo, setPageNo] = useState(1);

  const listQuery = {
    resource_id: resourceId,
    status: statusParam(status),
    create_time_begin: range?.[0],
    create_time_end: range?.[1],
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const query = useQuery({
    queryKey: remoteOperationKeys.ofStation(tenant, listQuery),
    queryFn: ({ signal }) => operations.list(listQuery, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.items.some(isUnfinished) ? FOLLOW_MS : false),
  });

  const tableColumns: TableColumnsType<RemoteOperationLog> = columns
    .filter((column) => !column.hiddenByDefault)
    .map((column) => ({
      key: column.key,
      title: column.title,
      width: column.width,
      ellipsis: column.ellipsis,
      render: (_: unknown, log: RemoteOperationLog, index: number) => column.render?.(log, index),
    }));
  const listPath = tenantPath(
    tenant,
    `${findArea('remoteOperations')?.path ?? ''}?resource_id=${encodeURIComponent(resourceId)}`,
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex wrap gap={12} align="center">
          <Segmented<StatusChoice>
            aria-label={t('filter.status')}
            value={status}
            options={statusOptions}
            onChange={(next) => {
              setStatus(next);
              setPageNo(1);
            }}
          />
          <DatePicker.RangePicker
            aria-label={t('filter.createTime')}
            placeholder={[t('components:searchTable.startTime'), t('components:searchTable.endTime')]}
            showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
            value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
            onChange={(picked) => {
              const [start, end] = picked ?? [];
              setRange(
                start && end ? [start.millisecond(0).valueOf(), end.millisecond(999).valueOf()] : undefined,
              );
              setPageNo(1);
            }}
          />
        </Flex>
        <Link to={listPath}>{t('tab.allOfStation')}</Link>
      </Flex>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<RemoteOperationLog>
          rowKey="remoteOperationLogId"
          size="middle"
          columns={tableColumns}
          dataSource={query.data?.items ?? []}
          // Only the first load spins: the reads that follow a running operation replace rows in place.
          loading={query.isPending}
          scroll={{ x: tableColumns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
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
    </Flex>
  );
}
