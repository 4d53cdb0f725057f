import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigItems,
  ConfigItemSave,
  ConfigNamespaceList,
  NamespaceCreate,
  ReleaseCreate,
  ReleaseDiff,
  ReleaseList,
  ReleaseSummary,
} from '@cmp/domain/cloud-config/cloud-config';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';

/** The release history's name for its saved layout and its cached pages. */
export const RELEASE_LIST = 'cloudConfigReleases';
export const CLOUD_CONFIG = '/cloud-config/namespaces';

const at = (namespaceName: string) => `${CLOUD_CONFIG}/${encodeURIComponent(namespaceName)}`;

export const cloudConfigKeys = {
  namespaces: (tenant: string) => ['cloudConfig', tenant, 'namespaces'] as const,
  items: (tenant: string, namespaceName: string) => ['cloudConfig', tenant, 'items', namespaceName] as const,
  diff: (tenant: string, namespaceName: string, from: number, to: number | undefined) =>
    ['cloudConfig', tenant, 'diff', namespaceName, from, to ?? 'working'] as const,
};

/** The configuration calls of the tenant whose area the page is in. */
export function useCloudConfigApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      namespaces: (signal?: AbortSignal) => api.get<ConfigNamespaceList>(CLOUD_CONFIG, { signal }),
      createNamespace: (body: NamespaceCreate) => api.post<void>(CLOUD_CONFIG, body),
      items: (namespaceName: string, signal?: AbortSignal) =>
        api.get<ConfigItems>(`${at(namespaceName)}/items`, { signal }),
      saveItem: (namespaceName: string, body: ConfigItemSave) =>
        api.put<void>(`${at(namespaceName)}/items`, body),
      deleteItem: (namespaceName: string, key: string, version: number) =>
        api.delete<void>(`${at(namespaceName)}/items/${encodeURIComponent(key)}`, { query: { version } }),
      release: (namespaceName: string, body: ReleaseCreate) =>
        api.post<ReleaseSummary>(`${at(namespaceName)}/releases`, body),
      releases: (namespaceName: string, query: Query, signal?: AbortSignal) =>
        api.get<ReleaseList>(`${at(namespaceName)}/releases`, { query, signal }),
      diff: (namespaceName: string, fromReleaseId: number, toReleaseId?: number, signal?: AbortSignal) =>
        api.get<ReleaseDiff>(`${at(namespaceName)}/diff`, {
          query: toReleaseId === undefined ? { fromReleaseId } : { fromReleaseId, toReleaseId },
          signal,
        }),
      rollback: (namespaceName: string, releaseId: number, body: ReleaseCreate) =>
        api.post<ReleaseSummary>(`${at(namespaceName)}/releases/${releaseId}/rollback`, body),
    }),
    [api],
  );
}

export const releasesExportPath = (tenant: string, namespaceName: string) =>
  `/api/${tenant}${at(namespaceName)}/releases/export`;

export function useNamespaces() {
  const tenant = useStationsTenant();
  const config = useCloudConfigApi();
  return useQuery({
    queryKey: cloudConfigKeys.namespaces(tenant),
    queryFn: ({ signal }) => config.namespaces(signal),
  });
}

export function useConfigItems(namespaceName: string) {
  const tenant = useStationsTenant();
  const config = useCloudConfigApi();
  return useQuery({
    queryKey: cloudConfigKeys.items(tenant, namespaceName),
    queryFn: ({ signal }) => config.items(namespaceName, signal),
  });
}

export function useReleaseDiff(namespaceName: string, from: number | undefined, to: number | undefined) {
  const tenant = useStationsTenant();
  const config = useCloudConfigApi();
  return useQuery({
    queryKey: cloudConfigKeys.diff(tenant, namespaceName, from ?? 0, to),
    queryFn: ({ signal }) => config.diff(namespaceName, from!, to, signal),
    enabled: from !== undefined,
  });
}

/** After a change: the namespaces' counts, the items' marks and the history are read again. */
export function useRefreshCloudConfig() {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cloudConfig', tenant] }),
      queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, RELEASE_LIST) }),
    ]);
}
