import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const groupChatListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('groupChats'));

/** The detail of one group (`?id=`), or the form of a new one without it. */
export const groupChatDetailPath = (tenant: Tenant, id?: number): string =>
  tenantPath(tenant, `${areaPath('groupChatDetail')}${id === undefined ? '' : `?id=${id}`}`);
