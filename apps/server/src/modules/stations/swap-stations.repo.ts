import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { operatorNames } from '../operators/operators.views.js';
import { resources, swapStations } from './stations.tables.js';

export type SwapStationRow = typeof resources.$inferSelect & {
  station: typeof swapStations.$inferSelect;
  operatorName: string | null;
};

export type SwapStationChanges = Partial<Omit<typeof swapStations.$inferInsert, 'resourceId'>>;

export async function findSwapStation(db: DbOrTx, resourceId: string): Promise<SwapStationRow | undefined> {
  const [row] = await db
    .select({ resource: resources, station: swapStations, operatorName: operatorNames.operatorName })
    .from(resources)
    .innerJoin(swapStations, eq(swapStations.resourceId, resources.resourceId))
    .leftJoin(operatorNames, eq(operatorNames.operatorId, resources.operatorId))
    .where(eq(resources.resourceId, resourceId));
  return row && { ...row.resource, station: row.station, operatorName: row.operatorName };
}

/** Sets the fields given; undefined ones are left alone. */
export async function updateSwapStation(db: DbOrTx, resourceId: string, changes: SwapStationChanges) {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db.update(swapStations).set(changes).where(eq(swapStations.resourceId, resourceId));
}
