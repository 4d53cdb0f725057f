import type { Tenant } from '@cmp/domain';
import type { ReportedStationEquipment, ReportedStationSource } from '@cmp/domain/stations/reported-stations';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { reportedStations } from '../modules/reported-stations/reported-stations.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { DEMO_PROPERTY_OWNERS, DEMO_SUB_OPERATORS } from './operators.demo.js';
import { pick } from './random.js';
import {
  chance,
  CITIES,
  cityById,
  int,
  operatorIn,
  placeInCity,
  placeName,
  placeWords,
  streetAddress,
  weighted,
  type Random,
} from './reported-places.js';
import { fill } from './stations.demo.js';
import * as texts from './station-texts.js';

export const DEMO_REPORTED_STATION_COUNTS: Record<DemoSize, number> = { small: 300, large: 600 };
const DAY = 86_400_000;

const TENANT_SHARE: readonly (readonly [Tenant, number])[] = [
  ['nio', 0.5],
  ['pe', 0.4],
  ['rsc', 0.1],
];
/** Who entered it: mostly staff from the operators' sheets, some synced from internal systems or the apps. */
const SOURCES: readonly (readonly [ReportedStationSource, number])[] = [
  ['staff', 0.5],
  ['internal', 0.25],
  ['nio', 0.1],
  ['pe', 0.1],
  ['mini', 0.05],
];
const STATUSES: readonly (readonly [StationStatus, number])[] = [
  [50, 0.8],
  [1, 0.1],
  [6, 0.05],
  [3, 0.05],
];
const DC_POWERS = [60, 120, 160, 180, 240];
const AC_POWERS = [7, 11, 21];
const BUSINESS_HOURS = ['00:00-24:00', '07:00-23:00', '08:00-22:00'];
const ELECTRICITY_FEES = ['0.65元/度', '0.8元/度', '峰1.1元/度，平0.7元/度，谷0.35元/度'];
const SERVICE_FEES = ['0.4元/度', '0.6元/度', '0.8元/度'];
const REMARKS = [
  '运营商按季度更新桩数',
  '合作方站点，信息以运营商提供为准',
  '已与运营商核对电价',
  '二期扩容后补充直流桩',
];

/** The station's chargers: DC and AC equipments of one power each, one or two connectors a piece. */
function equipmentsOf(random: Random, prefix: string): ReportedStationEquipment[] {
  const dc = chance(random, 0.8) ? int(random, 2, 12) : 0;
  const ac = dc === 0 || chance(random, 0.3) ? int(random, 2, 10) : 0;
  const dcPower = pick(random, DC_POWERS);
  const acPower = pick(random, AC_POWERS);
  const connectors = chance(random, 0.4) ? 2 : 1;
  return [
    ...Array.from({ length: dc }, (_, n) => ({ type: 'DC' as const, power: dcPower, n })),
    ...Array.from({ length: ac }, (_, n) => ({ type: 'AC' as const, power: acPower, n: dc + n })),
  ].map(({ type, power, n }) => ({
    equipmentId: `${prefix}${String(n + 1).padStart(3, '0')}`,
    equipmentType: type,
    power,
    connectorCount: type === 'DC' ? connectors : 1,
  }));
}

/**
 * Stations operators and staff entered for the virtual provider, connector by connector, over the past two
 * years: each run by an operator of the network that serves its province, owned by that operator or by a
 * property owner (a mall, a bus depot), a third of them run by a sub-operator in its home city.
 */
export async function seedReportedStations({ tx, random, size, now }: DemoContext): Promise<void> {
  const rows: (typeof reportedStations.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_REPORTED_STATION_COUNTS[size]; i++) {
    const tenant = weighted(random, TENANT_SHARE);
    // The demo's staff: each tenant's operator and admin, and the operator of every tenant.
    const staff = [`${tenant}-operator`, `${tenant}-admin`, 'ops-all'];
    const sub = chance(random, 0.3) ? pick(random, DEMO_SUB_OPERATORS) : null;
    // A unified social credit code carries the region it was registered in (characters 3 to 8).
    const city = (sub && cityById(sub.organizationCode.slice(2, 8))) ?? weighted(random, CITIES);
    const place = placeInCity(random, city);
    const operator = operatorIn(random, place.provinceId);
    const words = placeWords(random, place);
    const site = placeName(random, words);
    const dedicated = chance(random, 0.1) ? pick(random, texts.DEDICATED_PLACES) : null;
    const connectorId = `${operator.operatorId}${String(100_001 + i)}`;
    const equipments = equipmentsOf(random, `${connectorId}E`);
    const dc = equipments.filter((e) => e.equipmentType === 'DC');
    const ac = equipments.filter((e) => e.equipmentType === 'AC');
    const createdAt = now.getTime() - int(random, 1, 730) * DAY - int(random, 0, DAY - 1);
    const updatedAt = Math.min(
      now.getTime(),
      createdAt + (chance(random, 0.6) ? int(random, 1, 300) * DAY : 0),
    );
    const creator = pick(random, staff);
    rows.push({
      tenant,
      connectorId,
      operatorId: operator.operatorId,
      subOperatorId: sub?.subOperatorId ?? null,
      connectorType: dc.length > 0 ? 4 : 3,
      equipmentOwnerId: chance(random, 0.75)
        ? operator.equipmentOwnerId
        : pick(random, DEMO_PROPERTY_OWNERS).equipmentOwnerId,
      source: weighted(random, SOURCES),
      stationName: `${operator.brand}${dedicated ? `${words.d}${dedicated.word}` : site.name}${operator.stationSuffix}`,
      countryCode: 'CN',
      areaCode: place.regionId,
      address: streetAddress(random, place, words.r),
      serviceTel: operator.serviceTel,
      stationType: dedicated?.stationType ?? texts.STATION_TYPE.public,
      stationStatus: weighted(random, STATUSES),
      parkNums: int(random, 4, 80),
      longitude: place.longitude,
      latitude: place.latitude,
      siteGuide: chance(random, 0.7) ? fill(pick(random, texts.GUIDES), { r: words.r }) : null,
      construction: site.construction,
      businessHours: pick(random, BUSINESS_HOURS),
      electricityFee: pick(random, ELECTRICITY_FEES),
      serviceFee: pick(random, SERVICE_FEES),
      parkFee: pick(random, texts.PARK_FEES).origin,
      supportOrder: chance(random, 0.4),
      remark: chance(random, 0.2) ? pick(random, REMARKS) : null,
      dcPower: dc[0]?.power ?? 0,
      dcCurrent: dc.length > 0 ? 250 : 0,
      dcEquipmentNumber: dc.length,
      acPower: ac[0]?.power ?? 0,
      acCurrent: ac.length > 0 ? 32 : 0,
      acEquipmentNumber: ac.length,
      equipments,
      creator,
      updater: updatedAt > createdAt ? pick(random, staff) : creator,
      version: updatedAt > createdAt ? int(random, 2, 4) : 1,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    });
  }
  await insertJsonRows(tx, reportedStations, rows);
}
