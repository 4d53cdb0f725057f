import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const upgradePackageListPath = (tenant: Tenant): string =>
  tenantPath(tenant, areaPath('upgradePackages'));

/** One package's page (`?id=`): its fields, its download link and its campaigns. */
export const upgradePackageDetailPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('upgradePackageDetail')}?id=${id}`);
