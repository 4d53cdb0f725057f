import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  Relation,
  RelationBindRequest,
  RelationListRequest,
  RelationPage,
  RelationUnbindRequest,
} from '@cmp/domain/accounts/relation-contracts';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { stationHistoryKey } from '../worksheets/worksheets-api';

/** The relation list's name for its saved layout and its cached pages. */
export const RELATION_LIST = 'relations';

export const relationKeys = {
  all: (tenant: string) => ['relations', tenant] as const,
  ofStation: (tenant: string, request: RelationListRequest) =>
    ['relations', tenant, 'station', request] as const,
  ofAccount: (tenant: string, request: RelationListRequest) =>
    ['relations', tenant, 'account', request] as const,
};

/** The relation calls of the tenant whose area the page is in. */
export function useRelationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      search: (request: RelationListRequest, signal?: AbortSignal) =>
        api.post<RelationPage>('/relations/search', request, { signal }),
      bind: (request: RelationBindRequest) => api.post<Relation>('/relations/bind', request),
      unbind: (request: RelationUnbindRequest) => api.post<Relation>('/relations/unbind', request),
    }),
    [api],
  );
}

/**
 * After a bind or an unbind: every view of relations (a station's, an account's, the list) and the station's
 * history, which records both.
 */
export function useRefreshAfterRelationChange(): (resourceId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useStationsTenant();
  return useCallback(
    async (resourceId: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: relationKeys.all(tenant) }),
        queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, RELATION_LIST) }),
        queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, resourceId) }),
      ]);
    },
    [queryClient, tenant],
  );
}
