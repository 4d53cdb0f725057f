import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import type { Tx } from '../../platform/db/database.js';
import { chargeStations, connectors, equipments, resources } from './stations.tables.js';

/*
 * Stations made elsewhere than in the station screens: a crowd-sourced report brought online becomes a
 * charge station of the network. The caller's transaction commits the station with its own change.
 */

/** A group of chargers of one current type and power, one connector each. */
export interface ChargerGroup {
  equipmentType: 'DC' | 'AC';
  count: number;
  power: number;
}

/** The station's own row: what names, places and describes it. */
export interface NewStationResource {
  resourceId: string;
  resourceName: string;
  operatorId: string;
  equipmentOwnerId: string | null;
  regionId: string;
  cityId: string | null;
  provinceId: string | null;
  address: string;
  longitude: number;
  latitude: number;
  status: number;
  construction: number | null;
  guide: string | null;
}

export interface NewChargeStation {
  resource: NewStationResource;
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
export async function insertChargeStation(tx: Tx, station: NewChargeStation): Promise<boolean> {
  const { resourceId } = station.resource;
  const [inserted] = await tx
    .insert(resources)
    .values({ ...station.resource, resourceType: 'ChargeStation' })
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
