import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  PUSH_MAX_ATTEMPTS,
  type DeliveryChannel,
  type DeliveryCounts,
  type PUSH_BATCH_SORTABLE,
  type PushBatchFilter,
} from '@cmp/domain/push-messages/push-messages';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { pushBatches, pushRecipients } from './push-messages.tables.js';

export type PushBatchRow = typeof pushBatches.$inferSelect;
export type NewPushBatch = typeof pushBatches.$inferInsert;

export type PushBatchScopedFilter = Omit<PushBatchFilter, 'sort'> & { tenant: Tenant };

function batchWhere({ tenant, ...f }: PushBatchScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(pushBatches.tenant, tenant)];
  if (f.batchId !== undefined) conditions.push(eq(pushBatches.batchId, f.batchId));
  if (f.title) conditions.push(sql`strpos(${pushBatches.title}, ${f.title}) > 0`);
  if (f.status) conditions.push(eq(pushBatches.status, f.status));
  if (f.targetClient) conditions.push(sql`${pushBatches.targetClients} ? ${f.targetClient}`);
  if (f.createdFrom !== undefined) conditions.push(gte(pushBatches.createdAt, new Date(f.createdFrom)));
  if (f.createdTo !== undefined) conditions.push(lte(pushBatches.createdAt, new Date(f.createdTo)));
  return and(...conditions)!;
}

/** The push batch list: the latest created first. */
export const pushBatchList = defineList({
  table: pushBatches,
  id: pushBatches.batchId,
  sort: {
    keys: {
      createdAt: pushBatches.createdAt,
      updatedAt: pushBatches.updatedAt,
      pushAt: pushBatches.pushAt,
      batchId: pushBatches.batchId,
    } satisfies Record<(typeof PUSH_BATCH_SORTABLE)[number], AnyPgColumn>,
    default: 'createdAt:desc',
  },
  where: batchWhere,
  select: (db, cursor) =>
    db
      .select({ ...cursor, batch: pushBatches })
      .from(pushBatches)
      .$dynamic(),
});

export async function findBatch(
  db: DbOrTx,
  tenant: Tenant,
  batchId: number,
): Promise<PushBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(pushBatches)
    .where(and(eq(pushBatches.tenant, tenant), eq(pushBatches.batchId, batchId)));
  return row;
}

export async function lockBatch(
  tx: DbOrTx,
  tenant: Tenant,
  batchId: number,
): Promise<PushBatchRow | undefined> {
  const [row] = await tx
    .select()
    .from(pushBatches)
    .where(and(eq(pushBatches.tenant, tenant), eq(pushBatches.batchId, batchId)))
    .for('update');
  return row;
}

export async function insertBatch(tx: DbOrTx, values: NewPushBatch): Promise<PushBatchRow> {
  const [row] = await tx.insert(pushBatches).values(values).returning();
  return row!;
}

export async function updateBatch(
  tx: DbOrTx,
  batchId: number,
  values: Partial<NewPushBatch>,
): Promise<PushBatchRow> {
  const [row] = await tx
    .update(pushBatches)
    .set({ ...values, version: sql`${pushBatches.version} + 1`, updatedAt: sql`now()` })
    .where(eq(pushBatches.batchId, batchId))
    .returning();
  return row!;
}

/** Moves the recipient count by what a change added or removed. */
export async function countRecipients(tx: DbOrTx, batchId: number, change: number): Promise<void> {
  if (change === 0) return;
  await tx
    .update(pushBatches)
    .set({ recipients: sql`${pushBatches.recipients} + ${change}` })
    .where(eq(pushBatches.batchId, batchId));
}

export async function deliveryCounts(db: DbOrTx, batchId: number): Promise<DeliveryCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${pushRecipients.state} = 'pending')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${pushRecipients.state} = 'sent')`.mapWith(Number),
      acknowledged: sql<number>`count(*) filter (where ${pushRecipients.state} = 'acknowledged')`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${pushRecipients.state} = 'failed')`.mapWith(Number),
      duplicates: sql<number>`coalesce(sum(${pushRecipients.duplicates}), 0)`.mapWith(Number),
    })
    .from(pushRecipients)
    .where(eq(pushRecipients.batchId, batchId));
  return row!;
}

