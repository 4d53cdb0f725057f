import { useMemo } from 'react';
import type { Page } from '@cmp/domain/platform/paging';
import type {
  CatalogueGroup,
  TagCatalogueOptions,
  TagCreate,
  TagGroupCreate,
  TagGroupUpdate,
  TagHolder,
  TagUpdate,
} from '@cmp/domain/tags/tag-catalogue-editing';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';

/** The list's name: its saved layout and the cache of its pages. */
export const RESOURCE_TAGS_LIST = 'resourceTags';

export const resourceTagKeys = {
  options: (tenant: string) => ['resource-tags', tenant, 'options'] as const,
  holders: (tenant: string, tagCode: string, pageNo: number) =>
    ['resource-tags', tenant, 'holders', tagCode, pageNo] as const,
  allHolders: (tenant: string) => ['resource-tags', tenant, 'holders'] as const,
};

const at = (code: string) => encodeURIComponent(code);
const group = (code: string) => `/tag-catalogue/groups/${at(code)}`;

/** The tag catalogue of the resource tag editor, read and changed in the tenant's area. */
export function useResourceTagsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      options: (signal?: AbortSignal) => api.get<TagCatalogueOptions>('/tag-catalogue/options', { signal }),
      groups: (query: Query, signal?: AbortSignal) =>
        api.get<Page<CatalogueGroup>>('/tag-catalogue/groups', { query, signal }),
      createGroup: (request: TagGroupCreate) => api.post<CatalogueGroup>('/tag-catalogue/groups', request),
      updateGroup: (code: string, request: TagGroupUpdate) => api.put<CatalogueGroup>(group(code), request),
      saveTooltip: (code: string, tooltipText: string) =>
        api.put<CatalogueGroup>(`${group(code)}/tooltip`, { tooltipText }),
      createTag: (code: string, request: TagCreate) =>
        api.post<CatalogueGroup>(`${group(code)}/tags`, request),
      updateTag: (code: string, tagCode: string, request: TagUpdate) =>
        api.put<CatalogueGroup>(`${group(code)}/tags/${at(tagCode)}`, request),
      deleteTag: (code: string, tagCode: string) =>
        api.delete<CatalogueGroup>(`${group(code)}/tags/${at(tagCode)}`),
      holders: (tagCode: string, pageNo: number, signal?: AbortSignal) =>
        api.get<Page<TagHolder>>(`/tag-catalogue/tags/${at(tagCode)}/stations`, {
          query: { pageNo },
          signal,
        }),
    }),
    [api],
  );
}
