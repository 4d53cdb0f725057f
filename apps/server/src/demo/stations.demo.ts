import { TENANTS } from '@cmp/domain';
import {
  DAYS_OF_WEEK,
  DEFAULT_TIMEZONE,
  defaultOpeningHours,
  type OpeningHours,
  type TimeRange,
} from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import type { StationStatus } from '@cmp/domain/stations/station-status';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database.js';
import { staffUsers } from '../modules/staff/staff.tables.js';
import { allDistricts, findRegion, regionLabel, regionPath } from '../platform/regions/region-data.js';
import { regionIdAt } from '../platform/regions/region-geometry.js';
import {
  chargeStations,
  connectors,
  equipments,
  resources,
  swapStations,
} from '../modules/stations/stations.tables.js';
import { resourceNotifications } from '../modules/notifications/notifications.tables.js';
import { worksheets } from '../modules/worksheets/worksheets.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import {
  bearingDegrees,
  CITY_ANCHORS,
  distanceKm,
  greatCirclePoint,
  HIGHWAY_CORRIDORS,
  offsetPoint,
  TRUNK_ROUTES,
  type CityAnchor,
  type HighwayCorridor,
} from './city-anchors.js';
import {
  DEMO_OPERATORS,
  DEMO_PROPERTY_OWNERS,
  seedOperators,
  type DemoOperator,
  type DemoPropertyOwner,
} from './operators.demo.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { pick } from './random.js';
import { seedStationPictures } from './station-pictures.demo.js';
import * as texts from './station-texts.js';

type Random = () => number;

/** Someone who raises worksheets and follows swap stations. */
export interface DemoPerson {
  userId: number | null;
  name: string;
}

export interface StationNetworkOptions {
  chargeStations: number;
  swapStations: number;
  /** The moment the data is as of: update times spread over the year before it. */
  now?: Date;
  /** Demo staff; invented names (no user ids) when absent. */
  staff?: readonly DemoPerson[];
}

export interface StationNetwork {
  chargeStationIds: string[];
  swapStationIds: string[];
  equipments: number;
  connectors: number;
  worksheets: number;
  notifications: number;
}

/** Stations per demo size: `small` for `npm start`, `large` to try the screens at volume. */
export const DEMO_NETWORK_SIZES = {
  small: { chargeStations: 3000, swapStations: 300 },
  large: { chargeStations: 20_000, swapStations: 2000 },
} as const satisfies Record<DemoSize, { chargeStations: number; swapStations: number }>;

/** Stations with placeholder pictures: the most recently updated ones, which the operations list shows first. */
export const PICTURED_STATIONS = { charge: 24, swap: 6 } as const;

/** The demo's stations area: the network at the context's size, with staff as worksheet creators. */
export async function seedStations({ tx, random, size, now, storage }: DemoContext): Promise<void> {
  const staff = (
    await tx
      .select({ userId: staffUsers.id, name: staffUsers.displayName })
      .from(staffUsers)
      .orderBy(staffUsers.id)
  ).filter((person) => /\p{Script=Han}/u.test(person.name));
  await seedStationNetwork(tx, random, { ...DEMO_NETWORK_SIZES[size], now, staff });
  const latest = (type: string, limit: number) =>
    tx
      .select({ resourceId: resources.resourceId })
      .from(resources)
      .where(eq(resources.resourceType, type))
      .orderBy(desc(resources.basicInfoUpdateTime), resources.resourceId)
      .limit(limit);
  const pictured = [
    ...(await latest('ChargeStation', PICTURED_STATIONS.charge)),
    ...(await latest('PowerSwap', PICTURED_STATIONS.swap)),
  ];
  await seedStationPictures(
    tx,
    storage,
    random,
    pictured.map((row) => row.resourceId),
  );
}

/** Stations written per round of multi-row inserts (children follow their stations in the same round). */
const STATIONS_PER_BATCH = 1000;
const DAY_MS = 86_400_000;
/**
 * Service areas: 12 % of charge stations and half of the swap stations (more than NIO's third on
 * highways, so that swaps alone carry a long trip), three in five of the charge and four in five of the
 * swap ones on the trunk routes. The small network then has a charge station about every 35 km and a swap
 * station about every 60 km of trunk, so a trip hops from one to the next within the planner's default
 * 200 km of range without short stops in between, even past a closed one.
 */
const HIGHWAY_SHARE = { charge: 0.24, swap: 0.5 } as const;
const TRUNK_SHARE_OF_FIVE = { charge: 3, swap: 4 } as const;
const HIGHWAY_END_MARGIN_KM = 15;
/** The golden ratio's inverse: the n-th service area at n × this (mod 1) spreads any number of them evenly. */
const SPREAD_STEP = (Math.sqrt(5) - 1) / 2;
/** Tries to draw a point inside its city (or a service area on land) before falling back. */
const SITE_ATTEMPTS = 12;
const WORKSHEET_SHARE = 0.05;
const NOTIFICATION_SHARE = 0.03;

