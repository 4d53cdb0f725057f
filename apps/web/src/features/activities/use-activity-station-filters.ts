import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_RESOURCE_SEARCH_NAMES } from '@cmp/domain/activities/activity-filters';
import type { SearchFilter } from '../../components';
import { toCascadeOptions, useOperators, useRegions } from '../../components/lookups';

/**
 * The station filters of the activity station lists, for each screen to place in its order: the search
 * box (station id by default), whether the station is active in the activity, whether it takes part in
 * any activity, the operator and the region (its most precise level).
 */
export function useActivityStationFilters() {
  const { t } = useTranslation('activities');
  const operators = useOperators();
  const regions = useRegions();
  return useMemo(() => {
    const yesNo = (yes: string, no: string) => [
      { value: 'true', label: t(yes) },
      { value: 'false', label: t(no) },
    ];
    return {
      search: {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: ACTIVITY_RESOURCE_SEARCH_NAMES.map((name) => ({ value: name, label: t(`field.${name}`) })),
      },
      active: {
        type: 'select',
        name: 'active',
        label: t('field.activeInActivity'),
        options: yesNo('stations.active', 'stations.inactive'),
      },
      hasActivity: {
        type: 'select',
        name: 'hasActivity',
        label: t('field.hasActivity'),
        options: yesNo('stations.yes', 'stations.no'),
      },
      operator: {
        type: 'select',
        name: 'operatorId',
        label: t('field.operatorName'),
        options: (operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName })),
      },
      region: {
        type: 'cascade',
        name: 'regionArr',
        label: t('field.region'),
        options: toCascadeOptions(regions.data ?? []),
      },
    } satisfies Record<string, SearchFilter>;
  }, [t, operators.data, regions.data]);
}
