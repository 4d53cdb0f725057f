import { useTranslation } from 'react-i18next';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import { SearchTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { CROWDSOURCED_QUEUE, useCrowdsourcedApi } from './crowdsourced-api';
import { useReportFilters } from './report-filters';
import { toReviewQueueRequest } from './report-list-query';
import { useReportColumns } from './use-report-columns';
import { CrowdsourcedListQuerySchema } from '@cmp/domain/stations/crowdsourced-stations';

/**
 * The review queue: the reports still pending, oldest first, each a click away from its review page. A few
 * filters let a reviewer take a source, a place, blind spots or suspected duplicates first.
 */
export default function ReviewQueuePage() {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const reports = useCrowdsourcedApi();
  const columns = useReportColumns('queue');
  const filters = useReportFilters('queue');

  return (
    <SearchTable<CrowdsourcedStation>
      querySchema={CrowdsourcedListQuerySchema}
      persistKey={CROWDSOURCED_QUEUE}
      tenant={tenant}
      rowKey="objectId"
      title={t('queue.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => reports.search(toReviewQueueRequest(params), signal)}
      empty={t('queue.empty')}
    />
  );
}
