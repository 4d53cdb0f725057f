import { useMemo } from 'react';
import type { StationTags, TagGroupSet } from '@cmp/domain/tags/tag-contracts';
import { useTenantApi } from '../../../api/use-tenant-api';

/** By language too: the server words why a group is locked in the reader's language. */
export const stationTagsKey = (tenant: string, resourceId: string, locale: string) =>
  ['stations', tenant, 'tags', resourceId, locale] as const;

export function useTagsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (resourceId: string, signal?: AbortSignal) =>
        api.get<StationTags>(`/stations/${encodeURIComponent(resourceId)}/tags`, { signal }),
      set: (resourceId: string, tagGroupCode: string, body: TagGroupSet) =>
        api.put<StationTags>(
          `/stations/${encodeURIComponent(resourceId)}/tags/${encodeURIComponent(tagGroupCode)}`,
          body,
        ),
    }),
    [api],
  );
}
