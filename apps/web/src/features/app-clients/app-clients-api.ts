import { useMemo } from 'react';
import type { AppClient, AppClientSave, AppClientSecret } from '@cmp/domain/platform/app-clients';
import { useTenantApi } from '../../api/use-tenant-api';

export const appClientKeys = {
  list: (tenant: string) => ['app-clients', tenant] as const,
};

const at = (id: string) => encodeURIComponent(id);

/** The app back-end clients of the tenant whose area the page is in. */
export function useAppClientsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (signal?: AbortSignal) =>
        api.get<{ items: AppClient[] }>('/app-clients', { signal }).then((answer) => answer.items),
      create: (request: AppClientSave) => api.post<AppClientSecret>('/app-clients', request),
      update: (clientId: string, request: AppClientSave) =>
        api.put<AppClient>(`/app-clients/${at(clientId)}`, request),
      remove: (clientId: string) => api.delete<void>(`/app-clients/${at(clientId)}`),
      rotateSecret: (clientId: string) =>
        api.post<AppClientSecret>(`/app-clients/${at(clientId)}/rotate-secret`),
    }),
    [api],
  );
}
