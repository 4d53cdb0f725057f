import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type {
  CrowdsourcedListRequest,
  CrowdsourcedStation,
} from '@cmp/domain/stations/crowdsourced-stations';
import { PagedTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { crowdsourcedKeys, useCrowdsourcedApi } from './crowdsourced-api';
import { reportListPath } from './report-links';
import { REPORT_LIST_SORT } from './report-list-query';
import { useReportColumns } from './use-report-columns';

/**
 * The stations an account reported, newest first, each opening its review page. The table keeps its page
 * in its own state: the account page's URL is the page's.
 */
export function AccountReports({ creatorAccountId }: { creatorAccountId: string }) {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const reports = useCrowdsourcedApi();
  const columns = useReportColumns('account');
  const request = (pageNo: number): CrowdsourcedListRequest => ({
    creatorAccountId,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: REPORT_LIST_SORT,
  });

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Link to={reportListPath(tenant, `?creatorAccountId=${encodeURIComponent(creatorAccountId)}`)}>
          {t('account.allOfAccount')}
        </Link>
      </Flex>
      <PagedTable<CrowdsourcedStation>
        rowKey="objectId"
        columns={columns}
        queryKey={(pageNo) => crowdsourcedKeys.ofAccount(tenant, request(pageNo))}
        load={(pageNo, signal) => reports.search(request(pageNo), signal)}
        empty={t('account.empty')}
      />
    </Flex>
  );
}
