import { useInfiniteQuery } from '@tanstack/react-query';
import type { StationOperationRecordPage } from '@cmp/domain/stations/operation-records';
import { useTenantApi } from '../../../api/use-tenant-api';
import { stationHistoryKey } from '../../worksheets/worksheets-api';
import { useStationsTenant } from '../../../components/lookups';

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilter {
  actions: string[];
  /** Epoch ms, both ends included. */
  timeRange?: [number, number];
}

/** The station's operation records newest first, a page at a time after the last record shown. */
export function useStationHistory(resourceId: string, filter: HistoryFilter) {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useInfiniteQuery({
    queryKey: [...stationHistoryKey(tenant, resourceId), filter],
    queryFn: ({ pageParam, signal }) =>
      api.get<StationOperationRecordPage>(`/stations/${encodeURIComponent(resourceId)}/operation-records`, {
        query: {
          actions: filter.actions.length > 0 ? filter.actions.join(',') : undefined,
          operationTimeBegin: filter.timeRange?.[0],
          operationTimeEnd: filter.timeRange?.[1],
          lastRecordId: pageParam,
          pageSize: HISTORY_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextRecordId ?? undefined,
  });
}
