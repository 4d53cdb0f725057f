import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const productListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('products'));

/** The editor of one product (`?id=`), or of a new one without it. */
export const productEditorPath = (tenant: Tenant, id?: number): string =>
  tenantPath(tenant, `${areaPath('productEditor')}${id === undefined ? '' : `?id=${id}`}`);

export const orderListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('productOrders'));

export const orderDetailPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('productOrderDetail')}?id=${id}`);
