import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PointRecordListQuerySchema, type PointRecord } from '@cmp/domain/rewards/reward-record-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { ReissueDialog, type ReissueTarget } from './ReissueDialog';
import { toPointRecordFilter, withPage } from './reward-list-queries';
import { REWARD_LISTS, REWARD_PATHS, useRewardsApi } from './rewards-api';
import { POINT_RECORD_LAYOUT, useRewardRecordColumns } from './use-reward-record-columns';
import { POINT_RECORD_FILTERS, useRewardRecordFilters } from './use-reward-record-filters';

/**
 * The brand points users were given by activities (spec M3.4): to whom, at which station, how many and how
 * it went; operators reissue a failed record.
 */
export default function PointRecordListPage() {
  const { t } = useTranslation('rewards');
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  const canChange = useCanChange();
  const [reissuing, setReissuing] = useState<ReissueTarget>();
  const columns = useRewardRecordColumns(POINT_RECORD_LAYOUT, canChange ? setReissuing : undefined);
  const filters = useRewardRecordFilters(POINT_RECORD_FILTERS);

  return (
    <>
      <SearchTable<PointRecord>
        querySchema={PointRecordListQuerySchema}
        persistKey={REWARD_LISTS.pointRecords}
        tenant={tenant}
        rowKey="recordId"
        title={t('points.title')}
        columns={columns}
        filters={filters}
        empty={t('points.empty')}
        request={(params, { signal }) =>
          rewards.pointRecords(withPage(params, toPointRecordFilter(params)), signal)
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${REWARD_PATHS.pointRecords}/export`}
            query={toPointRecordFilter(params)}
            columns={shown}
            fileName="point-records"
          />,
        ]}
      />
      {reissuing && (
        <ReissueDialog
          target={reissuing}
          list={REWARD_LISTS.pointRecords}
          onClose={() => setReissuing(undefined)}
        />
      )}
    </>
  );
}