/**
 * Operators, owners and a network of charge and swap stations with their chargers, worksheets and
 * notifications. Everything follows from `random`: the same seed, sizes and `now` give the same rows.
 * Rows go in with one statement per table and batch: 100,000 stations take about a minute on PGlite
 * (`bench/demo-seed.ts`), most of it the database's own work per row.
 */
export async function seedStationNetwork(
  db: DbOrTx,
  random: Random,
  options: StationNetworkOptions,
): Promise<StationNetwork> {
  const asOf = options.now ?? new Date();
  await seedOperators(db, asOf);
  const now = asOf.getTime();
  const staff = options.staff?.length
    ? options.staff
    : texts.FALLBACK_STAFF_NAMES.map((name) => ({ userId: null, name }));
  const generator = new NetworkGenerator(random, now, staff);
  const network: StationNetwork = {
    chargeStationIds: [],
    swapStationIds: [],
    equipments: 0,
    connectors: 0,
    worksheets: 0,
    notifications: 0,
  };
  let batch = new Batch();
  const flush = async () => {
    await batch.insert(db);
    network.equipments += batch.equipments.length;
    network.connectors += batch.connectors.length;
    network.worksheets += batch.worksheets.length;
    network.notifications += batch.notifications.length;
    batch = new Batch();
  };
  for (let i = 0; i < options.chargeStations; i++) {
    network.chargeStationIds.push(generator.chargeStation(i, batch));
    if (batch.resources.length >= STATIONS_PER_BATCH) await flush();
  }
  for (let i = 0; i < options.swapStations; i++) {
    network.swapStationIds.push(generator.swapStation(i, batch));
    if (batch.resources.length >= STATIONS_PER_BATCH) await flush();
  }
  await flush();
  return network;
}

class Batch {
  resources: (typeof resources.$inferInsert)[] = [];
  chargeStations: (typeof chargeStations.$inferInsert)[] = [];
  swapStations: (typeof swapStations.$inferInsert)[] = [];
  equipments: (typeof equipments.$inferInsert)[] = [];
  connectors: (typeof connectors.$inferInsert)[] = [];
  worksheets: (typeof worksheets.$inferInsert)[] = [];
  notifications: (typeof resourceNotifications.$inferInsert)[] = [];

  async insert(db: DbOrTx): Promise<void> {
    await insertJsonRows(db, resources, this.resources);
    await insertJsonRows(db, chargeStations, this.chargeStations, { businessHours: ALL_DAY_HOURS });
    await insertJsonRows(db, swapStations, this.swapStations, { openingHours: ALL_DAY_HOURS });
    await insertJsonRows(db, equipments, this.equipments);
    await insertJsonRows(db, connectors, this.connectors);
    await insertJsonRows(db, worksheets, this.worksheets);
    await insertJsonRows(db, resourceNotifications, this.notifications);
  }
}

interface RegionSpot {
  regionId: string;
  name: string;
}

interface CityModel {
  anchor: CityAnchor;
  /** The city's urban districts (a swap station's deputy region is one of them). */
  urban: RegionSpot[];
  /** The region the city centre lies in: where a station goes when no drawn point fell in the city. */
  centre: RegionSpot & { provinceId: string };
}

/** Where a station stands. */
interface Site {
  /** The demo city the station belongs to (the nearer end of a highway's). */
  city: CityModel;
  /** The region its coordinates lie in, and that region's province. */
  spot: RegionSpot;
  provinceId: string;
  longitude: number;
  latitude: number;
  /**
   * A service area: its road, its name, and the carriageway it stands on (drivers keep right, so the side
   * of the road gives the direction it serves): named in `direction`, as a bearing in `servedBearing`.
   */
  highway: { name: string; serviceArea: string; direction: string; servedBearing: number } | null;
}

interface Weighted<T> {
  items: readonly T[];
  cumulative: number[];
}

function weighted<T>(items: readonly T[], weight: (item: T) => number): Weighted<T> {
  let total = 0;
  return { items, cumulative: items.map((item) => (total += weight(item))) };
}

function draw<T>(random: Random, { items, cumulative }: Weighted<T>): T {
  const target = random() * cumulative.at(-1)!;
  const index = cumulative.findIndex((bound) => target < bound);
  return items[index === -1 ? items.length - 1 : index]!;
}

const int = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

const chance = (random: Random, probability: number): boolean => random() < probability;

const round2 = (value: number): number => Math.round(value * 100) / 100;
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
const pad = (value: number, length: number): string => String(value).padStart(length, '0');

