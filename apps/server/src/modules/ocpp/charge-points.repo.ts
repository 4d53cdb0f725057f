import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { connectors, equipments, resources } from '../stations/stations.tables.js';
import {
  chargeMeterValues,
  chargePointConnectors,
  chargePointPresence,
  chargePoints,
  chargeSessions,
  portalProcesses,
} from './ocpp.tables.js';
import { ONLINE_WITHIN_MS } from './presence.js';

export type ChargePointRow = typeof chargePoints.$inferSelect;
export type ChargeSessionRow = typeof chargeSessions.$inferSelect;

export async function findChargePoint(
  db: DbOrTx,
  chargePointId: string,
): Promise<ChargePointRow | undefined> {
  const [row] = await db.select().from(chargePoints).where(eq(chargePoints.chargePointId, chargePointId));
  return row;
}

export async function findEquipment(db: DbOrTx, equipmentId: string) {
  const [row] = await db
    .select({ equipmentId: equipments.equipmentId, resourceId: equipments.resourceId })
    .from(equipments)
    .where(eq(equipments.equipmentId, equipmentId));
  return row;
}

/** Sets the charger's password, registering it on first use; answers whether it was registered before. */
export async function setPassword(
  db: DbOrTx,
  values: { chargePointId: string; resourceId: string; passwordHash: string; passwordSetBy: string },
): Promise<boolean> {
  const before = await findChargePoint(db, values.chargePointId);
  await db
    .insert(chargePoints)
    .values(values)
    .onConflictDoUpdate({
      target: chargePoints.chargePointId,
      set: {
        passwordHash: values.passwordHash,
        passwordSetBy: values.passwordSetBy,
        passwordSetAt: sql`now()`,
        resourceId: values.resourceId,
      },
    });
  return before !== undefined;
}

export async function updateChargePoint(
  db: DbOrTx,
  chargePointId: string,
  values: Partial<Omit<ChargePointRow, 'chargePointId'>>,
): Promise<void> {
  await db
    .update(chargePoints)
    .set({ ...values, lastMessageAt: sql`now()` })
    .where(eq(chargePoints.chargePointId, chargePointId));
}

/** The portal's connectors of a charger in id order: OCPP connector n is the n-th of them. */
export async function connectorIdsOf(db: DbOrTx, chargePointId: string): Promise<string[]> {
  const rows = await db
    .select({ connectorId: connectors.connectorId })
    .from(connectors)
    .where(eq(connectors.equipmentId, chargePointId))
    .orderBy(asc(connectors.connectorId));
  return rows.map((r) => r.connectorId);
}

export async function upsertConnectorStatus(
  db: DbOrTx,
  values: typeof chargePointConnectors.$inferInsert,
): Promise<void> {
  const { chargePointId: _id, connectorNo: _no, ...change } = values;
  await db
    .insert(chargePointConnectors)
    .values(values)
    .onConflictDoUpdate({
      target: [chargePointConnectors.chargePointId, chargePointConnectors.connectorNo],
      set: { ...change, receivedAt: sql`now()` },
    });
}

export async function setPortalConnectorStatus(
  db: DbOrTx,
  connectorId: string,
  status: string,
): Promise<void> {
  await db
    .update(connectors)
    .set({ status, updateTime: sql`now()` })
    .where(eq(connectors.connectorId, connectorId));
}

export async function openSession(
  db: DbOrTx,
  values: Omit<typeof chargeSessions.$inferInsert, 'transactionId'>,
): Promise<ChargeSessionRow> {
  // A session the charger never stopped (its StopTransaction lost) gives way to the new one.
  await db
    .update(chargeSessions)
    .set({ stoppedAt: values.startedAt, stopReason: 'Superseded' })
    .where(
      and(
        eq(chargeSessions.chargePointId, values.chargePointId),
        eq(chargeSessions.connectorNo, values.connectorNo),
        isNull(chargeSessions.stoppedAt),
      ),
    );
  const [row] = await db.insert(chargeSessions).values(values).returning();
  return row!;
}

export async function linkSessionToOperation(db: DbOrTx, transactionId: number, logId: number) {
  await db
    .update(chargeSessions)
    .set({ remoteOperationLogId: logId })
    .where(eq(chargeSessions.transactionId, transactionId));
}

