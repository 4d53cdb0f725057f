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

/** Ids a statement names at once: well under PostgreSQL's 65,535 parameters. */
const ID_CHUNK = 1_000;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let at = 0; at < ids.length; at += ID_CHUNK) found.push(...(await read(ids.slice(at, at + ID_CHUNK))));
  return found;
}

/** The equipments of these ids, for a bulk registration. */
export const findEquipments = (db: DbOrTx, equipmentIds: readonly string[]) =>
  inChunks(equipmentIds, (chunk) =>
    db
      .select({ equipmentId: equipmentDirectory.equipmentId, resourceId: equipmentDirectory.resourceId })
      .from(equipmentDirectory)
      .where(inArray(equipmentDirectory.equipmentId, chunk)),
  );

/** Which of these ids are registered as charge points already. */
export const registeredIds = async (db: DbOrTx, chargePointIds: readonly string[]): Promise<Set<string>> =>
  new Set(
    (
      await inChunks(chargePointIds, (chunk) =>
        db
          .select({ id: chargePoints.chargePointId })
          .from(chargePoints)
          .where(inArray(chargePoints.chargePointId, chunk)),
      )
    ).map((row) => row.id),
  );

/** Registers new charge points, a thousand per statement; one registered meanwhile fails the whole. */
export async function insertChargePoints(
  db: DbOrTx,
  rows: readonly (typeof chargePoints.$inferInsert)[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += ID_CHUNK)
    await db.insert(chargePoints).values(rows.slice(at, at + ID_CHUNK));
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

/** Heartbeats of several chargers at once: each one's heartbeat and last message now. */
export async function recordHeartbeats(db: DbOrTx, chargePointIds: readonly string[]): Promise<void> {
  await db
    .update(chargePoints)
    .set({ lastHeartbeatAt: sql`now()`, lastMessageAt: sql`now()` })
    .where(inArray(chargePoints.chargePointId, [...chargePointIds]));
}

/** Messages of several chargers that change nothing else of them: each one's last message now. */
export async function touchChargePoints(db: DbOrTx, chargePointIds: readonly string[]): Promise<void> {
  await db
    .update(chargePoints)
    .set({ lastMessageAt: sql`now()` })
    .where(inArray(chargePoints.chargePointId, [...chargePointIds]));
}

/** What a BootNotification tells of a charger. */
export interface Boot {
  chargePointId: string;
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
  bootInfo: Record<string, string>;
}

/** BootNotifications of several chargers in one statement (over a JSON document), booted now. */
export async function recordBoots(db: DbOrTx, boots: readonly Boot[]): Promise<void> {
  await db.execute(sql`
    update charge_points c
    set vendor = b.vendor, model = b.model, serial_number = b.serial_number,
        firmware_version = b.firmware_version, boot_info = b.boot_info, boot_at = now(), last_message_at = now()
    from json_to_recordset(${JSON.stringify(
      boots.map((boot) => ({
        charge_point_id: boot.chargePointId,
        vendor: boot.vendor,
        model: boot.model,
        serial_number: boot.serialNumber,
        firmware_version: boot.firmwareVersion,
        boot_info: boot.bootInfo,
      })),
    )}::json) as b(charge_point_id text, vendor text, model text, serial_number text, firmware_version text,
      boot_info jsonb)
    where c.charge_point_id = b.charge_point_id`);
}

/** The portal's connectors of several chargers, each in id order: OCPP connector n is the n-th of them. */
export async function connectorIdsOfMany(
  db: DbOrTx,
  chargePointIds: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ equipmentId: connectorDirectory.equipmentId, connectorId: connectorDirectory.connectorId })
    .from(connectorDirectory)
    .where(inArray(connectorDirectory.equipmentId, [...chargePointIds]))
    .orderBy(asc(connectorDirectory.connectorId));
  const byCharger = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byCharger.get(row.equipmentId) ?? [];
    ids.push(row.connectorId);
    byCharger.set(row.equipmentId, ids);
  }
  return byCharger;
}

/** Connector statuses of several chargers in one statement; one row per charger and connector number. */
export async function upsertConnectorStatuses(
  db: DbOrTx,
  rows: readonly (typeof chargePointConnectors.$inferInsert)[],
): Promise<void> {
  await db
    .insert(chargePointConnectors)
    .values([...rows])
    .onConflictDoUpdate({
      target: [chargePointConnectors.chargePointId, chargePointConnectors.connectorNo],
      set: {
        connectorId: sql`excluded.connector_id`,
        status: sql`excluded.status`,
        errorCode: sql`excluded.error_code`,
        detail: sql`excluded.detail`,
        statusAt: sql`excluded.status_at`,
        receivedAt: sql`now()`,
      },
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
