import type { Tenant } from '@cmp/domain';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const activityListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('activityList'));

/** One activity's page (`?activityId=`): its fields, rules, reward statistics and status actions. */
export const activityDetailPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('activityDetail')}?activityId=${id}`);

/** The editor of a new activity of one type. */
export const activityCreatePath = (tenant: Tenant, type: ActivityType): string =>
  tenantPath(tenant, `${areaPath('activityCreate')}?activityType=${type}`);

export const activityEditPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('activityEditor')}?activityId=${id}`);
