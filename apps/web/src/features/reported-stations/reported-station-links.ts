import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const reportedStationListPath = (tenant: Tenant): string =>
  tenantPath(tenant, areaPath('reportedStations'));

/** The editor of one station (`?connectorId=`), or of a new one without it. */
export const reportedStationEditorPath = (tenant: Tenant, connectorId?: string): string =>
  tenantPath(
    tenant,
    `${areaPath('reportedStationEditor')}${connectorId === undefined ? '' : `?connectorId=${encodeURIComponent(connectorId)}`}`,
  );
