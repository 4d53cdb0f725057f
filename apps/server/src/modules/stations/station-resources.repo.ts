import { and, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce, type DbOrTx } from '../../platform/db/database.js';
import { connectors, equipments, resources } from './stations.tables.js';

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceChanges = Partial<
  Pick<
    typeof resources.$inferInsert,
    | 'resourceName'
    | 'description'
    | 'status'
    | 'address'
    | 'regionId'
    | 'cityId'
    | 'provinceId'
    | 'longitude'
    | 'latitude'
    | 'construction'
    | 'servedBearing'
    | 'guide'
    | 'bizSceneCodes'
    | 'remark'
    | 'pictureAppVisible'
  >
>;

const resourceById = builtOnce((db) =>
  db
    .select()
    .from(resources)
    .where(eq(resources.resourceId, sql.placeholder('resourceId')))
    .prepare('resource_by_id'),
);

export async function findResource(db: DbOrTx, resourceId: string): Promise<ResourceRow | undefined> {
  const [row] = await resourceById(db).execute({ resourceId });
  return row;
}

/**
 * Writes a basic-info save: only when the row still has the version the editor started from, bumping it
 * and the update time. Answers false when someone else saved in between.
 */
export async function updateVersionedResource(
  db: DbOrTx,
  resourceId: string,
  version: number,
  changes: ResourceChanges,
): Promise<boolean> {
  const updated = await db
    .update(resources)
    .set({ ...changes, version: sql`${resources.version} + 1`, basicInfoUpdateTime: new Date() })
    .where(and(eq(resources.resourceId, resourceId), eq(resources.version, version)))
    .returning({ resourceId: resources.resourceId });
  return updated.length > 0;
}

/** Changes that are not part of the versioned basic info (operator info). */
export async function updateResource(db: DbOrTx, resourceId: string, changes: ResourceChanges) {
  await db.update(resources).set(changes).where(eq(resources.resourceId, resourceId));
}

export interface ChargerCounts {
  totalAc: number;
  freeAc: number;
  totalDc: number;
  freeDc: number;
  busy: number;
  minPower: number | null;
}

export const NO_CHARGERS: ChargerCounts = {
  totalAc: 0,
  freeAc: 0,
  totalDc: 0,
  freeDc: 0,
  busy: 0,
  minPower: null,
};

/**
 * Connector counts of charge stations by current type: a connector is one car's charging place, so it is
 * what the totals count; free and busy are the status the charger last reported.
 */
export async function chargerCounts(
  db: DbOrTx,
  resourceIds: readonly string[],
): Promise<Map<string, ChargerCounts>> {
  if (resourceIds.length === 0) return new Map();
  const isAc = sql`${equipments.equipmentType} = 'AC'`;
  const isFree = sql`${connectors.status} = 'free'`;
  const rows = await db
    .select({
      resourceId: equipments.resourceId,
      totalAc: sql<number>`count(*) filter (where ${isAc})`.mapWith(Number),
      freeAc: sql<number>`count(*) filter (where ${isAc} and ${isFree})`.mapWith(Number),
      totalDc: sql<number>`count(*) filter (where not ${isAc})`.mapWith(Number),
      freeDc: sql<number>`count(*) filter (where not ${isAc} and ${isFree})`.mapWith(Number),
      busy: sql<number>`count(*) filter (where ${connectors.status} = 'busy')`.mapWith(Number),
      minPower: sql<number | null>`min(${connectors.power})`.mapWith(Number),
    })
    .from(equipments)
    .innerJoin(connectors, eq(connectors.equipmentId, equipments.equipmentId))
    .where(inArray(equipments.resourceId, [...resourceIds]))
    .groupBy(equipments.resourceId);
  return new Map(rows.map(({ resourceId, ...counts }) => [resourceId, counts]));
}