/** An id-like hex word; a multiplicative hash keeps it unique for every index below 2^32. */
const hexOf = (value: number): string =>
  (Math.imul(value + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0');

/** 朝阳区 → 朝阳, 浦东新区 → 浦东: how people name a place after its district. */
export const shortName = (name: string): string => {
  const short = name.replace(/(自治县|新区|区|县|市)$/, '');
  return short.length >= 2 ? short : name;
};

export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export function operatorServes(operator: DemoOperator, provinceId: string): boolean {
  const prefix = provinceId.slice(0, 2);
  if (operator.onlyProvinces && !operator.onlyProvinces.includes(prefix)) return false;
  return !operator.exceptProvinces?.includes(prefix);
}

/**
 * The region a point lies in, with its province: only inside a region's outline (no station in the sea)
 * and, when `cityId` is given, only in that city. Null otherwise.
 */
function spotAt(
  point: { longitude: number; latitude: number },
  cityId?: string,
): (RegionSpot & { provinceId: string }) | null {
  const region = findRegion(regionIdAt(point.longitude, point.latitude, 0));
  const path = regionPath(region?.regionId);
  if (!region || !path || (cityId !== undefined && path.cityId !== cityId)) return null;
  return { regionId: region.regionId, name: region.name, provinceId: path.provinceId };
}

let cityModels: CityModel[] | undefined;

function cities(): CityModel[] {
  cityModels ??= CITY_ANCHORS.map((anchor) => {
    // Codes 70 and above are development zones outside the GB/T list; 市辖区 is a grouping, not a place.
    const urban = allDistricts()
      .filter(
        (d) =>
          d.cityId === anchor.cityId &&
          Number(d.regionId.slice(4)) < 70 &&
          d.name !== '市辖区' &&
          d.name.endsWith('区'),
      )
      .map((d) => ({ regionId: d.regionId, name: d.name }))
      .sort((a, b) => a.regionId.localeCompare(b.regionId));
    const centre = spotAt(anchor, anchor.cityId);
    if (!centre) throw new Error(`the centre of demo city ${anchor.cityId} lies in no region of it`);
    // A city without districts (东莞) is itself the most precise region its stations can have.
    return { anchor, urban: urban.length > 0 ? urban : [centre], centre };
  });
  return cityModels;
}

/** The operators that may run stations in a province, weighted for charge and for swap stations. */
const operatorsByProvince = new Map<
  string,
  { charge: Weighted<DemoOperator>; swap: Weighted<DemoOperator> }
>();
function operatorsIn(provinceId: string) {
  let operators = operatorsByProvince.get(provinceId);
  if (!operators) {
    const serving = DEMO_OPERATORS.filter((o) => operatorServes(o, provinceId));
    operators = {
      charge: weighted(serving, (o) => o.chargeWeight),
      swap: weighted(serving, (o) => o.swapWeight),
    };
    operatorsByProvince.set(provinceId, operators);
  }
  return operators;
}

/**
 * Highways as one line of stretches laid end to end, each stretch a corridor without its first and last
 * `HIGHWAY_END_MARGIN_KM` (city stations serve those). `at(u)` is the place a share `u` of the way along.
 */
class HighwayLine {
  private readonly stretches: { corridor: HighwayCorridor; a: CityModel; b: CityModel; lengthKm: number }[];
  private readonly cumulativeKm: number[] = [];

  constructor(corridors: readonly HighwayCorridor[], cityById: ReadonlyMap<string, CityModel>) {
    let total = 0;
    this.stretches = corridors.map((corridor) => {
      const a = cityById.get(corridor.from)!;
      const b = cityById.get(corridor.to)!;
      const lengthKm = distanceKm(a.anchor, b.anchor);
      total += Math.max(0, lengthKm - 2 * HIGHWAY_END_MARGIN_KM);
      this.cumulativeKm.push(total);
      return { corridor, a, b, lengthKm };
    });
  }

  at(u: number) {
    const target = u * this.cumulativeKm.at(-1)!;
    const index = this.cumulativeKm.findIndex((bound) => target < bound);
    const stretch = this.stretches[index < 0 ? this.stretches.length - 1 : index]!;
    const before = index > 0 ? this.cumulativeKm[index - 1]! : 0;
    const along = (HIGHWAY_END_MARGIN_KM + (target - before)) / stretch.lengthKm;
    return { ...stretch, along: Math.min(1, along) };
  }
}

/** Most stations' hours: one object for all of them, so each batch sends it once. Never changed. */
const ALL_DAY_HOURS: OpeningHours = defaultOpeningHours();

const STATUSES = weighted<{ status: StationStatus; weight: number }>(
  [
    { status: 50, weight: 88 },
    { status: 1, weight: 3 },
    { status: 3, weight: 3 },
    { status: 6, weight: 4 },
    { status: 0, weight: 2 },
  ],
  (s) => s.weight,
);

const DC_POWERS = weighted(
  [
    { kw: 60, weight: 1 },
    { kw: 120, weight: 3 },
    { kw: 160, weight: 2 },
    { kw: 180, weight: 2 },
    { kw: 240, weight: 2 },
    { kw: 360, weight: 1 },
    { kw: 480, weight: 0.5 },
  ],
  (p) => p.weight,
);

/** A day's peak (峰), flat (平) and valley (谷) periods, in the shapes provincial tariffs use. */
const TARIFF_SHAPES: readonly (readonly [string, string, 'peak' | 'flat' | 'valley'][])[] = [
  [
    ['00:00', '08:00', 'valley'],
    ['08:00', '10:00', 'flat'],
    ['10:00', '15:00', 'peak'],
    ['15:00', '18:00', 'flat'],
    ['18:00', '21:00', 'peak'],
    ['21:00', '23:00', 'flat'],
    ['23:00', '24:00', 'valley'],
  ],
  [
    ['00:00', '08:00', 'valley'],
    ['08:00', '12:00', 'peak'],
    ['12:00', '17:00', 'flat'],
    ['17:00', '21:00', 'peak'],
    ['21:00', '24:00', 'flat'],
  ],
  [
    ['00:00', '07:00', 'valley'],
    ['07:00', '24:00', 'flat'],
  ],
];

const UNIFORM_HOURS: readonly (readonly TimeRange[])[] = [
  [{ start: '06:00', end: '23:00' }],
  [{ start: '07:00', end: '22:00' }],
  [{ start: '08:00', end: '20:00' }],
  [
    { start: '00:00', end: '02:00' },
    { start: '06:00', end: '24:00' },
  ],
];

class NetworkGenerator {
  private readonly cityWeights = weighted(cities(), (c) => c.anchor.weight);
  private readonly kinds = weighted(texts.CITY_PLACE_KINDS, (k) => k.weight);
  private readonly cityById = new Map(cities().map((c) => [c.anchor.cityId, c]));
  private readonly trunks = new HighwayLine(TRUNK_ROUTES, this.cityById);
  private readonly links = new HighwayLine(HIGHWAY_CORRIDORS, this.cityById);
  /** Service areas placed so far, all and per line: each line's next one goes where its sequence says. */
  private readonly placed = { charge: 0, swap: 0, trunks: 0, links: 0 };

  constructor(
    private readonly random: Random,
    private readonly now: number,
    private readonly staff: readonly DemoPerson[],
  ) {}

  chargeStation(index: number, batch: Batch): string {
    const r = this.random;
    const site = chance(r, HIGHWAY_SHARE.charge) ? this.highwaySite('charge') : this.citySite();
    const kind = site.highway ? texts.HIGHWAY_PLACE_KIND : draw(r, this.kinds);
    const place = this.placeName(site, kind);
    const dedicated = texts.DEDICATED_PLACES.find((d) => place.includes(d.word));
    const operator = draw(r, operatorsIn(site.provinceId).charge);
    // Increasing ids keep every insert at the right edge of the primary-key indexes (the fast path).
    const resourceId = `CS${1_000_000_000 + index * 17 + int(r, 0, 16)}`;
    const status = draw(r, STATUSES).status;

    const resource = this.resource(site, {
      resourceId,
      resourceType: 'ChargeStation',
      resourceName: `${operator.brand}${place}${operator.stationSuffix}`,
      operator,
      owner: dedicated?.owner ?? kind.owner,
      construction: kind.construction,
      status,
      bizScenes: dedicated?.bizScenes ?? kind.bizScenes,
    });
    batch.resources.push(resource);

    const profile = site.highway ? 'highway' : pick(r, kind.profiles);
    const counts = this.chargerCounts(profile);
    this.chargers(resourceId, site, counts, status, batch, 'shared');
    const parkFee = pick(r, texts.PARK_FEES);
    batch.chargeStations.push({
      resourceId,
      stationType:
        dedicated?.stationType ?? (chance(r, 0.02) ? texts.STATION_TYPE.other : texts.STATION_TYPE.public),
      chargerType: counts.dc > 0 ? 'DC' : 'AC',
      timezone: DEFAULT_TIMEZONE,
      serviceTel: operator.serviceTel,
      businessHours: this.openingHours(kind.construction, site.highway !== null),
      ...this.fees(),
      parkFeeModify: chance(r, 0.2),
      parkFeeTag: parkFee.tag,
      parkFeeOrigin: parkFee.origin,
      payment: pick(r, texts.PAYMENTS),
      matchCars: pick(r, texts.MATCH_CARS),
      parkNumbers: counts.dc + counts.ac + int(r, 0, 6),
      parkInfo: chance(r, 0.6) ? pick(r, texts.PARK_INFOS) : null,
      supportPowerNorth: chance(r, 0.3),
      chargingMapOnline: chance(r, 0.96),
      oneClickChargingOnline: chance(r, 0.94),
      isScannable: chance(r, 0.95),
    });
    this.worksheetsAndNotices(resource, 'charge', batch);
    return resourceId;
  }

  swapStation(index: number, batch: Batch): string {
    const r = this.random;
    const site = chance(r, HIGHWAY_SHARE.swap) ? this.highwaySite('swap') : this.citySite();
    const kind = site.highway ? texts.HIGHWAY_PLACE_KIND : draw(r, this.kinds);
    const place = this.placeName(site, kind);
    const operator = draw(r, operatorsIn(site.provinceId).swap);
    const hex = `${hexOf(index)}-${hexOf(Math.floor(r() * 0xffffffff))}`;
    const resourceId = operator.controlledByNio ? `PS-NIO-${hex}` : `PS-${hex}`;
    const status = draw(r, STATUSES).status;

    const resource = this.resource(site, {
      resourceId,
      resourceType: 'PowerSwap',
      resourceName: `${operator.brand}${place}换电站`,
      operator,
      owner: kind.owner,
      construction: kind.construction,
      status,
      bizScenes: kind.bizScenes,
    });
    batch.resources.push(resource);

    const generation = draw(r, SWAP_GENERATIONS).generation;
    const dcTotal = chance(r, 0.45) ? int(r, 2, 8) : 0;
    const acTotal = chance(r, 0.2) ? int(r, 1, 4) : 0;
    // The chargers the station lists are rows of its own (one plug each), as the equipment tab shows them.
    const free = this.chargers(resourceId, site, { dc: dcTotal, ac: acTotal }, status, batch, 'single');
    const clone = chance(r, 0.2)
      ? offsetPoint(site.longitude, site.latitude, int(r, 60, 180) / 1000, r() * 2 * Math.PI)
      : null;
    const deputy = chance(r, 0.1) ? pick(r, site.city.urban) : null;
    const user = chance(r, 0.5) ? pick(r, this.staff) : null;
    const parkFee = pick(r, texts.PARK_FEES);
    batch.swapStations.push({
      resourceId,
      registrationCode: `SWP${site.city.anchor.cityId}${pad(index + 1, 5)}`,
      hardwareVersion: `PSS${generation}.0`,
      softwareVersion: `${generation}.${int(r, 0, 9)}.${int(r, 0, 20)}`,
      firmwareVersion: `FW${generation}.${int(r, 0, 5)}.${int(r, 0, 30)}`,
      parkNo: `P${int(r, 1, 60)}`,
      parkInfo: chance(r, 0.5) ? '换电站前方设有排队车位，请按地面标识排队。' : null,
      parkFeeTag: parkFee.tag,
      parkFeeModify: chance(r, 0.2),
      chargerTotalNumberAc: acTotal,
      chargerFreeNumberAc: free.ac,
      chargerTotalNumberDc: dcTotal,
      chargerFreeNumberDc: free.dc,
      chargingPowerTotalMin: dcTotal > 0 ? pick(r, [20, 30, 40, 60]) : null,
      chargingPowerTotalMax: dcTotal > 0 ? pick(r, [120, 160, 180, 250, 300]) : null,
      workLine: `${workLineRegion(site.provinceId)}运维${int(r, 1, 6)}组`,
      workLineUpdateReason: chance(r, 0.15) ? pick(r, texts.WORK_LINE_REASONS) : null,
      hasClone: clone !== null,
      cloneLongitude: clone?.longitude ?? null,
      cloneLatitude: clone?.latitude ?? null,
      cloneDescription: clone ? pick(r, texts.CLONE_DESCRIPTIONS) : null,
      deviceSupervisor: chance(r, 0.8) ? pick(r, this.staff).name : null,
      deputyRegion: deputy ? regionLabel(deputy.regionId) : null,
      deputyRegionId: deputy?.regionId ?? null,
      deviceSupplier: operator.controlledByNio ? '蔚来' : operator.operatorName,
      followers: [...new Set(Array.from({ length: int(r, 0, 3) }, () => pick(r, this.staff).name))],
      userId: user?.userId != null ? String(user.userId) : null,
      userName: user?.name ?? null,
      openingHours: this.openingHours(kind.construction, site.highway !== null),
      swapQueueAdjust: chance(r, 0.1) ? int(r, -30, 30) : 0,
    });
    this.worksheetsAndNotices(resource, 'swap', batch);
    return resourceId;
  }

  private citySite(): Site {
    const r = this.random;
    const city = draw(r, this.cityWeights);
    const { anchor } = city;
    // Points near the edge of the radius may fall in a neighbouring city or the sea: draw again.
    for (let attempt = 0; attempt < SITE_ATTEMPTS; attempt++) {
      // Uniform distance from the centre: denser in the middle, as stations are.
      const point = offsetPoint(anchor.longitude, anchor.latitude, r() * anchor.radiusKm, r() * 2 * Math.PI);
      const spot = spotAt(point, anchor.cityId);
      if (spot) return { city, spot, provinceId: spot.provinceId, ...point, highway: null };
    }
    const point = offsetPoint(anchor.longitude, anchor.latitude, r() * 0.5, r() * 2 * Math.PI);
    return { city, spot: city.centre, provinceId: city.centre.provinceId, ...point, highway: null };
  }

  /**
   * A service area on a trunk route (see TRUNK_SHARE_OF_FIVE) or a city-to-city corridor. Each line's n-th one
   * stands n × SPREAD_STEP (mod 1) of the way along it, so however many there are, no stretch is left
   * much emptier than the rest; the n-th stands on the right of one direction, the next on the other's.
   */
  private highwaySite(type: 'charge' | 'swap'): Site {
    const r = this.random;
    const onTrunk = this.placed[type]++ % 5 < TRUNK_SHARE_OF_FIVE[type];
    const line = onTrunk ? this.trunks : this.links;
    for (let attempt = 0; attempt < SITE_ATTEMPTS; attempt++) {
      const n = onTrunk ? ++this.placed.trunks : ++this.placed.links;
      const { corridor, a, b, along } = line.at((n * SPREAD_STEP) % 1);
      const onRoad = greatCirclePoint(a.anchor, b.anchor, along);
      const ahead = greatCirclePoint(a.anchor, b.anchor, Math.min(1, along + 0.01));
      const heading = Math.atan2(ahead.longitude - onRoad.longitude, ahead.latitude - onRoad.latitude);
      // Service areas stand on one carriageway each, every other one of a line on each: so each direction
      // of travel has its own evenly spread half of them.
      const side = n % 2 === 0 ? 1 : -1;
      const towardsB = bearingDegrees(onRoad, ahead);
      const point = offsetPoint(
        onRoad.longitude,
        onRoad.latitude,
        int(r, 50, 300) / 1000,
        heading + (side * Math.PI) / 2,
      );
      // Stretches over water (a bay the real road goes round) hold no service area: the next place then.
      const spot = spotAt(point);
      if (!spot) continue;
      return {
        city: along < 0.5 ? a : b,
        spot,
        provinceId: spot.provinceId,
        ...point,
        highway: {
          name: corridor.highway,
          serviceArea: `${shortName(spot.name)}服务区`,
          direction: `${(side > 0 ? b : a).anchor.name}方向`,
          // Right of the way from a to b: it serves the traffic heading for b.
          servedBearing: side > 0 ? towardsB : (towardsB + 180) % 360,
        },
      };
    }
    return this.citySite();
  }

  private placeName(site: Site, kind: texts.PlaceKind): string {
    if (site.highway) {
      const road = site.highway.name.replace(/^G\d+/, '');
      return `${road}${site.highway.serviceArea}（${site.highway.direction}）`;
    }
    const r = this.random;
    return fill(pick(r, kind.names), {
      w: pick(r, texts.NAME_WORDS),
      d: chance(r, 0.25) ? site.city.anchor.name : shortName(site.spot.name),
      r: pick(r, texts.ROADS).replace(/(路|大道|街)$/, ''),
    });
  }

  private resource(
    site: Site,
    values: {
      resourceId: string;
      resourceType: 'ChargeStation' | 'PowerSwap';
      resourceName: string;
      operator: DemoOperator;
      owner: DemoPropertyOwner['kind'] | undefined;
      construction: number;
      status: StationStatus;
      bizScenes: readonly number[];
    },
  ): typeof resources.$inferInsert {
    const r = this.random;
    const path = regionPath(site.spot.regionId)!;
    const propertyOwners = DEMO_PROPERTY_OWNERS.filter((o) => o.kind === values.owner);
    const owner =
      propertyOwners.length > 0 && chance(r, 0.4)
        ? pick(r, propertyOwners).equipmentOwnerId
        : values.operator.equipmentOwnerId;
    const road = pick(r, texts.ROADS);
    const updated = this.now - Math.floor(r() * 365 * DAY_MS);
    // Some stations name no scene; the rest always their main one, and sometimes the others.
    const scenes = chance(r, 0.1) ? [] : values.bizScenes.filter((_, i) => i === 0 || chance(r, 0.5));
    return {
      resourceId: values.resourceId,
      resourceType: values.resourceType,
      resourceName: values.resourceName,
      description: chance(r, 0.4) ? pick(r, texts.DESCRIPTIONS) : null,
      remark: chance(r, 0.08) ? pick(r, texts.REMARKS) : null,
      pictureAppVisible: chance(r, 0.95),
      operatorId: values.operator.operatorId,
      equipmentOwnerId: owner,
      recommendationCode: chance(r, 0.1) ? `RC${pad(int(r, 0, 999_999), 6)}` : null,
      regionId: site.spot.regionId,
      cityId: path.cityId,
      provinceId: path.provinceId,
      address: site.highway
        ? `${addressPrefix(site.spot.regionId)}${site.highway.name}${site.highway.serviceArea}`
        : `${addressPrefix(site.spot.regionId)}${road}${int(r, 1, 999)}号`,
      longitude: site.longitude,
      latitude: site.latitude,
      status: values.status,
      construction: values.construction,
      servedBearing: site.highway?.servedBearing ?? null,
      guide: site.highway
        ? texts.HIGHWAY_GUIDE
        : chance(r, 0.6)
          ? fill(pick(r, texts.GUIDES), { r: road })
          : null,
      active: values.status !== 3 && chance(r, 0.98),
      bizSceneCodes: scenes.sort((a, b) => a - b),
      worksheetNumber: 0,
      openWorksheetNumber: 0,
      basicInfoUpdateTime: new Date(updated),
      version: int(r, 1, 6),
      createdAt: new Date(updated - Math.floor(r() * 730 * DAY_MS)),
    };
  }

  /** How many DC and AC chargers a charge station of the profile gets. */
  private chargerCounts(profile: texts.EquipmentProfile | 'highway'): { dc: number; ac: number } {
    const r = this.random;
    const [dc, ac] =
      profile === 'ac'
        ? [0, int(r, 2, 6)]
        : profile === 'mixed'
          ? [int(r, 1, 2), int(r, 1, 3)]
          : profile === 'hub'
            ? [int(r, 4, 12), 0]
            : [int(r, 1, 5), 0];
    return { dc, ac };
  }

  /**
   * The station's chargers and their plugs. `shared`: some fast chargers share their power between two
   * guns (a charge station's); `single`: one plug per charger (the chargers a swap station lists).
   * Answers how many DC and AC plugs are free.
   */
  private chargers(
    resourceId: string,
    site: Site,
    counts: { dc: number; ac: number },
    status: StationStatus,
    batch: Batch,
    guns: 'shared' | 'single',
  ): { dc: number; ac: number } {
    const r = this.random;
    const free = { dc: 0, ac: 0 };
    for (let k = 0; k < counts.dc + counts.ac; k++) {
      const isDc = k < counts.dc;
      const equipmentId = `${resourceId}-E${pad(k + 1, 2)}`;
      const power = isDc ? draw(r, DC_POWERS).kw : 7;
      const point = offsetPoint(site.longitude, site.latitude, r() * 0.03, r() * 2 * Math.PI);
      const updateTime = new Date(this.now - Math.floor(r() * 7 * DAY_MS));
      batch.equipments.push({
        equipmentId,
        resourceId,
        equipmentType: isDc ? 'DC' : 'AC',
        equipmentLng: point.longitude,
        equipmentLat: point.latitude,
        power,
        updateTime,
      });
      // Liquid-cooled 480 kW chargers have one gun.
      const plugs = guns === 'shared' && isDc && power < 480 && chance(r, 0.4) ? 2 : 1;
      for (let g = 0; g < plugs; g++) {
        const plugStatus = this.connectorStatus(status);
        if (plugStatus === 'free') free[isDc ? 'dc' : 'ac']++;
        batch.connectors.push({
          connectorId: `${equipmentId}-C${g + 1}`,
          equipmentId,
          connectorType: isDc ? 4 : 3,
          voltageUpperLimits: isDc ? (power >= 360 ? 1000 : 750) : 220,
          current: isDc ? Math.round((power / plugs / (power >= 360 ? 1000 : 750)) * 1000) : 32,
          power: round2(power / plugs),
          nationalStandard: chance(r, 0.9) ? 2 : 1,
          status: plugStatus,
          updateTime,
        });
      }
    }
    return free;
  }

  private connectorStatus(status: StationStatus): 'free' | 'busy' | 'offline' {
    const r = this.random;
    if (status === 1 || status === 3) return 'offline';
    if (status === 6 && chance(r, 0.5)) return 'offline';
    const roll = r();
    return roll < 0.58 ? 'free' : roll < 0.9 ? 'busy' : 'offline';
  }

  /**
   * Mostly the default all-day hours. Some stations keep the same shorter hours every day (editable);
   * offices and public buildings keep weekday hours that differ from their weekend ones, which the
   * editor cannot take over, so those stay read-only.
   */
  private openingHours(construction: number, onHighway: boolean): OpeningHours {
    const r = this.random;
    if (onHighway) return ALL_DAY_HOURS;
    const officeLike = construction === 2 || construction === 3 || construction === 4;
    const roll = r();
    if (roll < (officeLike ? 0.25 : 0.05)) {
      const weekend = chance(r, 0.5) ? [{ start: '09:00', end: '18:00' }] : null;
      return {
        timezone: DEFAULT_TIMEZONE,
        openList: DAYS_OF_WEEK.map((dayOfWeek) =>
          dayOfWeek <= 5
            ? { dayOfWeek, isOpen: true, timeRanges: [{ start: '07:00', end: '22:00' }] }
            : { dayOfWeek, isOpen: weekend !== null, timeRanges: weekend ?? [] },
        ),
      };
    }
    if (roll < (officeLike ? 0.35 : 0.13)) {
      const ranges = pick(r, UNIFORM_HOURS);
      return {
        timezone: DEFAULT_TIMEZONE,
        openList: DAYS_OF_WEEK.map((dayOfWeek) => ({
          dayOfWeek,
          isOpen: true,
          timeRanges: ranges.map((t) => ({ ...t })),
        })),
      };
    }
    return ALL_DAY_HOURS;
  }

  /**
   * Electricity follows a peak/flat/valley tariff (or one price all day); the service fee is mostly one
   * price. A few operators publish a price range per period, which the fee editor cannot keep.
   */
  private fees(): { electricityFee: FeePeriod[]; serviceFee: FeePeriod[] } {
    const r = this.random;
    const prices = {
      valley: round4(0.25 + r() * 0.15),
      flat: round4(0.55 + r() * 0.2),
      peak: round4(0.95 + r() * 0.3),
    };
    const service = round2(0.4 + r() * 0.4);
    const electricityShape = chance(r, 0.8) ? pick(r, TARIFF_SHAPES) : null;
    const electricityFee: FeePeriod[] = electricityShape
      ? electricityShape.map(([start, end, band]) => ({ start, end, fee: prices[band] }))
      : [{ start: '00:00', end: '24:00', fee: prices.flat }];
    const serviceFee: FeePeriod[] = chance(r, 0.25)
      ? (electricityShape ?? TARIFF_SHAPES[0]!).map(([start, end, band]) => ({
          start,
          end,
          fee: round2(band === 'valley' ? service * 0.6 : band === 'peak' ? service * 1.25 : service),
        }))
      : [{ start: '00:00', end: '24:00', fee: service }];
    return {
      electricityFee: chance(r, 0.05) ? asRanges(electricityFee, r) : electricityFee,
      serviceFee: chance(r, 0.03) ? asRanges(serviceFee, r) : serviceFee,
    };
  }

  private worksheetsAndNotices(
    resource: typeof resources.$inferInsert,
    type: 'charge' | 'swap',
    batch: Batch,
  ): void {
    const r = this.random;
    if (chance(r, WORKSHEET_SHARE)) {
      const count = int(r, 1, 3);
      let open = 0;
      for (let k = 0; k < count; k++) {
        const template = pick(r, type === 'charge' ? texts.CHARGE_WORKSHEETS : texts.SWAP_WORKSHEETS);
        const values = { n: String(int(r, 1, 8)) };
        const creator = pick(r, this.staff);
        const created = this.now - Math.floor(r() * 120 * DAY_MS);
        const isOpen = chance(r, 0.35);
        const closed = isOpen ? null : Math.min(this.now, created + int(r, 1, 240) * 3_600_000);
        const closer = isOpen ? null : pick(r, this.staff);
        if (isOpen) open++;
        batch.worksheets.push({
          resourceId: resource.resourceId,
          tenant: pick(r, TENANTS),
          title: fill(template.title, values),
          description: fill(template.description, values),
          status: isOpen ? 'open' : 'closed',
          creatorUserId: creator.userId,
          creatorName: creator.name,
          closedByName: closer?.name ?? null,
          closeRemark: isOpen ? null : pick(r, texts.CLOSE_REMARKS),
          createdAt: new Date(created),
          updatedAt: new Date(closed ?? Math.min(this.now, created + int(r, 0, 72) * 3_600_000)),
          closedAt: closed === null ? null : new Date(closed),
        });
      }
      resource.worksheetNumber = count;
      resource.openWorksheetNumber = open;
    }
    if (chance(r, NOTIFICATION_SHARE)) {
      const count = int(r, 1, 2);
      for (let k = 0; k < count; k++) {
        const template = pick(r, texts.NOTIFICATIONS);
        const begin = this.now + int(r, -20, 10) * DAY_MS;
        const end = begin + int(r, 3, 30) * DAY_MS;
        const creator = pick(r, this.staff);
        batch.notifications.push({
          resourceId: resource.resourceId,
          notification: fill(template.text, {
            date: chinaDate(begin + int(r, 1, 3) * DAY_MS),
            n: String(int(r, 1, 8)),
            r: pick(r, texts.ROADS),
          }),
          showTimeBegin: new Date(begin),
          showTimeEnd: new Date(end),
          range: null,
          url:
            template.type === 'PROMOTION'
              ? `https://example.com/promotions/${hexOf(batch.notifications.length)}`
              : null,
          type: template.type,
          createdBy: creator.userId,
          createTime: new Date(Math.min(this.now, begin) - DAY_MS),
          updateTime: new Date(Math.min(this.now, begin) - DAY_MS),
        });
      }
    }
  }
}

const SWAP_GENERATIONS = weighted(
  [
    { generation: 1, weight: 5 },
    { generation: 2, weight: 35 },
    { generation: 3, weight: 40 },
    { generation: 4, weight: 20 },
  ],
  (g) => g.weight,
);

function asRanges(periods: FeePeriod[], random: Random): FeePeriod[] {
  return periods.map((period) => {
    const spread = round4(0.1 + random() * 0.3);
    return { ...period, feeMin: period.fee, feeMax: round4(period.fee + spread) };
  });
}

function workLineRegion(provinceId: string): string {
  const prefix = provinceId.slice(0, 2);
  return texts.WORK_LINE_REGIONS.find(([, prefixes]) => prefixes.includes(prefix))?.[0] ?? '总部';
}

/** 上海市闵行区: the city and district part of an address (the province only when it is the city). */
export function addressPrefix(regionId: string): string {
  const parts = (regionLabel(regionId) ?? '').split('/');
  return (parts.length === 3 ? parts.slice(1) : parts).join('');
}

/** `3月14日` in China time. */
function chinaDate(epochMs: number): string {
  const date = new Date(epochMs + 8 * 3_600_000);
  return `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
}
