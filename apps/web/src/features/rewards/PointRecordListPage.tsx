import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REWARD_STATES } from '@cmp/domain/activities/reward-states';
import {
  POINT_RECORD_SEARCH_NAMES,
  PointRecordListQuerySchema,
  type PointRecord,
} from '@cmp/domain/rewards/reward-record-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { ActivitySelect } from '../activities/ActivitySelect';
import { ReissueDialog, type ReissueTarget } from './ReissueDialog';
import { toPointRecordFilter, withPage } from './reward-list-queries';
import { REWARD_LISTS, REWARD_PATHS, useRewardsApi } from './rewards-api';
import { usePointRecordColumns } from './use-point-record-columns';

/**
 * The brand points users were given by activities (spec M3.4): to whom, at which station, how many and how
 * it went; operators reissue a failed record.
 */
export default function PointRecordListPage() {
  const { t } = useTranslation('rewards');
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const [reissuing, setReissuing] = useState<ReissueTarget>();
  const columns = usePointRecordColumns(canChange ? setReissuing : undefined);

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'custom',
        name: 'activityId',
        label: t('field.activity'),
        render: (props) => <ActivitySelect {...props} />,
      },
      {
        type: 'datetimeRange',
        name: 'createTime',
        label: t('field.createTime'),
        names: ['createTimeBegin', 'createTimeEnd'],
      },
      {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: POINT_RECORD_SEARCH_NAMES.map((value) => ({ value, label: t(`field.${value}`) })),
      },
      {
        type: 'select',
        name: 'rewardState',
        label: t('field.rewardState'),
        options: REWARD_STATES.map((value) => ({ value, label: label('rewardState', value) })),
      },
    ],
    [t, label],
  );

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
