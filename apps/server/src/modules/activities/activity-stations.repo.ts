import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { stationDirectory } from '../stations/stations.views.js';
import { couponBatchNames } from '../coupons/coupons.views.js';
import { activityStationAwards, activityStations } from './activities.tables.js';

export type ActivityStationRow = typeof activityStations.$inferSelect;

/** The tenant's activity's relations of these stations. */
export async function relationsOf(
  db: DbOrTx,
  tenant: Tenant,
  activityId: number,
  resourceIds: readonly string[],
): Promise<ActivityStationRow[]> {
  if (resourceIds.length === 0) return [];
  return db
    .select()
    .from(activityStations)
    .where(
      and(
        eq(activityStations.tenant, tenant),
        eq(activityStations.activityId, activityId),
        inArray(activityStations.resourceId, [...resourceIds]),
      ),
    );
}

/** The stations among `ids` that exist, with their operators. */
export async function stationsOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { operatorId: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ resourceId: stationDirectory.resourceId, operatorId: stationDirectory.operatorId })
    .from(stationDirectory)
    .where(inArray(stationDirectory.resourceId, [...ids]));
  return new Map(rows.map((row) => [row.resourceId, { operatorId: row.operatorId }]));
}

/** Adds the stations to the activity, active; answers those that were not in it yet. */
export async function addStations(
  tx: DbOrTx,
  tenant: Tenant,
  activityId: number,
  resourceIds: readonly string[],
): Promise<string[]> {
  if (resourceIds.length === 0) return [];
  const rows = await tx
    .insert(activityStations)
    .values(resourceIds.map((resourceId) => ({ tenant, activityId, resourceId })))
    .onConflictDoNothing()
    .returning({ resourceId: activityStations.resourceId });
  return rows.map((row) => row.resourceId);
}

/** Adds every station of the operator in one statement; answers how many were not in the activity yet. */
export async function addStationsOfOperator(
  tx: DbOrTx,
  tenant: Tenant,
  activityId: number,
  operatorId: string,
): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${activityStations} (tenant, activity_id, resource_id)
    select ${tenant}, ${activityId}, ${stationDirectory.resourceId}
    from ${stationDirectory} where ${stationDirectory.operatorId} = ${operatorId}
    on conflict do nothing
    returning resource_id`);
  // Both drivers answer the returned rows as `rows`.
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export async function activeCount(db: DbOrTx, activityId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityStations)
    .where(and(eq(activityStations.activityId, activityId), eq(activityStations.active, true)));
  return row?.n ?? 0;
}

/**
 * Deactivates the active stations of the activity past the first `max` (by when they joined): those just
 * added go first. Answers their ids.
 */
export async function deactivateBeyond(tx: DbOrTx, activityId: number, max: number): Promise<string[]> {
  const result = await tx.execute(sql`
    update ${activityStations} set active = false
    where ${activityStations.relationId} in (
      select relation_id from ${activityStations}
      where activity_id = ${activityId} and active
      order by relation_id offset ${max})
    returning resource_id`);
  return (result as unknown as { rows: { resource_id: string }[] }).rows.map((row) => row.resource_id);
}

/** Switches the station in the activity; undefined when it does not take part. */
export async function setActive(
  tx: DbOrTx,
  activityId: number,
  resourceId: string,
  active: boolean,
): Promise<ActivityStationRow | undefined> {
  const [row] = await tx
    .update(activityStations)
    .set({ active })
    .where(and(eq(activityStations.activityId, activityId), eq(activityStations.resourceId, resourceId)))
    .returning();
  return row;
}

export async function removeStation(
  tx: DbOrTx,
  activityId: number,
  resourceId: string,
): Promise<ActivityStationRow | undefined> {
  const [row] = await tx
    .delete(activityStations)
    .where(and(eq(activityStations.activityId, activityId), eq(activityStations.resourceId, resourceId)))
    .returning();
  return row;
}

export type StationAwardRow = typeof activityStationAwards.$inferSelect;

/** The awards of these relations, with their batches' coupon names, by degree. */
export async function awardsOf(db: DbOrTx, relationIds: readonly number[]) {
  if (relationIds.length === 0) return [];
  return db
    .select({
      relationId: activityStationAwards.relationId,
      degree: activityStationAwards.degree,
      couponBatchId: activityStationAwards.couponBatchId,
      couponBatchName: couponBatchNames.couponName,
      totalAmount: activityStationAwards.totalAmount,
      issueAmount: activityStationAwards.issueAmount,
    })
    .from(activityStationAwards)
    .leftJoin(couponBatchNames, eq(couponBatchNames.couponBatchId, activityStationAwards.couponBatchId))
    .where(inArray(activityStationAwards.relationId, [...relationIds]))
    .orderBy(activityStationAwards.relationId, activityStationAwards.degree);
}

/** The relation's awards, locked, so two binds of one station run one after the other. */
export async function lockAwards(tx: DbOrTx, relationId: number): Promise<StationAwardRow[]> {
  return tx
    .select()
    .from(activityStationAwards)
    .where(eq(activityStationAwards.relationId, relationId))
    .for('update');
}

/** Replaces the relation's awards, keeping what each degree already gave. */
export async function replaceAwards(
  tx: DbOrTx,
  relationId: number,
  awards: readonly { degree: number; couponBatchId: number; totalAmount: number; issueAmount: number }[],
): Promise<void> {
  await tx.delete(activityStationAwards).where(eq(activityStationAwards.relationId, relationId));
  if (awards.length > 0) {
    await tx.insert(activityStationAwards).values(awards.map((award) => ({ relationId, ...award })));
  }
}

/** The relation of a station in an activity, locked. */
export async function lockRelation(
  tx: DbOrTx,
  tenant: Tenant,
  activityId: number,
  resourceId: string,
): Promise<ActivityStationRow | undefined> {
  const [row] = await tx
    .select()
    .from(activityStations)
    .where(
      and(
        eq(activityStations.tenant, tenant),
        eq(activityStations.activityId, activityId),
        eq(activityStations.resourceId, resourceId),
      ),
    )
    .for('update');
  return row;
}
