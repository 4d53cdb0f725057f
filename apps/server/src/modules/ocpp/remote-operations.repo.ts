import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type {
  RemoteOperationLog,
  RemoteOperationStatus,
  RemoteOperationType,
  RemoteOperatorType,
} from '@cmp/domain/stations/remote-operations';
import type { DbOrTx } from '../../platform/db/database.js';
import { remoteOperationLogs } from './ocpp.tables.js';

export type RemoteOperationLogRow = typeof remoteOperationLogs.$inferSelect;
export type NewRemoteOperationLog = typeof remoteOperationLogs.$inferInsert;

/** The statuses an operation is still under way in. */
export const OPEN_STATUSES = [0, 3] as const;

export function toRemoteOperationLog(row: RemoteOperationLogRow): RemoteOperationLog {
  return {
    remoteOperationLogId: row.remoteOperationLogId,
    resourceId: row.resourceId,
    chargePointId: row.chargePointId,
    connectorNo: row.connectorNo,
    operatorType: row.operatorType as RemoteOperatorType,
    operationType: row.operationType as RemoteOperationType,
    operator: row.operator,
    commandId: row.commandId,
    command: row.command,
    commandInfo: row.commandInfo,
    status: row.status as RemoteOperationStatus,
    reason: row.reason,
    upgradeInfo: row.upgradeInfo ?? null,
    chargeSessionId: row.chargeSessionId,
    createAt: row.createAt.getTime(),
    updateAt: row.updateAt.getTime(),
    progress: row.progress,
    percentage: row.percentage,
  };
}

export async function insertLog(db: DbOrTx, values: NewRemoteOperationLog): Promise<RemoteOperationLogRow> {
  const [row] = await db.insert(remoteOperationLogs).values(values).returning();
  return row!;
}

export async function findLog(db: DbOrTx, logId: number): Promise<RemoteOperationLogRow | undefined> {
  const [row] = await db
    .select()
    .from(remoteOperationLogs)
    .where(eq(remoteOperationLogs.remoteOperationLogId, logId));
  return row;
}

/**
 * The charger's answer to the call. Only an operation still waiting (status 0) takes the answer's status:
 * an answer that comes after the issuer gave up, or after the charger's own notification already
 * finished the operation, never overwrites a final status.
 */
export async function recordAnswer(
  db: DbOrTx,
  logId: number,
  answer: {
    commandId: string | null;
    answer: Record<string, unknown> | null;
    status: RemoteOperationStatus;
    reason: string | null;
  },
): Promise<void> {
  const { status } = remoteOperationLogs;
  await db
    .update(remoteOperationLogs)
    .set({
      commandId: answer.commandId,
      answer: answer.answer,
      status: sql`case when ${status} = 0 then ${answer.status}::smallint else ${status} end`,
      reason: sql`case when ${status} = 0 then ${answer.reason}::text else ${remoteOperationLogs.reason} end`,
      updateAt: sql`now()`,
    })
    .where(eq(remoteOperationLogs.remoteOperationLogId, logId));
}

/** Fails an operation still waiting for its answer (offline, timeout); a finished one stays as it is. */
export async function failWaiting(db: DbOrTx, logId: number, reason: string): Promise<void> {
  await db
    .update(remoteOperationLogs)
    .set({ status: 2, reason, updateAt: sql`now()` })
    .where(and(eq(remoteOperationLogs.remoteOperationLogId, logId), eq(remoteOperationLogs.status, 0)));
}

/** The oldest operation of a type still under way on a charger, matching `where`. */
export async function oldestOpen(
  db: DbOrTx,
  chargePointId: string,
  operationType: RemoteOperationType,
  where?: SQL,
): Promise<RemoteOperationLogRow | undefined> {
  const [row] = await db
    .select()
    .from(remoteOperationLogs)
    .where(
      and(
        eq(remoteOperationLogs.chargePointId, chargePointId),
        eq(remoteOperationLogs.operationType, operationType),
        inArray(remoteOperationLogs.status, [...OPEN_STATUSES]),
        where,
      ),
    )
    .orderBy(asc(remoteOperationLogs.createAt), asc(remoteOperationLogs.remoteOperationLogId))
    .limit(1);
  return row;
}

/** A charger's notification moves an open operation along; a finished one is left alone. */
export async function advanceOpen(
  db: DbOrTx,
  logId: number,
  change: Partial<
    Pick<NewRemoteOperationLog, 'status' | 'reason' | 'progress' | 'percentage' | 'chargeSessionId'>
  > & {
    upgradeInfo?: SQL;
  },
): Promise<RemoteOperationLogRow | undefined> {
  const [row] = await db
    .update(remoteOperationLogs)
    .set({ ...change, updateAt: sql`now()` })
    .where(
      and(
        eq(remoteOperationLogs.remoteOperationLogId, logId),
        inArray(remoteOperationLogs.status, [...OPEN_STATUSES]),
      ),
    )
    .returning();
  return row;
}

export interface RemoteOperationFilter {
  tenant: Tenant;
  resourceId?: string;
  chargePointId?: string;
  chargeSessionId?: string;
  operationType?: RemoteOperationType;
  createTimeBegin?: number;
  createTimeEnd?: number;
  /** Empty: every status. */
  statuses: number[];
}

export function remoteOperationWhere(filter: RemoteOperationFilter): SQL {
  const t = remoteOperationLogs;
  return and(
    eq(t.tenant, filter.tenant),
    filter.resourceId === undefined ? undefined : eq(t.resourceId, filter.resourceId),
    filter.chargePointId === undefined ? undefined : eq(t.chargePointId, filter.chargePointId),
    filter.chargeSessionId === undefined ? undefined : eq(t.chargeSessionId, filter.chargeSessionId),
    filter.operationType === undefined ? undefined : eq(t.operationType, filter.operationType),
    filter.createTimeBegin === undefined ? undefined : gte(t.createAt, new Date(filter.createTimeBegin)),
    filter.createTimeEnd === undefined ? undefined : lte(t.createAt, new Date(filter.createTimeEnd)),
    filter.statuses.length === 0 ? undefined : inArray(t.status, filter.statuses),
  )!;
}

const NEWEST_FIRST = [desc(remoteOperationLogs.createAt), desc(remoteOperationLogs.remoteOperationLogId)];

export async function listLogPage(
  db: DbOrTx,
  where: SQL,
  { pageNo, pageSize }: { pageNo: number; pageSize: number },
): Promise<{ rows: RemoteOperationLogRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(remoteOperationLogs)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(remoteOperationLogs).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function countLogs(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(remoteOperationLogs).where(where);
  return row?.total ?? 0;
}

export interface RemoteOperationCursor {
  createAt: string;
  remoteOperationLogId: number;
}

/** One batch of an export, read by key (newest first) so every batch costs the same. */
export async function exportLogBatch(
  db: DbOrTx,
  where: SQL,
  cursor: RemoteOperationCursor | null,
  size: number,
): Promise<{ rows: RemoteOperationLogRow[]; next: RemoteOperationCursor | null }> {
  const t = remoteOperationLogs;
  const rows = await db
    .select({ log: t, cursorAt: sql<string>`${t.createAt}::text` })
    .from(t)
    .where(
      and(
        where,
        cursor
          ? sql`(${t.createAt}, ${t.remoteOperationLogId}) < (${cursor.createAt}::timestamptz, ${cursor.remoteOperationLogId})`
          : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => r.log),
    next:
      last && rows.length === size
        ? { createAt: last.cursorAt, remoteOperationLogId: last.log.remoteOperationLogId }
        : null,
  };
}
