import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { chargeMeterValues, chargeSessions } from './ocpp.tables.js';

export type ChargeSessionRow = typeof chargeSessions.$inferSelect;

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
