import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';
import { stationDetailPath } from '../../app/screen-links';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The report list, e.g. with a filter already set in the query string. */
export const reportListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('crowdsourcedStations')}${query}`);

/** The queue of reports waiting for review. */
export const reviewQueuePath = (tenant: Tenant): string => tenantPath(tenant, areaPath('crowdsourcedReview'));

/** One report's review page (`?objectId=`). */
export const reportDetailPath = (tenant: Tenant, objectId: string): string =>
  tenantPath(tenant, `${areaPath('crowdsourcedDetail')}?objectId=${encodeURIComponent(objectId)}`);

/** The network station a report went online as; reported stations are charge stations. */
export const reportStationPath = (tenant: Tenant, stationId: string): string =>
  stationDetailPath(tenant, 'ChargeStation', stationId);
