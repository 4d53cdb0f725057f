import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@cmp/domain';
import type {
  Worksheet,
  WorksheetClose,
  WorksheetCreate,
  WorksheetStatus,
} from '@cmp/domain/stations/worksheets';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';

/** The worksheet list's name for its saved layout and its cached pages. */
export const WORKSHEET_LIST = 'worksheets';
/** The operations list shows worksheet counts, so a worksheet change refreshes it too. */
export const OPERATION_LIST = 'stations.operations';

/** WorksheetListQuerySchema as the screens fill it in. */
export interface WorksheetListQuery {
  pageNo: number;
  pageSize: number;
  sort?: string;
  resourceId?: string;
  status?: WorksheetStatus;
  keyword?: string;
}

export const worksheetKeys = {
  all: (tenant: string) => ['worksheets', tenant] as const,
  detail: (tenant: string, worksheetId: number) => ['worksheets', tenant, 'detail', worksheetId] as const,
  ofStation: (tenant: string, query: WorksheetListQuery) => ['worksheets', tenant, 'station', query] as const,
};

/** A station's history shows worksheet changes; the detail tabs key it like this. */
export const stationHistoryKey = (tenant: string, resourceId: string) =>
  ['stations', tenant, 'history', resourceId] as const;

export function useWorksheetsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: WorksheetListQuery, signal?: AbortSignal) =>
        api.get<Page<Worksheet>>('/worksheets', {
          query: {
            pageNo: query.pageNo,
            pageSize: query.pageSize,
            sort: query.sort,
            resourceId: query.resourceId,
            status: query.status,
            keyword: query.keyword,
          },
          signal,
        }),
      get: (worksheetId: number, signal?: AbortSignal) =>
        api.get<Worksheet>(`/worksheets/${worksheetId}`, { signal }),
      create: (request: WorksheetCreate) => api.post<Worksheet>('/worksheets', request),
      close: (worksheetId: number, request: WorksheetClose) =>
        api.post<Worksheet>(`/worksheets/${worksheetId}/close`, request),
    }),
    [api],
  );
}

export function useWorksheet(worksheetId: number | undefined) {
  const tenant = useStationsTenant();
  const worksheets = useWorksheetsApi();
  return useQuery({
    queryKey: worksheetKeys.detail(tenant, worksheetId ?? 0),
    queryFn: ({ signal }) => worksheets.get(worksheetId ?? 0, signal),
    enabled: worksheetId !== undefined,
  });
}

/** After a create or close: every cached worksheet view, the station's counters and its history. */
export function useRefreshAfterWorksheetChange(): (worksheet: Worksheet) => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useStationsTenant();
  return useCallback(
    async (worksheet: Worksheet) => {
      queryClient.setQueryData(worksheetKeys.detail(tenant, worksheet.worksheetId), worksheet);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: worksheetKeys.all(tenant) }),
        queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, WORKSHEET_LIST) }),
        queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, OPERATION_LIST) }),
        queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, worksheet.resourceId) }),
      ]);
    },
    [queryClient, tenant],
  );
}
