import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { stationDirectory } from '../stations/stations.views.js';
import { rewardEvents, rewardProgress, rewardRecords } from './rewards.tables.js';

export type RewardEventRow = typeof rewardEvents.$inferSelect;
export type NewRewardRecord = typeof rewardRecords.$inferInsert;

/** A counter of the engine: activity, account ('' for a station's), scope. */
export interface ProgressKey {
  activityId: number;
  accountId: string;
  scope: string;
}
export const progressKey = (k: ProgressKey): string => `${k.activityId}|${k.accountId}|${k.scope}`;

/** Keeps the events, skipping those whose id the tenant has; answers the ids kept. */
export async function insertEvents(
  tx: DbOrTx,
  rows: (typeof rewardEvents.$inferInsert)[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const kept = await tx
    .insert(rewardEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ eventId: rewardEvents.eventId });
  return new Set(kept.map((row) => row.eventId));
}

/** The tenant's oldest events the engine has not read, `limit` at most. */
export async function pendingEvents(db: DbOrTx, tenant: Tenant, limit: number): Promise<RewardEventRow[]> {
  return db
    .select()
    .from(rewardEvents)
    .where(and(eq(rewardEvents.tenant, tenant), isNull(rewardEvents.processedAt)))
    .orderBy(asc(rewardEvents.seq))
    .limit(limit);
}

export async function markProcessed(tx: DbOrTx, seqs: readonly number[], at: Date): Promise<void> {
  if (seqs.length > 0) {
    await tx
      .update(rewardEvents)
      .set({ processedAt: at })
      .where(and(inArray(rewardEvents.seq, [...seqs]), isNull(rewardEvents.processedAt)));
  }
}

/** The counters named, as stored (missing ones are zero). */
export async function progressOf(db: DbOrTx, keys: readonly ProgressKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const json = JSON.stringify(keys.map((k) => ({ a: k.activityId, u: k.accountId, s: k.scope })));
  const rows = (await db.execute(sql`
    select p.activity_id, p.account_id, p.scope, p.value
    from ${rewardProgress} p
    join json_to_recordset(${json}::json) as k(a bigint, u text, s text)
      on p.activity_id = k.a and p.account_id = k.u and p.scope = k.s`)) as unknown as {
    rows: { activity_id: string | number; account_id: string; scope: string; value: number }[];
  };
  return new Map(
    rows.rows.map((row) => [
      progressKey({ activityId: Number(row.activity_id), accountId: row.account_id, scope: row.scope }),
      Number(row.value),
    ]),
  );
}

export async function saveProgress(
  tx: DbOrTx,
  values: readonly (ProgressKey & { value: number })[],
): Promise<void> {
  if (values.length === 0) return;
  await tx
    .insert(rewardProgress)
    .values([...values])
    .onConflictDoUpdate({
      target: [rewardProgress.activityId, rewardProgress.accountId, rewardProgress.scope],
      set: { value: sql`excluded.value` },
    });
}

/** Which of the event keys (per activity) have a reward already. */
export async function givenKeys(
  db: DbOrTx,
  keys: readonly { activityId: number; eventKey: string }[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const json = JSON.stringify(keys.map((k) => ({ a: k.activityId, k: k.eventKey })));
  const rows = (await db.execute(sql`
    select r.activity_id, r.event_key
    from ${rewardRecords} r
    join json_to_recordset(${json}::json) as k(a bigint, k text)
      on r.activity_id = k.a and r.event_key = k.k`)) as unknown as {
    rows: { activity_id: string | number; event_key: string }[];
  };
  return new Set(rows.rows.map((row) => `${Number(row.activity_id)}|${row.event_key}`));
}

export async function insertRewards(tx: DbOrTx, rows: readonly NewRewardRecord[]): Promise<void> {
  // A batch of one request stays far below PostgreSQL's 65,535 parameters: 1,000 events give a few rewards each.
  for (let i = 0; i < rows.length; i += 2000) {
    await tx
      .insert(rewardRecords)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
  }
}

export async function stationNames(db: DbOrTx, resourceIds: readonly string[]): Promise<Map<string, string>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await db
    .select({ resourceId: stationDirectory.resourceId, resourceName: stationDirectory.resourceName })
    .from(stationDirectory)
    .where(inArray(stationDirectory.resourceId, [...new Set(resourceIds)]));
  return new Map(rows.map((row) => [row.resourceId, row.resourceName ?? '']));
}
