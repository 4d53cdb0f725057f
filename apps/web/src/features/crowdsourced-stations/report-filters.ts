import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_ONLINE_STATUS_VALUES,
  REPORT_REVIEW_STATUS_VALUES,
} from '@cmp/domain/stations/crowdsourced-stations';
import { REPORTED_STATION_SOURCES } from '@cmp/domain/stations/reported-stations';
import type { SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { toCascadeOptions, useRegions } from '../../components/lookups';
import { AREA_FILTER } from './report-list-query';

/** The filters the queue offers too: what a reviewer picks the next report by. */
const QUEUE_FILTERS = new Set([
  'source',
  'stationName',
  AREA_FILTER,
  'chargingBlindSpot',
  'suspectedDuplicate',
]);

/**
 * The review filter of C3.11.7 as search-form filters, with the suspected-duplicate flag; the queue takes
 * the few of them that matter before a review.
 */
export function useReportFilters(of: 'list' | 'queue'): SearchFilter[] {
  const { t } = useTranslation('crowdsourcedStations');
  const label = useEnumLabel();
  const regions = useRegions();

  return useMemo(() => {
    const yesNo = <V extends string | number>(yes: V, no: V) => [
      { value: yes, label: t('filter.yes') },
      { value: no, label: t('filter.no') },
    ];
    const filters: SearchFilter[] = [
      {
        type: 'select',
        name: 'stationStatus',
        label: t('field.stationStatus'),
        options: REPORT_REVIEW_STATUS_VALUES.map((s) => ({
          value: s,
          label: label('reportReviewStatus', s),
        })),
      },
      {
        type: 'select',
        name: 'source',
        label: t('field.source'),
        options: REPORTED_STATION_SOURCES.map((s) => ({
          value: s,
          label: label('reportedStationSource', s),
        })),
      },
      { type: 'input', name: 'stationName', label: t('field.stationName') },
      {
        type: 'cascade',
        name: AREA_FILTER,
        label: t('field.area'),
        options: toCascadeOptions(regions.data ?? []),
      },
      { type: 'input', name: 'address', label: t('field.address') },
      { type: 'input', name: 'mobile', label: t('field.mobile'), placeholder: t('filter.mobilePlaceholder') },
      {
        type: 'select',
        name: 'onlineStatus',
        label: t('field.onlineStatus'),
        options: REPORT_ONLINE_STATUS_VALUES.map((s) => ({
          value: s,
          label: label('reportOnlineStatus', s),
        })),
      },
      { type: 'datetimeRange', name: 'createTime', label: t('filter.createTime') },
      { type: 'datetimeRange', name: 'reviewTime', label: t('filter.reviewTime') },
      { type: 'input', name: 'reviewUser', label: t('field.reviewUser') },
      { type: 'input', name: 'creatorAccountId', label: t('field.creatorAccountId') },
      {
        type: 'select',
        name: 'chargingBlindSpot',
        label: t('field.chargingBlindSpot'),
        options: yesNo(1, 0),
      },
      {
        type: 'select',
        name: 'suspectedDuplicate',
        label: t('field.suspectedDuplicate'),
        options: yesNo('true', 'false'),
      },
    ];
    return of === 'list' ? filters : filters.filter((filter) => QUEUE_FILTERS.has(filter.name));
  }, [t, label, regions.data, of]);
}
