import { useLocation } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { findArea } from '../../../app/areas';
import { tenantOfPath, tenantPath } from '../../../app/paths';

/** The list's SearchTable key: the saved column layout and the query to refresh after a change. */
export const ROAD_BOOK_LIST_KEY = 'roadBooks';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const roadBookListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('roadBooks'));

/** The editor; without an id it plans a new road book. */
export const roadBookEditorPath = (tenant: Tenant, roadBookId?: number): string =>
  tenantPath(
    tenant,
    `${areaPath('routePlanning')}${roadBookId === undefined ? '' : `?roadBookId=${roadBookId}`}`,
  );

/** The tenant of the current page; road-book screens key their queries and saved layouts with it. */
export function useRoadBooksTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('a road-book screen is used outside a tenant area');
  return tenant;
}
