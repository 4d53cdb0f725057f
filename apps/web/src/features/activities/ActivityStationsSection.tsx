import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { SearchTableParams } from '../../components';
import { ACTIVITY_DETAIL_STATION_LIST } from './activity-stations-api';
import { toActivityStationFilter } from './activity-station-query';
import { ActivityStationTable } from './ActivityStationTable';
import { useActivityStationFilters } from './use-activity-station-filters';

/** The stations taking part in one activity (spec M3.1.12–M3.1.14), on the activity's page. */
export function ActivityStationsSection({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const { search, active, operator, region } = useActivityStationFilters();
  const filters = useMemo(() => [search, active, operator, region], [search, active, operator, region]);
  return (
    <ActivityStationTable
      persistKey={ACTIVITY_DETAIL_STATION_LIST}
      title={t('stations.title')}
      filters={filters}
      toFilter={(params: SearchTableParams) => toActivityStationFilter(params, activity.activityId)}
      activity={activity}
      empty={t('stations.empty')}
    />
  );
}
