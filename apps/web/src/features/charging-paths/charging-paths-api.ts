import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  ChargingPathInfo,
  ChargingPathPage,
  ChargingPathRoute,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useChargingPathsTenant } from './charging-path-links';

/** The path list's name for its saved layout and its cached pages. */
export const CHARGING_PATH_LIST = 'chargingPaths';
export const CHARGING_PATHS = '/charging-paths';

export const chargingPathKeys = {
  detail: (tenant: string, pathId: number) => ['chargingPaths', tenant, 'detail', pathId] as const,
  route: (tenant: string, pathId: number) => ['chargingPaths', tenant, 'route', pathId] as const,
  ofAccount: (tenant: string, query: Query) => ['chargingPaths', tenant, 'account', query] as const,
};

/** The charging-path calls of the tenant whose area the page is in. */
export function useChargingPathsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<ChargingPathPage>(CHARGING_PATHS, { query, signal }),
      get: (pathId: number, signal?: AbortSignal) =>
        api.get<ChargingPathInfo>(`${CHARGING_PATHS}/${pathId}`, { signal }),
      route: (pathId: number, signal?: AbortSignal) =>
        api.get<ChargingPathRoute>(`${CHARGING_PATHS}/${pathId}/route`, { signal }),
    }),
    [api],
  );
}

export function useChargingPath(pathId: number | undefined) {
  const tenant = useChargingPathsTenant();
  const paths = useChargingPathsApi();
  return useQuery({
    queryKey: chargingPathKeys.detail(tenant, pathId ?? 0),
    queryFn: ({ signal }) => paths.get(pathId!, signal),
    enabled: pathId !== undefined,
  });
}

export function useChargingPathRoute(pathId: number | undefined) {
  const tenant = useChargingPathsTenant();
  const paths = useChargingPathsApi();
  return useQuery({
    queryKey: chargingPathKeys.route(tenant, pathId ?? 0),
    queryFn: ({ signal }) => paths.route(pathId!, signal),
    enabled: pathId !== undefined,
  });
}
