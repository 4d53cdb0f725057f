import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  ShareTemplate,
  ShareTemplateCreate,
  ShareTemplatePage,
  ShareTemplateUpdate,
} from '@cmp/domain/share-templates/share-templates';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The share template list's name for its saved layout and its cached pages. */
export const SHARE_TEMPLATE_LIST = 'shareTemplates';
export const SHARE_TEMPLATES = '/share-templates';

export const shareTemplateKeys = {
  detail: (tenant: string, id: number) => ['shareTemplates', tenant, 'detail', id] as const,
};

/** The share template calls of the tenant whose area the page is in. */
export function useShareTemplatesApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<ShareTemplatePage>(SHARE_TEMPLATES, { query, signal }),
      get: (id: number, signal?: AbortSignal) =>
        api.get<ShareTemplate>(`${SHARE_TEMPLATES}/${id}`, { signal }),
      create: (body: ShareTemplateCreate) => api.post<ShareTemplate>(SHARE_TEMPLATES, body),
      update: (id: number, body: ShareTemplateUpdate) =>
        api.put<ShareTemplate>(`${SHARE_TEMPLATES}/${id}`, body),
      remove: (id: number, version: number) =>
        api.delete<void>(`${SHARE_TEMPLATES}/${id}`, { query: { version } }),
    }),
    [api],
  );
}

export function useShareTemplate(id: number | undefined) {
  const tenant = useStationsTenant();
  const templates = useShareTemplatesApi();
  return useQuery({
    queryKey: shareTemplateKeys.detail(tenant, id ?? 0),
    queryFn: ({ signal }) => templates.get(id!, signal),
    enabled: id !== undefined,
  });
}
