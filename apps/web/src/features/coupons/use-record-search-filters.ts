import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_RECORD_SEARCH_NAMES } from '@cmp/domain/coupons/record-filter';
import type { FilterOption, SearchFilter } from '../../components';

/**
 * The coupon screens' filter (spec M3.3.6 and M7.1): several statuses, one search field chosen by name
 * (the account's mobile first, the default) and the creation time.
 */
export function useRecordSearchFilters(statuses: FilterOption<string>[]): SearchFilter[] {
  const { t } = useTranslation('coupons');
  return useMemo<SearchFilter[]>(
    () => [
      { type: 'select', name: 'statusArr', label: t('field.statusArr'), options: statuses, multiple: true },
      {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: COUPON_RECORD_SEARCH_NAMES.map((value) => ({ value, label: t(`enum.searchBy.${value}`) })),
      },
      {
        type: 'datetimeRange',
        name: 'createTimeRange',
        label: t('field.createTimeRange'),
        names: ['createTimeFrom', 'createTimeTo'],
      },
    ],
    [t, statuses],
  );
}
