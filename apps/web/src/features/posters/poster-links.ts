import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const posterListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('posters'));

/** The editor of one poster (`?id=`), or of a new one without it. */
export const posterEditorPath = (tenant: Tenant, id?: number): string =>
  tenantPath(tenant, `${areaPath('posterEditor')}${id === undefined ? '' : `?id=${id}`}`);
