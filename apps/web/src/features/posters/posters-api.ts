import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  Poster,
  PosterBindingCreate,
  PosterBindingSwitch,
  PosterBindType,
  PosterCreate,
  PosterPage,
  PosterResourcePage,
  PosterResourcesBound,
  PosterTriggerRules,
  PosterUpdate,
  PosterVideos,
} from '@cmp/domain/posters/poster-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The lists' names for their saved layouts and cached pages. */
export const POSTER_LIST = 'posters';
export const POSTER_RESOURCE_LIST = 'posterResources';
/** One poster's stations in its editor; its own layout, since it shows no poster filter. */
export const POSTER_BOUND_LIST = 'posterBoundStations';
export const POSTERS = '/posters';
export const POSTER_RESOURCES = '/poster-resources';

export const posterKeys = {
  detail: (tenant: string, id: number) => ['posters', tenant, 'detail', id] as const,
  triggers: (tenant: string) => ['posters', tenant, 'triggers'] as const,
  videos: (tenant: string) => ['posters', tenant, 'videos'] as const,
};

const ofPoster = (posterId: number) => `${POSTERS}/${posterId}`;

/** The poster calls of the tenant whose area the page is in (spec §7 "Posters and share"). */
export function usePostersApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) => api.get<PosterPage>(POSTERS, { query, signal }),
      get: (id: number, signal?: AbortSignal) => api.get<Poster>(ofPoster(id), { signal }),
      create: (body: PosterCreate) => api.post<Poster>(POSTERS, body),
      update: (id: number, body: PosterUpdate) => api.put<Poster>(ofPoster(id), body),
      remove: (id: number, version: number) => api.delete<void>(ofPoster(id), { query: { version } }),
      triggers: (signal?: AbortSignal) => api.get<PosterTriggerRules>('/poster-trigger-rules', { signal }),
      videos: (signal?: AbortSignal) => api.get<PosterVideos>('/poster-videos', { signal }),
      resources: (query: Query, signal?: AbortSignal) =>
        api.get<PosterResourcePage>(POSTER_RESOURCES, { query, signal }),
      tie: (id: number, body: PosterBindingCreate) =>
        api.put<PosterBindType>(`${ofPoster(id)}/bind-type`, body),
      switchBinding: (id: number, body: PosterBindingSwitch) =>
        api.post<PosterBindType>(`${ofPoster(id)}/bind-type/switch`, body),
      bind: (id: number, resourceIds: string[]) =>
        api.put<PosterResourcesBound>(`${ofPoster(id)}/resources`, { resourceIds }),
      unbind: (id: number, resourceIds: string[]) =>
        api.delete<{ unbound: string[] }>(`${ofPoster(id)}/resources`, {
          query: { resourceIds: resourceIds.join(',') },
        }),
      upload: (id: number, file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.post<{ jobId: number }>(`${ofPoster(id)}/resources/upload`, form);
      },
    }),
    [api],
  );
}

export const posterTemplateUrl = (tenant: string) => `/api/${tenant}${POSTER_RESOURCES}/import-template`;

export function usePoster(id: number | undefined) {
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  return useQuery({
    queryKey: posterKeys.detail(tenant, id ?? 0),
    queryFn: ({ signal }) => posters.get(id!, signal),
    enabled: id !== undefined,
  });
}

export function useTriggerRules() {
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  return useQuery({
    queryKey: posterKeys.triggers(tenant),
    queryFn: ({ signal }) => posters.triggers(signal),
    staleTime: Infinity,
  });
}

export function usePosterVideos() {
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  return useQuery({ queryKey: posterKeys.videos(tenant), queryFn: ({ signal }) => posters.videos(signal) });
}
