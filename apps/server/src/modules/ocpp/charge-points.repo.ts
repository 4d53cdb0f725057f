import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { POWER_CHARGER_SORTABLE } from '@cmp/domain/stations/remote-operations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { connectorDirectory, equipmentDirectory, stationDirectory } from '../stations/stations.views.js';
import {
  chargePointConnectors,
  chargePointPresence,
  chargePoints,
  chargeSessions,
  portalProcesses,
} from './ocpp.tables.js';
import { ONLINE_SINCE } from './presence.repo.js';

export type ChargePointRow = typeof chargePoints.$inferSelect;

export async function findChargePoint(
  db: DbOrTx,
  chargePointId: string,
): Promise<ChargePointRow | undefined> {
  const [row] = await db.select().from(chargePoints).where(eq(chargePoints.chargePointId, chargePointId));
  return row;
}

/** The station's equipment of that id, which may be registered as a charge point. */
export async function findEquipment(db: DbOrTx, equipmentId: string) {
  const [row] = await db
    .select({ equipmentId: equipmentDirectory.equipmentId, resourceId: equipmentDirectory.resourceId })
    .from(equipmentDirectory)
    .where(eq(equipmentDirectory.equipmentId, equipmentId));
  return row;
}

/** Sets the charger's password, registering it on first use; answers whether it was registered before. */
export async function setPassword(
  db: DbOrTx,
  values: {
    chargePointId: string;
    resourceId: string;
    passwordHash: string;
    passwordSetBy: string;
    tenant: string;
  },
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
        // A charger without an owner takes the tenant that sets its password; an owner stays.
        tenant: sql`coalesce(${chargePoints.tenant}, excluded.tenant)`,
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
    .select({ connectorId: connectorDirectory.connectorId })
    .from(connectorDirectory)
    .where(eq(connectorDirectory.equipmentId, chargePointId))
    .orderBy(asc(connectorDirectory.connectorId));
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

/** A station's chargers: the station's equipments (its view), each with what it said as a charge point. */
export const powerChargerList = defineList({
  table: equipmentDirectory,
  id: equipmentDirectory.equipmentId,
  sort: {
    keys: { chargePointId: equipmentDirectory.equipmentId } satisfies Record<
      (typeof POWER_CHARGER_SORTABLE)[number],
      AnyPgColumn
    >,
    default: 'chargePointId:asc',
  },
  where: ({ resourceId }: { resourceId: string }) => eq(equipmentDirectory.resourceId, resourceId),
  select: (db, cursor) =>
    db
      .select({
        equipment: {
          equipmentId: equipmentDirectory.equipmentId,
          resourceId: equipmentDirectory.resourceId,
          equipmentType: equipmentDirectory.equipmentType,
          power: equipmentDirectory.power,
        },
        resourceName: stationDirectory.resourceName,
        chargePoint: chargePoints,
        online: sql<boolean>`${portalProcesses.processId} is not null`,
        ...cursor,
      })
      .from(equipmentDirectory)
      .innerJoin(stationDirectory, eq(stationDirectory.resourceId, equipmentDirectory.resourceId))
      .leftJoin(chargePoints, eq(chargePoints.chargePointId, equipmentDirectory.equipmentId))
      .leftJoin(chargePointPresence, eq(chargePointPresence.chargePointId, equipmentDirectory.equipmentId))
      .leftJoin(
        portalProcesses,
        and(
          eq(portalProcesses.processId, chargePointPresence.processId),
          gt(portalProcesses.heartbeatAt, ONLINE_SINCE),
        ),
      )
      .$dynamic(),
});

/** What the chargers of a page have beyond their row: the portal's connectors, the reported ones, open sessions. */
export async function powerChargerDetails(db: DbOrTx, chargePointIds: string[]) {
  if (chargePointIds.length === 0) return { portalConnectors: [], ocppConnectors: [], sessions: [] };
  const [portalConnectors, ocppConnectors, sessions] = await Promise.all([
    db
      .select({ connectorId: connectorDirectory.connectorId, equipmentId: connectorDirectory.equipmentId })
      .from(connectorDirectory)
      .where(inArray(connectorDirectory.equipmentId, chargePointIds))
      .orderBy(asc(connectorDirectory.connectorId)),
    db
      .select()
      .from(chargePointConnectors)
      .where(inArray(chargePointConnectors.chargePointId, chargePointIds))
      .orderBy(asc(chargePointConnectors.connectorNo)),
    db
      .select({
        chargePointId: chargeSessions.chargePointId,
        connectorNo: chargeSessions.connectorNo,
        transactionId: chargeSessions.transactionId,
      })
      .from(chargeSessions)
      .where(and(inArray(chargeSessions.chargePointId, chargePointIds), isNull(chargeSessions.stoppedAt))),
  ]);
  return { portalConnectors, ocppConnectors, sessions };
}
