import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '@cmp/domain';
import type { SubOperator } from '@cmp/domain/stations/operators';
import type {
  VirtualStation,
  VirtualStationCreate,
  VirtualStationPage,
  VirtualStationUpdate,
} from '@cmp/domain/stations/virtual-stations';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { lookupKey, useEquipmentOwners, useOperators, useStationsTenant } from '../../components/lookups';

/** The operator station list's name for its saved layout and its cached pages. */
export const OPERATOR_STATION_LIST = 'operatorStations';
export const OPERATOR_STATIONS = '/operator-stations';

export const operatorStationKeys = {
  detail: (tenant: string, connectorId: string) =>
    ['operatorStations', tenant, 'detail', connectorId] as const,
};

const stationPath = (connectorId: string) => `${OPERATOR_STATIONS}/${encodeURIComponent(connectorId)}`;

/** The operator-station calls of the tenant whose area the page is in. */
export function useOperatorStationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<VirtualStationPage>(OPERATOR_STATIONS, { query, signal }),
      get: (connectorId: string, signal?: AbortSignal) =>
        api.get<VirtualStation>(stationPath(connectorId), { signal }),
      create: (body: VirtualStationCreate) => api.post<VirtualStation>(OPERATOR_STATIONS, body),
      update: (connectorId: string, body: VirtualStationUpdate) =>
        api.put<VirtualStation>(stationPath(connectorId), body),
      remove: (connectorId: string, version: number) =>
        api.delete<void>(stationPath(connectorId), { query: { version } }),
    }),
    [api],
  );
}

export function useOperatorStation(connectorId: string | undefined) {
  const tenant = useStationsTenant();
  const stations = useOperatorStationsApi();
  return useQuery({
    queryKey: operatorStationKeys.detail(tenant, connectorId ?? ''),
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
