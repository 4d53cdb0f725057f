import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const pushBatchListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('pushMessages'));

/** The detail of one batch (`?id=`), or the form of a new one without it. */
export const pushBatchDetailPath = (tenant: Tenant, id?: number): string =>
  tenantPath(tenant, `${areaPath('pushBatchDetail')}${id === undefined ? '' : `?id=${id}`}`);
