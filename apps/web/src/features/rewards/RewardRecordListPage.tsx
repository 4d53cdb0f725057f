import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewardRecordListQuerySchema, type PointRecord } from '@cmp/domain/rewards/reward-record-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { ReissueDialog, type ReissueTarget } from './ReissueDialog';
import { toRewardRecordFilter, withPage } from './reward-list-queries';
import { REWARD_LISTS, REWARD_PATHS, useRewardsApi } from './rewards-api';
import { REWARD_RECORD_LAYOUT, useRewardRecordColumns } from './use-reward-record-columns';
import { REWARD_RECORD_FILTERS, useRewardRecordFilters } from './use-reward-record-filters';

/**
 * Every reward the activities gave, coupons and brand points, by the reward engine (graded charging,
 * assists, check-ins) or by lottery draws: where staff find the failed coupon rewards, which are no point
 * records, and operators reissue them.
 */
export default function RewardRecordListPage() {
  const { t } = useTranslation('rewards');
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  const canChange = useCanChange();
  const [reissuing, setReissuing] = useState<ReissueTarget>();
  const columns = useRewardRecordColumns(REWARD_RECORD_LAYOUT, canChange ? setReissuing : undefined);
  const filters = useRewardRecordFilters(REWARD_RECORD_FILTERS);

  return (
    <>
      <SearchTable<PointRecord>
        querySchema={RewardRecordListQuerySchema}
        persistKey={REWARD_LISTS.rewardRecords}
        tenant={tenant}
        rowKey="recordId"
        title={t('records.title')}
        columns={columns}
        filters={filters}
        empty={t('records.empty')}
        request={(params, { signal }) =>
          rewards.rewardRecords(withPage(params, toRewardRecordFilter(params)), signal)
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${REWARD_PATHS.rewardRecords}/export`}
            query={toRewardRecordFilter(params)}
            columns={shown}
            fileName="reward-records"
          />,
        ]}
      />
      {reissuing && (
        <ReissueDialog
          target={reissuing}
          list={REWARD_LISTS.rewardRecords}
          onClose={() => setReissuing(undefined)}
        />
      )}
    </>
  );
}
