import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActivityStationPage, ActivityStationsAdded } from '@cmp/domain/activities/activity-stations';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { ACTIVITIES_PATH, ACTIVITY_LIST, activityKeys } from './activities-api';

export const ACTIVITY_STATIONS_PATH = '/activity-stations';
/** The menu screen's list: stations with their part in the tenant's activities. */
export const ACTIVITY_STATION_LIST = 'activityStations';
/** One activity's stations on its page; its own saved layout, since it shows no activity filter. */
export const ACTIVITY_DETAIL_STATION_LIST = 'activityDetailStations';

const stationsOf = (activityId: number) => `${ACTIVITIES_PATH}/${activityId}/stations`;
const stationOf = (activityId: number, resourceId: string) =>
  `${stationsOf(activityId)}/${encodeURIComponent(resourceId)}`;

/** The calls on the stations taking part in the tenant's activities (spec §7 "Resources"). */
export function useActivityStationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<ActivityStationPage>(ACTIVITY_STATIONS_PATH, { query, signal }),
      add: (activityId: number, resourceIds: string[]) =>
        api.post<ActivityStationsAdded>(stationsOf(activityId), { resourceIds }),
      addOperator: (activityId: number, operatorId: string) =>
        api.post<{ added: number; inactive: number }>(`${stationsOf(activityId)}/by-operator`, {
          operatorId,
        }),
      setActive: (activityId: number, resourceId: string, active: boolean) =>
        api.post<{ resourceId: string; active: boolean }>(
          `${stationOf(activityId, resourceId)}/${active ? 'active' : 'inactive'}`,
        ),
      remove: (activityId: number, resourceId: string) => api.delete<void>(stationOf(activityId, resourceId)),
      upload: (activityId: number, file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.post<{ jobId: number }>(`${stationsOf(activityId)}/upload`, form);
      },
    }),
    [api],
  );
}

export const stationImportTemplateUrl = (tenant: string) =>
  `/api/${tenant}${ACTIVITY_STATIONS_PATH}/import-template`;

/**
 * After stations of an activity changed: both station lists, and the activity and the activity list, which
 * count its stations.
 */
export function useRefreshAfterStationChange() {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return useCallback(
    (activityId: number) =>
      Promise.all(
        [
          searchTableQueryKey(tenant, ACTIVITY_STATION_LIST),
          searchTableQueryKey(tenant, ACTIVITY_DETAIL_STATION_LIST),
          searchTableQueryKey(tenant, ACTIVITY_LIST),
          activityKeys.activity(tenant, activityId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [tenant, queryClient],
  );
}