/** Adds the accounts not in the batch yet; answers how many were added. */
export async function addRecipients(
  tx: DbOrTx,
  batchId: number,
  accountIds: readonly string[],
): Promise<number> {
  let added = 0;
  for (let at = 0; at < accountIds.length; at += 1_000) {
    const rows = await tx
      .insert(pushRecipients)
      .values(accountIds.slice(at, at + 1_000).map((accountId) => ({ batchId, accountId })))
      .onConflictDoNothing()
      .returning({ accountId: pushRecipients.accountId });
    added += rows.length;
  }
  await countRecipients(tx, batchId, added);
  return added;
}

export async function removeRecipient(tx: DbOrTx, batchId: number, accountId: string): Promise<boolean> {
  const removed = await tx
    .delete(pushRecipients)
    .where(and(eq(pushRecipients.batchId, batchId), eq(pushRecipients.accountId, accountId)))
    .returning({ accountId: pushRecipients.accountId });
  await countRecipients(tx, batchId, -removed.length);
  return removed.length > 0;
}

export async function emptyRecipients(tx: DbOrTx, batchId: number): Promise<void> {
  await tx.delete(pushRecipients).where(eq(pushRecipients.batchId, batchId));
  await tx.update(pushBatches).set({ recipients: 0 }).where(eq(pushBatches.batchId, batchId));
}

export async function findRecipient(db: DbOrTx, batchId: number, accountId: string) {
  const [row] = await db
    .select()
    .from(pushRecipients)
    .where(and(eq(pushRecipients.batchId, batchId), eq(pushRecipients.accountId, accountId)));
  return row;
}

/** A page of a batch's recipients in account order, with their account's nickname and mobile. */
export async function recipientPage(
  db: DbOrTx,
  tenant: Tenant,
  batchId: number,
  query: { accountId?: string; state?: string; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(pushRecipients.batchId, batchId),
    query.accountId ? eq(pushRecipients.accountId, query.accountId) : undefined,
    query.state ? eq(pushRecipients.state, query.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        recipient: pushRecipients,
        nickname: accountDirectory.nickName,
        mobile: accountDirectory.mobile,
      })
      .from(pushRecipients)
      .leftJoin(
        accountDirectory,
        and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.accountId, pushRecipients.accountId)),
      )
      .where(where)
      .orderBy(asc(pushRecipients.accountId))
      .limit(query.pageSize)
      .offset(query.pageSize * (query.pageNo - 1)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(pushRecipients)
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Puts recipients back to be pushed: the failed ones (a retry), or one account (a push to it). */
export async function requeue(
  tx: DbOrTx,
  batchId: number,
  which: { failed: true } | { accountId: string },
): Promise<number> {
  const rows = await tx
    .update(pushRecipients)
    .set({ state: 'pending', attempts: 0, retryAt: null })
    .where(
      and(
        eq(pushRecipients.batchId, batchId),
        'failed' in which
          ? eq(pushRecipients.state, 'failed')
          : eq(pushRecipients.accountId, which.accountId),
      ),
    )
    .returning({ accountId: pushRecipients.accountId });
  return rows.length;
}

export async function pendingCount(db: DbOrTx, batchId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(pushRecipients)
    .where(and(eq(pushRecipients.batchId, batchId), eq(pushRecipients.state, 'pending')));
  return row?.n ?? 0;
}

/**
 * Takes the next recipients due: pending, past any backoff, in account order. With `mark`, each is marked
 * in flight and its attempt counted first, in one statement: a recipient found already in flight was being
 * pushed when a process died, so this delivery may be its second and is counted as a duplicate.
 */
export async function takeDue(db: DbOrTx, batchId: number, limit: number, mark: boolean): Promise<string[]> {
  const due = sql`select ${pushRecipients.accountId} from ${pushRecipients}
    where ${pushRecipients.batchId} = ${batchId} and ${pushRecipients.state} = 'pending'
      and (${pushRecipients.retryAt} is null or ${pushRecipients.retryAt} <= now())
    order by ${pushRecipients.accountId} limit ${limit}`;
  if (!mark) {
    const rows = await db.execute<{ account_id: string }>(due);
    return rowsOf<{ account_id: string }>(rows).map((row) => row.account_id);
  }
  const rows = await db.execute<{ account_id: string }>(sql`
    update ${pushRecipients} set
      duplicates = ${pushRecipients.duplicates} + (case when ${pushRecipients.inFlightAt} is not null then 1 else 0 end),
      attempts = ${pushRecipients.attempts} + 1,
      in_flight_at = now()
    where ${pushRecipients.batchId} = ${batchId} and ${pushRecipients.accountId} in (${due})
    returning ${pushRecipients.accountId}`);
  return rowsOf<{ account_id: string }>(rows)
    .map((row) => row.account_id)
    .sort();
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

/** The earliest time a recipient waiting for its next attempt is due, when one waits. */
export async function nextRetryAt(db: DbOrTx, batchId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${pushRecipients.retryAt})` })
    .from(pushRecipients)
    .where(and(eq(pushRecipients.batchId, batchId), eq(pushRecipients.state, 'pending')));
  return row?.at ? new Date(row.at) : null;
}

/** Records the broker's acknowledgements (or, with no broker, the messages left for the apps' fetch). */
export async function recordSent(
  tx: DbOrTx,
  batchId: number,
  accountIds: readonly string[],
  channel: DeliveryChannel,
): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .update(pushRecipients)
    .set({
      state: 'sent',
      channel,
      sentAt: sql`now()`,
      inFlightAt: null,
      retryAt: null,
      lastError: null,
      // A broker's attempts were counted when they went out; the outbox's one is this.
      ...(channel === 'outbox' ? { attempts: sql`${pushRecipients.attempts} + 1` } : {}),
    })
    .where(and(eq(pushRecipients.batchId, batchId), inArray(pushRecipients.accountId, [...accountIds])));
}

/**
 * Records failed attempts: tried again after 1, 4, 16 times `retryMs`, `failed` after the last attempt, the
 * error kept either way.
 */
export async function recordFailed(
  tx: DbOrTx,
  batchId: number,
  accountIds: readonly string[],
  error: string,
  retryMs: number,
): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .update(pushRecipients)
    .set({
      state: sql`case when ${pushRecipients.attempts} >= ${PUSH_MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      retryAt: sql`now() + make_interval(secs => ${retryMs / 1000}::float8 * power(4, ${pushRecipients.attempts} - 1))`,
      inFlightAt: null,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(pushRecipients.batchId, batchId), inArray(pushRecipients.accountId, [...accountIds])));
}

