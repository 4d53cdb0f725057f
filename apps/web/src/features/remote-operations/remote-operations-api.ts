import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Tenant } from '@cmp/domain';
import type { z } from 'zod';
import type {
  ChargePointRegistrationSchema,
  PowerCharger,
  PowerChargerList,
  RemoteCommand,
  RemoteOperationLog,
  RemoteOperationLogList,
} from '@cmp/domain/stations/remote-operations';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

export type ChargePointRegistration = z.infer<typeof ChargePointRegistrationSchema>;

/** The network list's name for its saved layout and its cached pages. */
export const REMOTE_OPERATION_LIST = 'remoteOperations';
export const REMOTE_OPERATIONS = '/remote-operations';

export const remoteOperationKeys = {
  all: (tenant: string) => ['remoteOperations', tenant] as const,
  ofStation: (tenant: string, query: Query) => ['remoteOperations', tenant, 'station', query] as const,
  detail: (tenant: string, id: number) => ['remoteOperations', tenant, 'detail', id] as const,
  powerChargers: (tenant: string, resourceId: string) =>
    ['remoteOperations', tenant, 'powerChargers', resourceId] as const,
};

const chargePointPath = (chargePointId: string) => `/charge-points/${encodeURIComponent(chargePointId)}`;

/** Unfinished operations (sent, or accepted and under way) are the ones a screen keeps reading. */
export const isUnfinished = (log: RemoteOperationLog): boolean => log.status === 0 || log.status === 3;

/** While any shown operation is unfinished, lists read again this often to follow the charger. */
export const FOLLOW_MS = 2_000;

/** The remote-operation and charge-point calls of the tenant whose area the page is in. */
export function useRemoteOperationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<RemoteOperationLogList>(REMOTE_OPERATIONS, { query, signal }),
      get: (id: number, signal?: AbortSignal) =>
        api.get<RemoteOperationLog>(`${REMOTE_OPERATIONS}/${id}`, { signal }),
      powerChargers: (resourceId: string, signal?: AbortSignal) =>
        api.post<PowerChargerList>('/power-chargers/search', { group_id: resourceId }, { signal }),
      command: (chargePointId: string, command: RemoteCommand) =>
        api.post<RemoteOperationLog>(`${chargePointPath(chargePointId)}/commands`, command),
      register: (chargePointId: string) =>
        api.post<ChargePointRegistration>('/charge-points', { chargePointId }),
      rotatePassword: (chargePointId: string) =>
        api.post<ChargePointRegistration>(`${chargePointPath(chargePointId)}/password`, {}),
    }),
    [api],
  );
}

/** The export route of the network list, for the export button. */
export const remoteOperationsExportPath = (tenant: Tenant) => `/api/${tenant}${REMOTE_OPERATIONS}/export`;

/** Chargers come and go (a reset, a lost link): their state is read again this often while shown. */
const PRESENCE_MS = 10_000;

/** A station's chargers as OCPP charge points, by charge point id (the equipment id). */
export function usePowerChargers(resourceId: string) {
  const operations = useRemoteOperationsApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: remoteOperationKeys.powerChargers(tenant, resourceId),
    queryFn: ({ signal }) =>
      operations
        .powerChargers(resourceId, signal)
        .then((list) => new Map<string, PowerCharger>(list.items.map((c) => [c.chargePointId, c]))),
    refetchInterval: PRESENCE_MS,
  });
}
