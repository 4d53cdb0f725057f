import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { activityStations } from './activities.tables.js';

/*
 * The stations taking part in activities, as subqueries of their resource ids, for the stations module's
 * lists (its `ActivityStations` port, which app.ts hands these).
 */

/** The stations of a tenant's activity; with `active`, only those (de)activated in it. */
export const stationsInActivity = (tenant: Tenant, activityId: number, active?: boolean): SQLWrapper =>
  sql`(select ${activityStations.resourceId} from ${activityStations} where ${and(
    eq(activityStations.tenant, tenant),
    eq(activityStations.activityId, activityId),
    active === undefined ? undefined : eq(activityStations.active, active),
  )})`;

/** The stations taking part in any activity of the tenant. */
export const stationsInActivitiesOf = (tenant: Tenant): SQLWrapper =>
  sql`(select ${activityStations.resourceId} from ${activityStations} where ${eq(activityStations.tenant, tenant)})`;
