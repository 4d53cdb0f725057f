import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, type DbOrTx } from '../../platform/db/database.js';
import { equipmentOwnerNames, operatorNames } from '../operators/operators.views.js';
import { chargeStations, resources } from './stations.tables.js';

export type ChargeStationRow = typeof resources.$inferSelect & {
  station: typeof chargeStations.$inferSelect;
  operatorName: string | null;
  equipmentOwner: string | null;
  controlledByNio: boolean;
};

export type ChargeStationChanges = Partial<
  Omit<typeof chargeStations.$inferInsert, 'resourceId' | 'chargingMapOnline' | 'oneClickChargingOnline'>
>;

// Every station shown and every save reads it, some twice.
const chargeStationById = builtOnce((db) =>
  db
    .select({
      resource: resources,
      station: chargeStations,
      operatorName: operatorNames.operatorName,
      equipmentOwner: equipmentOwnerNames.equipmentOwnerName,
      controlledByNio: operatorNames.controlledByNio,
    })
    .from(resources)
    .innerJoin(chargeStations, eq(chargeStations.resourceId, resources.resourceId))
    .leftJoin(operatorNames, eq(operatorNames.operatorId, resources.operatorId))
    .leftJoin(equipmentOwnerNames, eq(equipmentOwnerNames.equipmentOwnerId, resources.equipmentOwnerId))
    .where(eq(resources.resourceId, sql.placeholder('resourceId')))
    .prepare('charge_station_by_id'),
);

export async function findChargeStation(
  db: DbOrTx,
  resourceId: string,
): Promise<ChargeStationRow | undefined> {
  const [row] = await chargeStationById(db).execute({ resourceId });
  if (!row) return undefined;
  return {
    ...row.resource,
    station: row.station,
    operatorName: row.operatorName,
    equipmentOwner: row.equipmentOwner,
    controlledByNio: row.controlledByNio ?? false,
  };
}

/** Sets the fields given; undefined ones are left alone. */
export async function updateChargeStation(db: DbOrTx, resourceId: string, changes: ChargeStationChanges) {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db.update(chargeStations).set(changes).where(eq(chargeStations.resourceId, resourceId));
}

export type OfflineChannel = 'chargingMapOnline' | 'oneClickChargingOnline';

/** Takes the station off one channel; answers false when it was already off it. */
export async function takeOffline(db: DbOrTx, resourceId: string, channel: OfflineChannel): Promise<boolean> {
  const updated = await db
    .update(chargeStations)
    .set({ [channel]: false })
    .where(and(eq(chargeStations.resourceId, resourceId), eq(chargeStations[channel], true)))
    .returning({ resourceId: chargeStations.resourceId });
  return updated.length > 0;
}