/** Ends a push: the batch is `pushed` unless a later push of it was started meanwhile. */
export async function finishPush(tx: DbOrTx, batchId: number, jobId: number): Promise<void> {
  await tx
    .update(pushBatches)
    .set({ status: 'pushed', updatedAt: sql`now()` })
    .where(and(eq(pushBatches.batchId, batchId), eq(pushBatches.jobId, jobId)));
}

/** Scheduled batches whose time came, each taken by one process. */
export async function takeDueBatches(tx: DbOrTx, limit: number): Promise<PushBatchRow[]> {
  return tx
    .select()
    .from(pushBatches)
    .where(and(eq(pushBatches.status, 'scheduled'), lte(pushBatches.pushAt, sql`now()`)))
    .orderBy(asc(pushBatches.pushAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks delivered messages acknowledged by their app. */
export async function acknowledgeRecipients(
  tx: DbOrTx,
  tenant: Tenant,
  accountId: string,
  batchIds: readonly number[],
): Promise<number> {
  if (batchIds.length === 0) return 0;
  const rows = await tx
    .update(pushRecipients)
    .set({ state: 'acknowledged', acknowledgedAt: sql`now()` })
    .where(
      and(
        eq(pushRecipients.accountId, accountId),
        inArray(pushRecipients.batchId, [...batchIds]),
        inArray(
          pushRecipients.batchId,
          tx.select({ id: pushBatches.batchId }).from(pushBatches).where(eq(pushBatches.tenant, tenant)),
        ),
        eq(pushRecipients.state, 'sent'),
      ),
    )
    .returning({ batchId: pushRecipients.batchId });
  return rows.length;
}

/** An account's batch messages waiting for its acknowledgement, of its tenant, oldest first. */
export async function sentToAccount(db: DbOrTx, tenant: Tenant, accountId: string, limit: number) {
  return db
    .select({ batch: pushBatches, sentAt: pushRecipients.sentAt })
    .from(pushRecipients)
    .innerJoin(pushBatches, eq(pushBatches.batchId, pushRecipients.batchId))
    .where(
      and(
        eq(pushRecipients.accountId, accountId),
        eq(pushRecipients.state, 'sent'),
        eq(pushBatches.tenant, tenant),
      ),
    )
    .orderBy(asc(pushRecipients.sentAt), asc(pushRecipients.batchId))
    .limit(limit);
}
