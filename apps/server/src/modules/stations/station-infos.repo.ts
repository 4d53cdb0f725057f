import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { connectors, equipments } from './stations.tables.js';

export type EquipmentRow = typeof equipments.$inferSelect & {
  connectors: (typeof connectors.$inferSelect)[];
};

/** A station's chargers with their connectors, both in id order. */
export async function listEquipments(db: DbOrTx, resourceId: string): Promise<EquipmentRow[]> {
  const rows = await db
    .select()
    .from(equipments)
    .where(eq(equipments.resourceId, resourceId))
    .orderBy(asc(equipments.equipmentId));
  if (rows.length === 0) return [];
  const plugs = await db
    .select()
    .from(connectors)
    .where(
      inArray(
        connectors.equipmentId,
        rows.map((row) => row.equipmentId),
      ),
    )
    .orderBy(asc(connectors.connectorId));
  return rows.map((row) => ({
    ...row,
    connectors: plugs.filter((plug) => plug.equipmentId === row.equipmentId),
  }));
}
