import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  DEFAULT_CHARGING_PATH_SORT,
  type ChargingPathListItem,
} from '@cmp/domain/charging-paths/charging-path-contracts';
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
  const columns = usePathColumns({ compact: true });
  const query = (pageNo: number) => ({
    accountId,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_CHARGING_PATH_SORT,
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
        queryKey={(pageNo) => chargingPathKeys.ofAccount(tenant, query(pageNo))}
        load={(pageNo, signal) => paths.list(query(pageNo), signal)}
        empty={t('account.empty')}
      />
    </Flex>
  );
}
