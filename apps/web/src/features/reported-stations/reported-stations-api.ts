import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '@cmp/domain';
import type { SubOperator } from '@cmp/domain/stations/operators';
import type {
  ReportedStation,
  ReportedStationCreate,
  ReportedStationPage,
  ReportedStationUpdate,
} from '@cmp/domain/stations/reported-stations';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { lookupKey, useEquipmentOwners, useOperators, useStationsTenant } from '../../components/lookups';

/** The reported station list's name for its saved layout and its cached pages. */
export const REPORTED_STATION_LIST = 'reportedStations';
export const REPORTED_STATIONS = '/reported-stations';

export const reportedStationKeys = {
  detail: (tenant: string, connectorId: string) =>
    ['reportedStations', tenant, 'detail', connectorId] as const,
};

const stationPath = (connectorId: string) => `${REPORTED_STATIONS}/${encodeURIComponent(connectorId)}`;

/** The reported-station calls of the tenant whose area the page is in. */
export function useReportedStationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<ReportedStationPage>(REPORTED_STATIONS, { query, signal }),
      get: (connectorId: string, signal?: AbortSignal) =>
        api.get<ReportedStation>(stationPath(connectorId), { signal }),
      create: (body: ReportedStationCreate) => api.post<ReportedStation>(REPORTED_STATIONS, body),
      update: (connectorId: string, body: ReportedStationUpdate) =>
        api.put<ReportedStation>(stationPath(connectorId), body),
      remove: (connectorId: string, version: number) =>
        api.delete<void>(stationPath(connectorId), { query: { version } }),
    }),
    [api],
  );
}

export function useReportedStation(connectorId: string | undefined) {
  const tenant = useStationsTenant();
  const stations = useReportedStationsApi();
  return useQuery({
    queryKey: reportedStationKeys.detail(tenant, connectorId ?? ''),
    queryFn: ({ signal }) => stations.get(connectorId!, signal),
    enabled: connectorId !== undefined,
  });
}

/** Sub-operators come from the interconnection feed and change rarely; the picker offers all of them. */
export function useSubOperators() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: lookupKey(tenant, 'subOperators'),
    queryFn: ({ signal }) =>
      api
        .get<Page<SubOperator>>('/sub-operators', {
          query: { pageNo: 1, pageSize: MAX_PAGE_SIZE, sort: 'subOperatorName:asc' },
          signal,
        })
        .then((r) => r.items),
    staleTime: 10 * 60_000,
  });
}

/** The pickers of the parties a station names: operators, equipment owners and sub-operators, by name. */
export function usePartyOptions() {
  const operators = useOperators();
  const owners = useEquipmentOwners();
  const subOperators = useSubOperators();
  return useMemo(
    () => ({
      operators: (operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName })),
      equipmentOwners: (owners.data ?? []).map((o) => ({
        value: o.equipmentOwnerId,
        label: o.equipmentOwnerName,
      })),
      subOperators: (subOperators.data ?? []).map((s) => ({
        value: s.subOperatorId,
        label: s.subOperatorName,
      })),
    }),
    [operators.data, owners.data, subOperators.data],
  );
}
