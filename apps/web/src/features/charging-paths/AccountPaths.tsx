import { useState } from 'react';
import { Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  DEFAULT_CHARGING_PATH_SORT,
  type ChargingPathListItem,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PagedTable } from '../../components';
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

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Link to={chargingPathListPath(tenant, `?accountId=${encodeURIComponent(accountId)}`)}>
          {t('account.allOfAccount')}
        </Link>
      </Flex>
      <PagedTable<ChargingPathListItem>
        rowKey="pathId"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={setPageNo}
        empty={t('account.empty')}
        failure={list.isError && <ErrorResult error={list.error} onRetry={() => void list.refetch()} />}
      />
    </Flex>
  );
}
