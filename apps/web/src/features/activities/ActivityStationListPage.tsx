import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SearchFilter } from '../../components';
import { useActivity } from './activities-api';
import { ACTIVITY_STATION_LIST } from './activity-stations-api';
import { activityIdOf, toActivityStationFilter } from './activity-station-query';
import { ActivitySelect } from './ActivitySelect';
import { ActivityStationTable } from './ActivityStationTable';
import { useActivityStationFilters } from './use-activity-station-filters';

/**
 * Stations with their part in the tenant's activities (spec §3 "Activity station", the activity station
 * list): whether they take part in any, and, once an activity is chosen, its stations with whether each is
 * active there and, for operators, their actions in it.
 */
export default function ActivityStationListPage() {
  const { t } = useTranslation('activities');
  const [searchParams] = useSearchParams();
  // The list's own state is the URL; the chosen activity is read from it to name the activity's columns.
  const activityId = activityIdOf(searchParams.get('activityId') ?? undefined);
  const activity = useActivity(activityId);
  const { search, active, hasActivity, operator, region } = useActivityStationFilters();
  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'custom',
        name: 'activityId',
        label: t('field.activity'),
        render: (props) => <ActivitySelect {...props} />,
      },
      search,
      ...(activityId === undefined ? [] : [active]),
      hasActivity,
      operator,
      region,
    ],
    [t, search, active, hasActivity, operator, region, activityId],
  );

  return (
    <ActivityStationTable
      persistKey={ACTIVITY_STATION_LIST}
      title={t('stations.listTitle')}
      filters={filters}
      toFilter={(params) => toActivityStationFilter(params)}
      activity={activity.data?.activityId === activityId ? activity.data : undefined}
    />
  );
}
