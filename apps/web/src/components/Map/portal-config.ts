import { useQuery } from '@tanstack/react-query';
import type { PortalConfig } from '@cmp/domain/platform/portal-config';
import { api } from '../../api/client';

/** Shared with the station maps, so the portal's configuration is fetched once per visit. */
export const PORTAL_CONFIG_KEY = ['portal-config'] as const;

/**
 * The deployment's map tiles. Pages without a staff session cannot read the portal configuration; pass
 * `enabled: false` there and hand the tiles over another way (the map then draws on a plain background).
 */
export function usePortalConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: PORTAL_CONFIG_KEY,
    queryFn: ({ signal }) => api.get<PortalConfig>('/portal-config', { signal }),
    staleTime: Infinity,
    enabled,
  });
}
