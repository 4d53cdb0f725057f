import { useState } from 'react';
import { Empty, Flex, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  DEFAULT_CHARGING_PATH_SORT,
  type ChargingPathListItem,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { chargingPathListPath, useChargingPathsTenant } from './charging-path-links';
import { chargingPathKeys, useChargingPathsApi } from './charging-paths-api';
import { usePathColumns } from './use-path-columns';

/**
 * An account's charging paths, newest first, each linking to its detail. The table keeps its page in its own
 * state: the account page's URL is the page's.
 */
export function AccountPaths({ accountId }: { accountId: string }) {
  const { t } = useTranslation('chargingPaths');
  const tenant = useChargingPathsTenant();
  const paths = useChargingPathsApi();
  const [pageNo, setPageNo] = useState(1);
  const columns = usePathColumns({ compact: true });

  const query = { accountId, pageNo, pageSize: DEFAULT_PAGE_SIZE, sort: DEFAULT_CHARGING_PATH_SORT };
  const list = useQuery({
    queryKey: chargingPathKeys.ofAccount(tenant, query),
    queryFn: ({ signal }) => paths.list(query, signal),
    placeholderData: keepPreviousData,
  });

  const tableColumns: TableColumnsType<ChargingPathListItem> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    ellipsis: column.ellipsis,
    render: (_: unknown, path: ChargingPathListItem, index: number) => column.render?.(path, index),
  }));

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Link to={chargingPathListPath(tenant, `?accountId=${encodeURIComponent(accountId)}`)}>
          {t('account.allOfAccount')}
        </Link>
      </Flex>
      {list.isError ? (
        <ErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<ChargingPathListItem>
          rowKey="pathId"
          size="middle"
          columns={tableColumns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: tableColumns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.empty')} />,
          }}
          pagination={{
            current: pageNo,
            pageSize: DEFAULT_PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
        />
      )}
    </Flex>
  );
}
