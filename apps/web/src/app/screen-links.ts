import type { Tenant } from '@cmp/domain';
import { findArea } from './areas';
import { tenantPath } from './paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The detail screen of a station, by its type: swap stations have their own. */
export function stationDetailPath(tenant: Tenant, resourceType: string, resourceId: string): string {
  const area = resourceType === 'PowerSwap' ? 'swapStationDetail' : 'chargeStationDetail';
  return tenantPath(tenant, `${areaPath(area)}?resourceId=${encodeURIComponent(resourceId)}`);
}

export const worksheetDetailPath = (tenant: Tenant, worksheetId: number): string =>
  tenantPath(tenant, `${areaPath('worksheetDetail')}?worksheetId=${worksheetId}`);

export const worksheetListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('worksheets')}${query}`);
