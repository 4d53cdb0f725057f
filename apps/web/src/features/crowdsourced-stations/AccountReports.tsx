import { useState } from 'react';
import { Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type {
  CrowdsourcedListRequest,
  CrowdsourcedStation,
} from '@cmp/domain/stations/crowdsourced-stations';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PagedTable } from '../../components';
import { useStationsTenant } from '../stations/shared/lookups';
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
  const [pageNo, setPageNo] = useState(1);
  const columns = useReportColumns('account');

  const request: CrowdsourcedListRequest = {
    creatorAccountId,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: REPORT_LIST_SORT,
  };
  const list = useQuery({
    queryKey: crowdsourcedKeys.ofAccount(tenant, request),
    queryFn: ({ signal }) => reports.search(request, signal),
    placeholderData: keepPreviousData,
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
