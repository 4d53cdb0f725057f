import { defaultOpeningHours } from '@cmp/domain/stations/business-hours';
import type { DbOrTx } from '../platform/db/database.js';
import { equipmentOwners, operators } from '../modules/operators/operators.tables.js';
import {
  chargeStations,
  connectors,
  equipments,
  resources,
  swapStations,
} from '../modules/stations/stations.tables.js';

type ResourceValues = Partial<typeof resources.$inferInsert>;

/** An owner with one operator, ids `OWN1`/`OP1` unless given. */
export async function insertOperator(
  db: DbOrTx,
  values: {
    operatorId?: string;
    operatorName?: string;
    equipmentOwnerId?: string;
    equipmentOwnerName?: string;
    controlledByNio?: boolean;
  } = {},
) {
  const equipmentOwnerId = values.equipmentOwnerId ?? 'OWN1';
  const operatorId = values.operatorId ?? 'OP1';
  await db
    .insert(equipmentOwners)
    .values({
      equipmentOwnerId,
      equipmentOwnerName: values.equipmentOwnerName ?? `owner ${equipmentOwnerId}`,
    })
    .onConflictDoNothing();
  await db
    .insert(operators)
    .values({
      operatorId,
      operatorName: values.operatorName ?? `operator ${operatorId}`,
      equipmentOwnerId,
      controlledByNio: values.controlledByNio ?? false,
    })
    .onConflictDoNothing();
  return { operatorId, equipmentOwnerId };
}

const baseResource = (resourceId: string, resourceType: string, values: ResourceValues) => ({
  resourceId,
  resourceType,
  resourceName: `station ${resourceId}`,
  longitude: 121.4737,
  latitude: 31.2304,
  regionId: '310101',
  cityId: '310100',
  provinceId: '310000',
  address: 'No. 1 People Square',
  ...values,
});

/** A charge station with one DC charger of two 120 kW connectors, daily 00:00~24:00, flat fees. */
export async function insertChargeStation(
  db: DbOrTx,
  resourceId: string,
  values: ResourceValues = {},
  station: Partial<typeof chargeStations.$inferInsert> = {},
) {
  await db.insert(resources).values(baseResource(resourceId, 'ChargeStation', values));
  await db.insert(chargeStations).values({
    resourceId,
    chargerType: 'DC',
    timezone: 'UTC+08:00',
    businessHours: defaultOpeningHours(),
    electricityFee: [{ start: '00:00', end: '24:00', fee: 0.8 }],
    serviceFee: [{ start: '00:00', end: '24:00', fee: 0.4 }],
    ...station,
  });
  const equipmentId = `${resourceId}-E1`;
  await db.insert(equipments).values({ equipmentId, resourceId, equipmentType: 'DC', power: 240 });
  await db.insert(connectors).values([
    { connectorId: `${equipmentId}-C1`, equipmentId, connectorType: 4, power: 120, status: 'free' },
    { connectorId: `${equipmentId}-C2`, equipmentId, connectorType: 4, power: 120, status: 'busy' },
  ]);
}

export async function insertSwapStation(
  db: DbOrTx,
  resourceId: string,
  values: ResourceValues = {},
  station: Partial<typeof swapStations.$inferInsert> = {},
) {
  await db.insert(resources).values(baseResource(resourceId, 'PowerSwap', values));
  await db.insert(swapStations).values({
    resourceId,
    openingHours: defaultOpeningHours(),
    chargerTotalNumberDc: 10,
    chargerFreeNumberDc: 10,
    ...station,
  });
}
