import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  FirmwareStatus,
  REMOTE_OPERATION_SORTABLE,
  RemoteOperationsByResourceQuery,
  RemoteOperationStatus,
  RemoteOperationType,
} from '@cmp/domain/stations/remote-operations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { remoteOperationLogs } from './ocpp.tables.js';

export type RemoteOperationLogRow = typeof remoteOperationLogs.$inferSelect;
export type NewRemoteOperationLog = typeof remoteOperationLogs.$inferInsert;

/** The statuses an operation is still under way in. */
export const OPEN_STATUSES = [0, 3] as const;

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

/** Completes the payload of a logged call before it goes out (a ReserveNow's id is its log's). */
export async function setCommandInfo(
  db: DbOrTx,
  logId: number,
  commandInfo: Record<string, unknown>,
): Promise<RemoteOperationLogRow> {
  const [row] = await db
    .update(remoteOperationLogs)
    .set({ commandInfo })
    .where(eq(remoteOperationLogs.remoteOperationLogId, logId))
    .returning();
  return row!;
}

/** The reservation (a RESERVE_NOW operation, numbered by its log id) a tenant made on a charger. */
export async function findReservation(
  db: DbOrTx,
  tenant: Tenant,
  chargePointId: string,
  reservationId: number,
): Promise<RemoteOperationLogRow | undefined> {
  const [row] = await db
    .select()
    .from(remoteOperationLogs)
    .where(
      and(
        eq(remoteOperationLogs.remoteOperationLogId, reservationId),
        eq(remoteOperationLogs.tenant, tenant),
        eq(remoteOperationLogs.chargePointId, chargePointId),
        eq(remoteOperationLogs.operationType, 'RESERVE_NOW'),
      ),
    );
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

/**
 * Ends the remote starts the chargers accepted more than `seconds` ago and started no transaction for:
 * OCPP sends nothing when the driver never plugs in, so the charger's connection timeout passes in silence.
 */
export async function endUnstartedRemoteStarts(db: DbOrTx, seconds: number): Promise<number> {
  const ended = await db
    .update(remoteOperationLogs)
    .set({ status: 2, reason: 'notStarted', updateAt: sql`now()` })
    .where(
      and(
        eq(remoteOperationLogs.operationType, 'REMOTE_START'),
        eq(remoteOperationLogs.status, 3),
        lt(remoteOperationLogs.updateAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .returning({ id: remoteOperationLogs.remoteOperationLogId });
  return ended.length;
}

/** The oldest operation of a type still under way on a charger, matching `where`. */
async function oldestOpen(
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

/**
 * The oldest remote start a transaction answers: for its id tag (a charger starts a remote start's
 * transaction with the id tag it was sent, OCPP 1.6 §5.11), on its connector or on whichever the charger
 * chose. A session of another id tag (a card, another remote start) answers none.
 */
export const openRemoteStart = (db: DbOrTx, chargePointId: string, connectorNo: number, idTag: string) =>
  oldestOpen(
    db,
    chargePointId,
    'REMOTE_START',
    and(
      or(isNull(remoteOperationLogs.connectorNo), eq(remoteOperationLogs.connectorNo, connectorNo)),
      sql`${remoteOperationLogs.commandInfo}->>'idTag' = ${idTag}`,
    ),
  );

/** The oldest remote stop still waiting for the session to end. */
export const openRemoteStop = (db: DbOrTx, chargePointId: string, chargeSessionId: string) =>
  oldestOpen(db, chargePointId, 'REMOTE_STOP', eq(remoteOperationLogs.chargeSessionId, chargeSessionId));

/** The oldest diagnostics request still waiting for its upload; with a token, the one whose link ends in it. */
export const openDiagnostics = (db: DbOrTx, chargePointId: string, token?: string) =>
  oldestOpen(
    db,
    chargePointId,
    'GET_DIAGNOSTICS',
    token === undefined
      ? undefined
      : sql`right(${remoteOperationLogs.commandInfo}->>'location', ${token.length + 1}) = ${`/${token}`}`,
  );

/** The oldest firmware update still under way on the charger. */
export const openFirmwareUpdate = (db: DbOrTx, chargePointId: string) =>
  oldestOpen(db, chargePointId, 'UPDATE_FIRMWARE');

/** A charger's notification moves an open operation along; a finished one is left alone. */
export async function advanceOpen(
  db: DbOrTx,
  logId: number,
  change: Partial<
    Pick<NewRemoteOperationLog, 'status' | 'reason' | 'progress' | 'percentage' | 'chargeSessionId'>
  > & { firmwareStatus?: FirmwareStatus },
): Promise<RemoteOperationLogRow | undefined> {
  const { firmwareStatus, ...columns } = change;
  const { upgradeInfo } = remoteOperationLogs;
  const [row] = await db
    .update(remoteOperationLogs)
    .set({
      ...columns,
      ...(firmwareStatus === undefined
        ? {}
        : {
            upgradeInfo: sql`case when ${upgradeInfo} is null then null
              else jsonb_set(${upgradeInfo}, '{firmwareStatus}', to_jsonb(${firmwareStatus}::text)) end`,
          }),
      updateAt: sql`now()`,
    })
    .where(
      and(
        eq(remoteOperationLogs.remoteOperationLogId, logId),
        inArray(remoteOperationLogs.status, [...OPEN_STATUSES]),
      ),
    )
    .returning();
  return row;
}

/** Adds the file a charger uploaded to what the operation's answer holds. */
export async function recordUploadedFile(
  db: DbOrTx,
  logId: number,
  uploaded: { key: string; name: string; size: number },
): Promise<void> {
  await db
    .update(remoteOperationLogs)
    .set({
      answer: sql`coalesce(${remoteOperationLogs.answer}, '{}'::jsonb) || jsonb_build_object('uploadedFile', ${JSON.stringify(uploaded)}::jsonb)`,
    })
    .where(eq(remoteOperationLogs.remoteOperationLogId, logId));
}

/**
 * What the remote operation lists filter by, in the spec's names (C7.3.14 by resource, C7.3.15 by charge
 * session): `status` is a comma-joined list of statuses, empty for every status.
 */
export type RemoteOperationFilter = Omit<RemoteOperationsByResourceQuery, 'pageNo' | 'pageSize' | 'sort'> & {
  tenant: Tenant;
  charge_session_id?: string;
};

function remoteOperationWhere(filter: RemoteOperationFilter): SQL {
  const t = remoteOperationLogs;
  const statuses = filter.status === '' ? [] : filter.status.split(',').map(Number);
  return and(
    eq(t.tenant, filter.tenant),
    filter.resource_id === undefined ? undefined : eq(t.resourceId, filter.resource_id),
    filter.charge_point_id === undefined ? undefined : eq(t.chargePointId, filter.charge_point_id),
    filter.charge_session_id === undefined ? undefined : eq(t.chargeSessionId, filter.charge_session_id),
    filter.operation_type === undefined ? undefined : eq(t.operationType, filter.operation_type),
    filter.create_time_begin === undefined ? undefined : gte(t.createAt, new Date(filter.create_time_begin)),
    filter.create_time_end === undefined ? undefined : lte(t.createAt, new Date(filter.create_time_end)),
    statuses.length === 0 ? undefined : inArray(t.status, statuses),
  )!;
}

/**
 * The tenant's remote operations, newest first by default. Its indexes are built `.desc()` (descending,
 * nulls last), so nulls sort low.
 */
export const remoteOperationList = defineList({
  table: remoteOperationLogs,
  id: remoteOperationLogs.remoteOperationLogId,
  sort: {
    keys: {
      createAt: remoteOperationLogs.createAt,
      remoteOperationLogId: remoteOperationLogs.remoteOperationLogId,
    } satisfies Record<(typeof REMOTE_OPERATION_SORTABLE)[number], AnyPgColumn>,
    default: 'createAt:desc',
    nulls: 'low',
  },
  where: remoteOperationWhere,
  select: (db, cursor) =>
    db
      .select({ log: remoteOperationLogs, ...cursor })
      .from(remoteOperationLogs)
      .$dynamic(),
});
