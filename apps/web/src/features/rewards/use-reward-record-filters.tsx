import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { REWARD_STATES } from '@cmp/domain/activities/reward-states';
import { POINT_RECORD_SEARCH_NAMES, REWARD_TYPES } from '@cmp/domain/rewards/reward-record-contracts';
import type { SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { ActivitySelect } from '../activities/ActivitySelect';

/** The filters a reward record list can offer, named as its query (see reward-list-queries.ts). */
export type RewardRecordFilterName =
  'activityId' | 'createTime' | 'searchInput' | 'rewardState' | 'rewardType';

/** The point records' filter (spec M3.4.2). */
export const POINT_RECORD_FILTERS: readonly RewardRecordFilterName[] = [
  'activityId',
  'createTime',
  'searchInput',
  'rewardState',
];

/** Every reward's: what was given and how it went first, to find the failed coupons. */
export const REWARD_RECORD_FILTERS: readonly RewardRecordFilterName[] = [
  'rewardType',
  'rewardState',
  'activityId',
  'createTime',
  'searchInput',
];

/** A reward record list's filters, in the order `names` gives. */
export function useRewardRecordFilters(names: readonly RewardRecordFilterName[]): SearchFilter[] {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  return useMemo(() => {
    const filters: Record<RewardRecordFilterName, SearchFilter> = {
      activityId: {
        type: 'custom',
        name: 'activityId',
        label: t('field.activity'),
        render: (props) => <ActivitySelect {...props} />,
      },
      createTime: {
        type: 'datetimeRange',
        name: 'createTime',
        label: t('field.createTime'),
        names: ['createTimeBegin', 'createTimeEnd'],
      },
      searchInput: {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: POINT_RECORD_SEARCH_NAMES.map((value) => ({ value, label: t(`field.${value}`) })),
      },
      rewardState: {
        type: 'select',
        name: 'rewardState',
        label: t('field.rewardState'),
        options: REWARD_STATES.map((value) => ({ value, label: label('rewardState', value) })),
      },
      rewardType: {
        type: 'select',
        name: 'rewardType',
        label: t('field.rewardType'),
        options: REWARD_TYPES.map((value) => ({ value, label: label('rewardType', value) })),
      },
    };
    return names.map((name) => filters[name]);
  }, [t, label, names]);
}
