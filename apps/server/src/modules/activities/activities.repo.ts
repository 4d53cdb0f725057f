import { and, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { ACTIVITY_SORTABLE, ActivityFilter } from '@cmp/domain/activities/activity-contracts';
import type { ActivityStatus } from '@cmp/domain/activities/activity-statuses';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { operatorNames } from '../operators/operators.views.js';
import { stationDirectory } from '../stations/stations.views.js';
import { activities, activityRewards, activityStations } from './activities.tables.js';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;

/** The activity filter (spec M3.1.3) of one tenant, at the time the statuses are read at. */
export type ActivityScopedFilter = Omit<ActivityFilter, 'sort'> & { tenant: Tenant; now: number };

/** Which rows have a status at `now`, as `activityStatusOf` derives it. */
function statusIs(status: ActivityStatus, now: Date): SQL {
  const open = gt(activities.endTime, now);
  switch (status) {
    case 'finished':
      return or(eq(activities.state, 'finished'), lte(activities.endTime, now))!;
    case 'not_started':
      return and(eq(activities.state, 'created'), open)!;
    case 'scheduled':
      return and(eq(activities.state, 'started'), open, gt(activities.beginTime, now))!;
    case 'in_progress':
      return and(eq(activities.state, 'started'), open, lte(activities.beginTime, now))!;
  }
}

function searchCondition(f: ActivityScopedFilter): SQL | undefined {
  const text = f.searchInput;
  if (!text) return undefined;
  switch (f.searchInputSelect) {
    case 'activityId':
      // An id is a whole number; any other text matches no activity.
      return /^\d{1,15}$/.test(text) ? eq(activities.activityId, Number(text)) : sql`false`;
    case 'creatorName':
      return contains(activities.creatorName, text);
    case 'activityName':
      return contains(activities.activityName, text);
  }
}

function activityWhere(f: ActivityScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(activities.tenant, f.tenant), searchCondition(f)];
  if (f.activityTypes && f.activityTypes.length > 0) {
    conditions.push(inArray(activities.activityType, f.activityTypes));
  }
  if (f.activityStatus) conditions.push(statusIs(f.activityStatus, new Date(f.now)));
  if (f.createTimeBegin !== undefined)
    conditions.push(gte(activities.createdAt, new Date(f.createTimeBegin)));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeEnd !== undefined) conditions.push(lt(activities.createdAt, new Date(f.createTimeEnd + 1)));
  if (f.activityName) conditions.push(contains(activities.activityName, f.activityName));
  if (f.creatorName) conditions.push(contains(activities.creatorName, f.creatorName));
  const station: SQL[] = [];
  if (f.resourceId) station.push(eq(activityStations.resourceId, f.resourceId));
  if (f.resourceName) station.push(contains(stationDirectory.resourceName, f.resourceName));
  if (f.resourceType) station.push(eq(stationDirectory.resourceType, f.resourceType));
  if (station.length > 0) {
    conditions.push(
      inArray(
        activities.activityId,
        sql`(select ${activityStations.activityId} from ${activityStations}
             left join ${stationDirectory} on ${stationDirectory.resourceId} = ${activityStations.resourceId}
             where ${activityStations.tenant} = ${f.tenant} and ${and(...station)})`,
      ),
    );
  }
  return and(...conditions)!;
}

// Qualified by hand: in a select of one table Drizzle writes its columns unqualified, and inside this
// subquery an unqualified activity_id would be activity_stations' own, counting every activity's stations.
const stationCount = sql<number>`(select count(*)::int from ${activityStations}
  where ${activityStations.activityId} = ${sql.identifier('activities')}.${sql.identifier('activity_id')})`.as(
  'station_count',
);

/** The activity list: the latest created first, ties by id. */
export const activityList = defineList({
  table: activities,
  id: activities.activityId,
  sort: {
    keys: {
      createTime: activities.createdAt,
      beginTime: activities.beginTime,
      endTime: activities.endTime,
      activityName: activities.activityName,
    } satisfies Record<(typeof ACTIVITY_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: activityWhere,
  select: (db, cursor) =>
    db
      .select({ activity: activities, stationCount, ...cursor })
      .from(activities)
      .$dynamic(),
});

export interface ActivityWithCount {
  activity: ActivityRow;
  stationCount: number;
}

export async function findActivity(
  db: DbOrTx,
  tenant: Tenant,
  activityId: number,
): Promise<ActivityWithCount | undefined> {
  const [row] = await db
    .select({ activity: activities, stationCount })
    .from(activities)
    .where(and(eq(activities.tenant, tenant), eq(activities.activityId, activityId)));
  return row;
}

export async function activityNames(
  db: DbOrTx,
  activityIds: readonly number[],
): Promise<Map<number, string>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({ activityId: activities.activityId, activityName: activities.activityName })
    .from(activities)
    .where(inArray(activities.activityId, [...activityIds]));
  return new Map(rows.map((row) => [row.activityId, row.activityName]));
}

/** The activity, locked until the transaction ends, so two changes of it run one after the other. */
export async function lockActivity(
  tx: DbOrTx,
  tenant: Tenant,
  activityId: number,
): Promise<ActivityRow | undefined> {
  const [row] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenant, tenant), eq(activities.activityId, activityId)))
    .for('update');
  return row;
}

export async function insertActivity(tx: DbOrTx, values: NewActivity): Promise<ActivityRow> {
  const [row] = await tx.insert(activities).values(values).returning();
  return row!;
}