export async function findOpenSession(
  db: DbOrTx,
  chargePointId: string,
  transactionId: number,
): Promise<ChargeSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(chargeSessions)
    .where(
      and(
        eq(chargeSessions.transactionId, transactionId),
        eq(chargeSessions.chargePointId, chargePointId),
        isNull(chargeSessions.stoppedAt),
      ),
    );
  return row;
}

export async function closeSession(
  db: DbOrTx,
  chargePointId: string,
  transactionId: number,
  values: { meterStopWh: number; stoppedAt: Date; stopReason: string },
): Promise<ChargeSessionRow | undefined> {
  const [row] = await db
    .update(chargeSessions)
    .set({ ...values, lastMeterWh: values.meterStopWh, lastMeterAt: values.stoppedAt })
    .where(
      and(
        eq(chargeSessions.transactionId, transactionId),
        eq(chargeSessions.chargePointId, chargePointId),
        isNull(chargeSessions.stoppedAt),
      ),
    )
    .returning();
  return row;
}

export async function insertMeterValues(
  db: DbOrTx,
  rows: (typeof chargeMeterValues.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(chargeMeterValues).values(rows);
}

export async function setSessionMeter(
  db: DbOrTx,
  chargePointId: string,
  transactionId: number,
  meter: { wh: number; at: Date },
): Promise<void> {
  await db
    .update(chargeSessions)
    .set({ lastMeterWh: meter.wh, lastMeterAt: meter.at })
    .where(
      and(eq(chargeSessions.transactionId, transactionId), eq(chargeSessions.chargePointId, chargePointId)),
    );
}

/** Meter samples received before `before` go. */
export async function deleteMeterValuesBefore(db: DbOrTx, before: Date): Promise<number> {
  const removed = await db
    .delete(chargeMeterValues)
    .where(lt(chargeMeterValues.receivedAt, before))
    .returning({ id: chargeMeterValues.id });
  return removed.length;
}

/** A station's chargers (its equipments) with what they said as charge points, a page by id. */
export async function powerChargerPage(
  db: DbOrTx,
  resourceId: string,
  { pageNo, pageSize }: { pageNo: number; pageSize: number },
) {
  const where = eq(equipments.resourceId, resourceId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        equipment: equipments,
        resourceName: resources.resourceName,
        chargePoint: chargePoints,
        online: sql<boolean>`${portalProcesses.processId} is not null`,
      })
      .from(equipments)
      .innerJoin(resources, eq(resources.resourceId, equipments.resourceId))
      .leftJoin(chargePoints, eq(chargePoints.chargePointId, equipments.equipmentId))
      .leftJoin(chargePointPresence, eq(chargePointPresence.chargePointId, equipments.equipmentId))
      .leftJoin(
        portalProcesses,
        and(
          eq(portalProcesses.processId, chargePointPresence.processId),
          gt(portalProcesses.heartbeatAt, sql.raw(`now() - interval '${ONLINE_WITHIN_MS} milliseconds'`)),
        ),
      )
      .where(where)
      .orderBy(asc(equipments.equipmentId))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(equipments).where(where),
  ]);
  const ids = rows.map((r) => r.equipment.equipmentId);
  const [portalConnectors, ocppConnectors, sessions] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ connectorId: connectors.connectorId, equipmentId: connectors.equipmentId })
            .from(connectors)
            .where(inArray(connectors.equipmentId, ids))
            .orderBy(asc(connectors.connectorId)),
          db
            .select()
            .from(chargePointConnectors)
            .where(inArray(chargePointConnectors.chargePointId, ids))
            .orderBy(asc(chargePointConnectors.connectorNo)),
          db
            .select({
              chargePointId: chargeSessions.chargePointId,
              connectorNo: chargeSessions.connectorNo,
              transactionId: chargeSessions.transactionId,
            })
            .from(chargeSessions)
            .where(and(inArray(chargeSessions.chargePointId, ids), isNull(chargeSessions.stoppedAt))),
        ]);
  return { rows, total: total?.total ?? 0, portalConnectors, ocppConnectors, sessions };
}
