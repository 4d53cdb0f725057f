import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTenantApi } from '../../../api/use-tenant-api';
import { searchTableQueryKey } from '../../../components';
import { OPERATION_LIST, stationHistoryKey } from '../../worksheets/worksheets-api';
import { useStationsTenant } from '../../../components/lookups';
import { getChargeStation, getEquipments, getOperatorInfo, getSwapStation } from './station-detail-api';

export const stationKeys = {
  chargeStation: (tenant: string, resourceId: string) =>
    ['stations', tenant, 'charge-station', resourceId] as const,
  swapStation: (tenant: string, resourceId: string) =>
    ['stations', tenant, 'swap-station', resourceId] as const,
  operatorInfo: (tenant: string, resourceId: string) =>
    ['stations', tenant, 'operator-info', resourceId] as const,
  equipments: (tenant: string, resourceId: string) => ['stations', tenant, 'equipments', resourceId] as const,
};

/** The station the page shows, from `?resourceId=` as the old portal's links give it; '' when missing. */
export function useResourceIdParam(): string {
  const [params] = useSearchParams();
  return params.get('resourceId')?.trim() ?? '';
}

export function useChargeStation(resourceId: string) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: stationKeys.chargeStation(tenant, resourceId),
    queryFn: ({ signal }) => getChargeStation(client, resourceId, signal),
    enabled: resourceId !== '',
  });
}

export function useSwapStation(resourceId: string) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: stationKeys.swapStation(tenant, resourceId),
    queryFn: ({ signal }) => getSwapStation(client, resourceId, signal),
    enabled: resourceId !== '',
  });
}

export function useOperatorInfo(resourceId: string, enabled: boolean) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: stationKeys.operatorInfo(tenant, resourceId),
    queryFn: ({ signal }) => getOperatorInfo(client, resourceId, signal),
    enabled: enabled && resourceId !== '',
  });
}

export function useEquipments(resourceId: string) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: stationKeys.equipments(tenant, resourceId),
    queryFn: ({ signal }) => getEquipments(client, resourceId, signal).then((r) => r.items),
  });
}

/**
 * After any change of the station: its history has a new record and the operations list shows its name,
 * update time and counters. The station itself is put in the cache by the caller, from the save's answer.
 */
export function useRefreshAfterStationChange(resourceId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useStationsTenant();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, resourceId) }),
      queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, OPERATION_LIST) }),
    ]);
  }, [queryClient, tenant, resourceId]);
}