export async function updateActivity(
  tx: DbOrTx,
  activityId: number,
  values: Partial<NewActivity>,
): Promise<ActivityRow> {
  const [row] = await tx
    .update(activities)
    .set({ ...values, version: sql`${activities.version} + 1`, updatedAt: sql`now()` })
    .where(eq(activities.activityId, activityId))
    .returning();
  return row!;
}

export async function deleteActivity(tx: DbOrTx, activityId: number): Promise<void> {
  await tx.delete(activities).where(eq(activities.activityId, activityId));
}

export async function hasRewards(db: DbOrTx, activityId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(activityRewards)
    .where(eq(activityRewards.activityId, activityId))
    .limit(1);
  return row !== undefined;
}

/** Red packets (cents) and points the activities gave, by activity; an activity that gave none is absent. */
export async function rewardTotals(
  db: DbOrTx,
  activityIds: readonly number[],
): Promise<Map<number, { totalRedPacket: number; totalNioPoint: number }>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({
      activityId: activityRewards.activityId,
      totalRedPacket:
        sql<number>`coalesce(sum(${activityRewards.amount}) filter (where ${activityRewards.rewardKind} = 'red_packet'), 0)::bigint`.mapWith(
          Number,
        ),
      totalNioPoint:
        sql<number>`coalesce(sum(${activityRewards.amount}) filter (where ${activityRewards.rewardKind} = 'nio_point'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(activityRewards)
    .where(inArray(activityRewards.activityId, [...activityIds]))
    .groupBy(activityRewards.activityId);
  return new Map(rows.map(({ activityId, ...totals }) => [activityId, totals]));
}

/** The tenant's coupon batches among `ids`, with their coupon names. */
/** Which of the operator ids exist. */
export async function existingOperators(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ operatorId: operatorNames.operatorId })
    .from(operatorNames)
    .where(inArray(operatorNames.operatorId, [...ids]));
  return new Set(rows.map((row) => row.operatorId));
}

/** The activities started and open at some time of [start, end) in which the station is active. */
function liveForStation(tenant: Tenant, resourceId: string, start: Date, end: Date): SQL {
  return and(
    eq(activities.tenant, tenant),
    eq(activities.state, 'started'),
    lt(activities.beginTime, end),
    gt(activities.endTime, start),
    inArray(
      activities.activityId,
      sql`(select ${activityStations.activityId} from ${activityStations}
           where ${activityStations.tenant} = ${tenant} and ${activityStations.resourceId} = ${resourceId}
             and ${activityStations.active})`,
    ),
  )!;
}

/** The charging discounts live for the station at some time of the window, as the quote reads them. */
export async function discountsForStation(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  start: number,
  end: number,
) {
  return db
    .select({
      activityId: activities.activityId,
      activityName: activities.activityName,
      beginTime: activities.beginTime,
      endTime: activities.endTime,
      chargingDiscountRules: activities.chargingDiscountRules,
    })
    .from(activities)
    .where(
      and(
        eq(activities.activityType, 'charging_discount'),
        liveForStation(tenant, resourceId, new Date(start), new Date(end)),
      ),
    )
    .orderBy(activities.activityId);
}

/** Every activity in progress at `at` in which the station is active, oldest first. */
export async function liveAtStation(db: DbOrTx, tenant: Tenant, resourceId: string, at: number) {
  return db
    .select()
    .from(activities)
    .where(liveForStation(tenant, resourceId, new Date(at), new Date(at + 1)))
    .orderBy(activities.activityId);
}

/** The activity's rewards summed per day in UTC+08:00, the zone every tenant works in. */
export async function rewardsByDay(db: DbOrTx, activityId: number) {
  const day = sql<string>`to_char(${activityRewards.givenAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      totalRedPacket:
        sql<number>`coalesce(sum(${activityRewards.amount}) filter (where ${activityRewards.rewardKind} = 'red_packet'), 0)::bigint`.mapWith(
          Number,
        ),
      totalNioPoint:
        sql<number>`coalesce(sum(${activityRewards.amount}) filter (where ${activityRewards.rewardKind} = 'nio_point'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(activityRewards)
    .where(eq(activityRewards.activityId, activityId))
    .groupBy(day)
    .orderBy(day);
}

/**
 * The tenant's other charging discounts not finished by staff whose window meets [begin, end), with how
 * many of the activity's stations they share.
 */
export async function overlappingDiscounts(
  db: DbOrTx,
  tenant: Tenant,
  activityId: number,
  begin: Date,
  end: Date,
) {
  const mine = sql`(select ${activityStations.resourceId} from ${activityStations}
    where ${activityStations.activityId} = ${activityId})`;
  const sharedStations = sql<number>`count(*)::int`.mapWith(Number);
  return db
    .select({
      activityId: activities.activityId,
      activityName: activities.activityName,
      state: activities.state,
      beginTime: activities.beginTime,
      endTime: activities.endTime,
      sharedStations,
    })
    .from(activities)
    .innerJoin(activityStations, eq(activityStations.activityId, activities.activityId))
    .where(
      and(
        eq(activities.tenant, tenant),
        eq(activities.activityType, 'charging_discount'),
        sql`${activities.activityId} <> ${activityId}`,
        sql`${activities.state} <> 'finished'`,
        lt(activities.beginTime, end),
        gt(activities.endTime, begin),
        inArray(activityStations.resourceId, mine),
      ),
    )
    .groupBy(activities.activityId)
    .orderBy(activities.activityId);
}
