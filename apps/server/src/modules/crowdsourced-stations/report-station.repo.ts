import { eq } from 'drizzle-orm';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import type { DbOrTx } from '../../platform/db/database.js';
import { operators } from '../operators/operators.tables.js';
import { chargeStations, connectors, equipments, resources } from '../stations/stations.tables.js';

export async function findOperator(
  db: DbOrTx,
  operatorId: string,
): Promise<{ operatorId: string; operatorName: string; equipmentOwnerId: string | null } | undefined> {
  const [row] = await db
    .select({
      operatorId: operators.operatorId,
      operatorName: operators.operatorName,
      equipmentOwnerId: operators.equipmentOwnerId,
    })
    .from(operators)
    .where(eq(operators.operatorId, operatorId));
  return row;
}

/** A group of chargers of one current type and power, one connector each. */
export interface ChargerGroup {
  equipmentType: 'DC' | 'AC';
  count: number;
  power: number;
}

export interface NewChargeStation {
  resource: typeof resources.$inferInsert;
  timezone: string;
  businessHours: OpeningHours;
  electricityFee: FeePeriod[];
  serviceFee: FeePeriod[];
  parkNumbers: number | null;
  chargers: ChargerGroup[];
}

/** The connector's rated voltage by current type: the common GB/T values. */
const VOLTAGE = { DC: 750, AC: 220 } as const;
/** GB/T 20234 connector types: 4 a DC plug, 3 an AC plug. */
const CONNECTOR_TYPE = { DC: 4, AC: 3 } as const;
/** GB/T 2015, what chargers built today follow. */
const NATIONAL_STANDARD_2015 = 2;

/**
 * Writes a charge station with its chargers: `CS-…-E01`, `-E02` … in the order of the groups, each with
 * one connector `…-C1`. Answers false, writing nothing, when the id is taken.
 */
export async function insertChargeStation(tx: DbOrTx, station: NewChargeStation): Promise<boolean> {
  const { resourceId } = station.resource;
  const [inserted] = await tx
    .insert(resources)
    .values(station.resource)
    .onConflictDoNothing()
    .returning({ resourceId: resources.resourceId });
  if (!inserted) return false;
  await tx.insert(chargeStations).values({
    resourceId,
    chargerType: station.chargers.some((group) => group.equipmentType === 'DC') ? 'DC' : 'AC',
    timezone: station.timezone,
    businessHours: station.businessHours,
    electricityFee: station.electricityFee,
    serviceFee: station.serviceFee,
    parkNumbers: station.parkNumbers,
  });
  const chargers = station.chargers.flatMap((group) => Array.from({ length: group.count }, () => group));
  const equipmentRows = chargers.map((group, index) => ({
    equipmentId: `${resourceId}-E${String(index + 1).padStart(2, '0')}`,
    resourceId,
    equipmentType: group.equipmentType,
    equipmentLng: station.resource.longitude,
    equipmentLat: station.resource.latitude,
    power: group.power,
  }));
  await tx.insert(equipments).values(equipmentRows);
  await tx.insert(connectors).values(
    equipmentRows.map((equipment, index) => {
      const { equipmentType, power } = chargers[index]!;
      return {
        connectorId: `${equipment.equipmentId}-C1`,
        equipmentId: equipment.equipmentId,
        connectorType: CONNECTOR_TYPE[equipmentType],
        voltageUpperLimits: VOLTAGE[equipmentType],
        current: Math.round((power * 1000) / VOLTAGE[equipmentType]),
        power,
        nationalStandard: NATIONAL_STANDARD_2015,
      };
    }),
  );
  return true;
}
