import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import {
  DEFAULT_DUPLICATE_RADIUS_METERS,
  REPORT_ONLINE_STATUSES,
  REPORT_REVIEW_STATUSES,
  type DuplicateCandidate,
} from '@cmp/domain/stations/crowdsourced-stations';
import type { ReportedStationSource } from '@cmp/domain/stations/reported-stations';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { crowdsourcedStations } from '../modules/crowdsourced-stations/crowdsourced-stations.tables.js';
import { RELATION_BIND_ACTION } from '../modules/relations/relations.service.js';
import { staffUserRoles, staffUsers } from '../modules/staff/staff.tables.js';
import { STATION_ENTITY } from '../modules/stations/station-directory.service.js';
import { resources } from '../modules/stations/stations.tables.js';
import type { DbOrTx } from '../platform/db/database.js';
import { insertJsonRows } from './bulk-insert.js';
import { offsetPoint, type CityAnchor } from './city-anchors.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { DEMO_OPERATORS, type DemoOperator } from './operators.demo.js';
import { pick } from './random.js';
import {
  chance,
  CITIES,
  hexOf,
  int,
  operatorIn,
  placeAt,
  placeInCity,
  placeName,
  placeWords,
  streetAddress,
  weighted,
  type Place,
  type Random,
} from './reported-places.js';
import { addressPrefix, fill } from './stations.demo.js';
import * as texts from './station-texts.js';

type ReportRow = typeof crowdsourcedStations.$inferInsert;
/** Some of a report's fields, as one part of the generator decides them. */
type ReportPart = Partial<Omit<ReportRow, 'tenant' | 'objectId'>>;
/** Where a report is and what the reporter calls the place. */
type Whereabouts = ReportPart & Pick<ReportRow, 'longitude' | 'latitude' | 'stationName' | 'address'>;

export const DEMO_REPORT_COUNTS: Record<DemoSize, number> = { small: 3_000, large: 100_000 };
/** The tenant's first accounts (by id) that report: a few of them report often, most once or twice. */
const REPORTER_POOL: Record<DemoSize, number> = { small: 2_000, large: 30_000 };
const BATCH = 2_000;
const RADIUS = DEFAULT_DUPLICATE_RADIUS_METERS;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const TENANT_SHARE: readonly (readonly [Tenant, number])[] = [
  ['nio', 0.65],
  ['pe', 0.25],
  ['rsc', 0.1],
];
/** Where a tenant's reports come from: its own app, mini programs, the internal build, staff on the phone. */
const SOURCES: Record<Tenant, readonly (readonly [ReportedStationSource, number])[]> = {
  nio: [
    ['nio', 0.6],
    ['mini', 0.12],
    ['internal', 0.13],
    ['staff', 0.15],
  ],
  pe: [
    ['pe', 0.6],
    ['mini', 0.25],
    ['staff', 0.15],
  ],
  rsc: [
    ['mini', 0.55],
    ['internal', 0.25],
    ['staff', 0.2],
  ],
};

/**
 * What a report is about: a station that went online from it, a known station the reporter found (linked
 * at intake), a place close to a known station (a likely duplicate), a charging blind spot, or a new place.
 */
type ReportKind = 'online' | 'reuse' | 'nearStation' | 'blindSpot' | 'new';
const KIND_SHARE: readonly (readonly [ReportKind, number])[] = [
  ['online', 0.12],
  ['reuse', 0.04],
  ['nearStation', 0.1],
  ['blindSpot', 0.08],
  ['new', 0.66],
];

// 充电站 twice: what most reporters call it.
const NAME_SUFFIXES = ['充电站', '充电桩', '停车场充电桩', '快充站', '超级充电站', '充电站'];
const DUPLICATE_SUFFIXES = ['充电桩', '停车场充电桩', '新装充电桩', '快充站'];
const OTHER_OPERATORS = ['物业自建', '停车场自营', '商场自营', '小区业委会', '本地充电科技公司', '不清楚'];
const BLIND_SPOT_PLACES = [
  '{d}服务区',
  '{d}景区游客中心',
  '{d}镇政府',
  '{r}加油站',
  '{d}高铁站',
  '{w}农家乐',
  '{d}国道旁停车场',
  '{d}水库景区',
];
const BLIND_SPOT_REMARKS = [
  '附近三十公里内没有快充站，希望尽快上线',
  '周末自驾游车多，附近没有可用的充电桩',
  '景区停车场有电源，建议接入',
  '国道沿线充电空白，经常要绕路充电',
];
const REMARKS = [
  '桩很新，刚装好不久',
  '地图上搜不到这个站',
  '晚上也可以充',
  '需要下载运营商App扫码',
  '有专人看管，比较安全',
  '充电车位经常被油车占用',
  '入口不太好找，建议完善导航',
];
const BUSINESS_HOURS = ['00:00-24:00', '24小时', '07:00-22:00', '08:00-20:00', '06:00-23:00'];
const ELECTRICITY_FEES = ['1.0元/度', '0.8元/度', '峰1.2元/度，谷0.4元/度', '0.65元/度'];
const SERVICE_FEES = ['0.6元/度', '0.8元/度', '0.4元/度', '0.5元/度'];
const REJECT_REASONS = [
  '与已收录站点重复',
  '位置信息不准确，无法核实',
  '现场核实无充电设施',
  '图片不清晰，无法确认站点信息',
  '私人充电桩，不对外开放',
  '站点已停止运营',
];
const DUPLICATE_REJECT = REJECT_REASONS[0]!;
/** Blind spots per demo city: places past its edge where drivers miss chargers. */
const BLIND_SPOTS_PER_CITY = 4;

/** Mean earth radius (IUGG), metres: the distance the portal's duplicate search computes. */
const EARTH_RADIUS = 6_371_008.8;
function metresBetween(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A network station as reports meet it. */
export interface StationSpot {
  resourceId: string;
  resourceType: string;
  resourceName: string;
  address: string | null;
  regionId: string | null;
  operatorId: string | null;
  longitude: number;
  latitude: number;
}

export interface ReportOptions {
  count: number;
  /** The moment the data is as of: reports come over the year before it. */
  now: Date;
  /** Live accounts that report, per tenant; tenants without any get no reports. */
  reporters: ReadonlyMap<Tenant, readonly string[]>;
  /** User names of the tenant's staff who review. */
  reviewers: ReadonlyMap<Tenant, readonly string[]>;
  stations: readonly StationSpot[];
}

/**
 * Points indexed by cells of about 0.004° (over 200 m of longitude as far north as the demo cities go), so
 * that everything within the duplicate radius of a point lies in its cell or the eight around it.
 */
class Grid<T extends { longitude: number; latitude: number }> {
  private static readonly CELL = 0.004;
  private readonly cells = new Map<string, T[]>();

  private key(x: number, y: number) {
    return `${x}:${y}`;
  }

  add(item: T): void {
    const key = this.key(Math.floor(item.longitude / Grid.CELL), Math.floor(item.latitude / Grid.CELL));
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  near(point: { longitude: number; latitude: number }, metres: number): { item: T; distance: number }[] {
    const x = Math.floor(point.longitude / Grid.CELL);
    const y = Math.floor(point.latitude / Grid.CELL);
    const found: { item: T; distance: number }[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const item of this.cells.get(this.key(x + dx, y + dy)) ?? []) {
          const distance = metresBetween(point, item);
          if (distance <= metres) found.push({ item, distance });
        }
      }
    }
    return found;
  }
}

interface BlindSpot {
  id: string;
  longitude: number;
  latitude: number;
}

/** A city's blind spots: past the edge of its stations, at bearings spread around it. */
const blindSpotsOf = (city: CityAnchor): BlindSpot[] =>
  Array.from({ length: BLIND_SPOTS_PER_CITY }, (_, n) => ({
    id: `CBS${city.cityId}${String(n + 1).padStart(2, '0')}`,
    ...offsetPoint(
      city.longitude,
      city.latitude,
      city.radiusKm * (1.2 + 0.15 * n),
      (2 * Math.PI * (n + 0.3)) / BLIND_SPOTS_PER_CITY,
    ),
  }));

/** A generated report, and what later reports' candidates depend on: when it stopped being open. */
interface Draft {
  row: ReportRow & { createdAt: Date; longitude: number; latitude: number; tenant: Tenant };
  /** When it stopped being open (reviewed other than approved, or online); null while it is. */
  closedAt: number | null;
}

/**
 * Reports over the year before `now`, in the order they came in, with their review, their station when they
 * have one, and the stations and open reports within the duplicate radius when each came in. Everything
 * follows from `random`.
 */
export function generateReports(random: Random, options: ReportOptions): ReportRow[] {
  const shares = TENANT_SHARE.filter(([tenant]) => (options.reporters.get(tenant)?.length ?? 0) > 0);
  if (shares.length === 0) return [];
  const stations = new Grid<StationSpot>();
  options.stations.forEach((station) => stations.add(station));
  const generator = new ReportGenerator(random, options, stations);
  const drafts: Draft[] = [];
  for (let i = 0; i < options.count; i++) drafts.push(generator.report(i, weighted(random, shares)));
  drafts.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  flagDuplicates(drafts, stations);
  return drafts.map((draft) => draft.row);
}

class ReportGenerator {
  private readonly now: number;
  private readonly charge: StationSpot[];
  /** Charge stations no report has gone online as yet, in a random order. */
  private readonly unlinked: StationSpot[];
  private readonly operators = new Map(DEMO_OPERATORS.map((o) => [o.operatorId, o]));

  constructor(
    private readonly random: Random,
    private readonly options: ReportOptions,
    private readonly stations: Grid<StationSpot>,
  ) {
    this.now = options.now.getTime();
    this.charge = options.stations.filter((s) => s.resourceType === 'ChargeStation');
    this.unlinked = [...this.charge];
    for (let i = this.unlinked.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [this.unlinked[i], this.unlinked[j]] = [this.unlinked[j]!, this.unlinked[i]!];
    }
  }

  report(i: number, tenant: Tenant): Draft {
    const { random } = this;
    let kind = weighted(random, KIND_SHARE);
    const needsStation = kind === 'online' || kind === 'reuse' || kind === 'nearStation';
    if ((kind === 'online' && this.unlinked.length === 0) || (needsStation && this.charge.length === 0)) {
      kind = 'new';
    }
    const source = weighted(random, SOURCES[tenant]);
    // Most reports are recent; the ones online took days to review and build.
    const age = (kind === 'online' ? 5 * DAY : 0) + Math.floor(365 * DAY * random() ** 1.6);
    const createdAt = this.now - age - int(random, 0, DAY - 1);
    const reporters = this.options.reporters.get(tenant)!;
    const reviewers = this.options.reviewers.get(tenant) ?? [`${tenant}-operator`];
    // A few people report often: the first of the pool far more than the last.
    const reporter = reporters[Math.floor(reporters.length * random() ** 2.5)]!;
    const creatorAccountId = source !== 'staff' || chance(random, 0.5) ? reporter : null;
    const station =
      kind === 'online' ? this.unlinked.pop() : this.charge[int(random, 0, this.charge.length - 1)];
    const where =
      station && kind !== 'new' && kind !== 'blindSpot'
        ? this.nearStation(kind, station)
        : this.newPlace(kind);
    const about = kind === 'online' || kind === 'reuse' ? station! : null;

    const row: Draft['row'] = {
      tenant,
      objectId:
        source === 'staff'
          ? `CSR-${hexOf(i)}${hexOf(i ^ 0x5bd1e995)}`
          : `${Math.floor(createdAt / 1000).toString(16)}${hexOf(i * 7 + 1)}${i.toString(16).padStart(8, '0')}`,
      source,
      isChargingBlindSpot: false,
      ...where,
      stationId: about?.resourceId ?? null,
      stationStatus: REPORT_REVIEW_STATUSES.pending,
      onlineStatus: REPORT_ONLINE_STATUSES.offline,
      version: 1,
      creatorAccountId,
      createUser: source === 'staff' ? pick(random, reviewers) : `demo-${tenant}-app`,
      ...this.details(kind),
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    };
    const closedAt = this.review(row, kind, createdAt, age, reviewers);
    return { row, closedAt };
  }

  /**
   * A report of a known station: the reporter's pin a few metres off the station it is about, or a block
   * away from the one it repeats under another name.
   */
  private nearStation(kind: ReportKind, station: StationSpot): Whereabouts {
    const { random } = this;
    const metres = kind === 'nearStation' ? 30 + random() * 160 : 5 + random() * 35;
    const point = offsetPoint(station.longitude, station.latitude, metres / 1000, random() * 2 * Math.PI);
    const operator = station.operatorId ? this.operators.get(station.operatorId) : undefined;
    return {
      ...point,
      areaCode: station.regionId,
      stationName:
        kind === 'nearStation'
          ? `${station.resourceName.replace(/(超级充电站|充电站|换电站|超充站)$/, '')}${pick(random, DUPLICATE_SUFFIXES)}`
          : station.resourceName,
      address: station.address ?? addressPrefix(station.regionId ?? ''),
      operatorId: operator?.operatorId ?? null,
      operatorName: operator?.operatorName ?? null,
    };
  }

  /** A report of a place the network lacks: in a city, or near one of a city's blind spots. */
  private newPlace(kind: ReportKind): Whereabouts {
    const { random } = this;
    const { place, blindSpot } =
      kind === 'blindSpot' ? this.blindSpotPlace() : { place: this.cityPlace(), blindSpot: null };
    const words = placeWords(random, place);
    const operator = this.operatorIn(place.provinceId);
    const stationName = blindSpot
      ? `${fill(pick(random, BLIND_SPOT_PLACES), words)}充电桩`
      : `${operator && chance(random, 0.4) ? operator.brand : ''}` +
        `${placeName(random, words).name}${pick(random, NAME_SUFFIXES)}`;
    const parking = chance(random, 0.3) ? pick(random, texts.PARK_INFOS) : '';
    return {
      longitude: place.longitude,
      latitude: place.latitude,
      areaCode: place.regionId,
      stationName,
      address: `${streetAddress(random, place, words.r)}${parking}`,
      operatorId: operator?.operatorId ?? null,
      operatorName: operator?.operatorName ?? null,
      otherOperatorName: !operator && chance(random, 0.35) ? pick(random, OTHER_OPERATORS) : null,
      ...(blindSpot && {
        isChargingBlindSpot: true,
        chargingBlindSpotId: blindSpot.id,
        chargingBlindSpotLongitude: blindSpot.longitude,
        chargingBlindSpotLatitude: blindSpot.latitude,
      }),
    };
  }

  /**
   * A place in a city the network does not serve yet: one with no station within the duplicate radius if a
   * few tries find one (reports next to a station are drawn on purpose, as likely duplicates).
   */
  private cityPlace(): Place {
    return placeInCity(
      this.random,
      weighted(this.random, CITIES),
      (point) => this.stations.near(point, RADIUS).length === 0,
    );
  }

  /** A point within a kilometre and a half of one of a city's blind spots, on land. */
  private blindSpotPlace(): { place: Place; blindSpot: BlindSpot | null } {
    const { random } = this;
    for (let attempt = 0; attempt < 100; attempt++) {
      const blindSpot = pick(random, blindSpotsOf(weighted(random, CITIES)));
      const point = offsetPoint(
        blindSpot.longitude,
        blindSpot.latitude,
        0.2 + random() * 1.3,
        random() * 2 * Math.PI,
      );
      const place = placeAt(point);
      if (place) return { place, blindSpot };
    }
    throw new Error('no demo blind spot lies on land');
  }

  /** An operator the reporter names (55 %), one of the network's that serves the province. */
  private operatorIn(provinceId: string): DemoOperator | null {
    return chance(this.random, 0.55) ? operatorIn(this.random, provinceId) : null;
  }

  /** What the reporter says of the chargers, prices and parking; blind spots say why they matter. */
  private details(kind: ReportKind): ReportPart {
    const { random } = this;
    const dc = chance(random, 0.75) ? int(random, 1, 12) : 0;
    const ac = dc === 0 || chance(random, 0.35) ? int(random, 1, 10) : 0;
    const road = pick(random, texts.ROADS);
    return {
      siteGuide: chance(random, 0.6) ? fill(pick(random, texts.GUIDES), { r: road }) : null,
      construction: chance(random, 0.7) ? pick(random, texts.CITY_PLACE_KINDS).construction : null,
      businessHours: chance(random, 0.7) ? pick(random, BUSINESS_HOURS) : null,
      electricityFee: chance(random, 0.5) ? pick(random, ELECTRICITY_FEES) : null,
      serviceFee: chance(random, 0.5) ? pick(random, SERVICE_FEES) : null,
      parkNums: chance(random, 0.6) ? int(random, 2, 60) : null,
      parkFee: chance(random, 0.4) ? pick(random, texts.PARK_FEES).origin : null,
      remark:
        kind === 'blindSpot'
          ? pick(random, BLIND_SPOT_REMARKS)
          : chance(random, 0.3)
            ? pick(random, REMARKS)
            : null,
      dcEquipmentNumber: dc,
      dcPower: dc > 0 ? pick(random, [60, 120, 160, 240, 480]) : 0,
      dcCurrent: dc > 0 ? pick(random, [125, 200, 250]) : 0,
      acEquipmentNumber: ac,
      acPower: ac > 0 ? pick(random, [7, 11, 21]) : 0,
      acCurrent: ac > 0 ? pick(random, [16, 32]) : 0,
    };
  }

  /**
   * The review: recent reports mostly wait, older ones were approved or rejected by one of the tenant's
   * staff within days; a likely duplicate is mostly rejected as one. Answers when the report stopped being
   * open, if it did.
   */
  private review(
    row: Draft['row'],
    kind: ReportKind,
    createdAt: number,
    age: number,
    reviewers: readonly string[],
  ): number | null {
    const { random } = this;
    // Nobody reviews within the first hours.
    const waiting = this.now - createdAt < 3 * HOUR ? 1 : age < 7 * DAY ? 0.85 : age < 30 * DAY ? 0.45 : 0.12;
    if (kind !== 'online' && chance(random, waiting)) return null;
    const reviewTime = Math.min(this.now - HOUR, createdAt + int(random, 2 * HOUR, 5 * DAY));
    const rejectShare = kind === 'nearStation' ? 0.7 : kind === 'blindSpot' ? 0.2 : 0.3;
    const rejected = kind !== 'online' && chance(random, rejectShare);
    row.stationStatus = rejected ? REPORT_REVIEW_STATUSES.rejected : REPORT_REVIEW_STATUSES.approved;
    row.reviewUser = pick(random, reviewers);
    row.reviewTime = new Date(reviewTime);
    row.rejectReason = rejected
      ? kind === 'nearStation'
        ? DUPLICATE_REJECT
        : pick(random, REJECT_REASONS.slice(1))
      : null;
    row.version = 2;
    row.updatedAt = row.reviewTime;
    if (kind !== 'online') return rejected ? reviewTime : null;
    const onlineAt = Math.min(this.now - HOUR, reviewTime + int(random, 12 * HOUR, 3 * DAY));
    row.onlineStatus = REPORT_ONLINE_STATUSES.online;
    row.version = 3;
    row.updatedAt = new Date(onlineAt);
    return onlineAt;
  }
}

/**
 * Each report's duplicate candidates as the intake finds them: network stations and the tenant's reports
 * still open when it came in, within the radius, nearest first, at most ten; never the station it is about.
 */
function flagDuplicates(drafts: readonly Draft[], stations: Grid<StationSpot>): void {
  const metres = (distance: number) => Math.round(distance * 10) / 10;
  const reportGrids = new Map<Tenant, Grid<Draft['row'] & { closedAt: number | null }>>();
  for (const { row, closedAt } of drafts) {
    const came = row.createdAt.getTime();
    const grid = reportGrids.get(row.tenant) ?? new Grid();
    reportGrids.set(row.tenant, grid);
    const candidates: DuplicateCandidate[] = [
      ...stations
        .near(row, RADIUS)
        .filter(({ item }) => item.resourceId !== row.stationId)
        .map(({ item, distance }) => ({
          kind: 'station' as const,
          id: item.resourceId,
          name: item.resourceName,
          address: item.address,
          longitude: item.longitude,
          latitude: item.latitude,
          distance: metres(distance),
        })),
      ...grid
        .near(row, RADIUS)
        .filter(({ item }) => item.closedAt === null || item.closedAt > came)
        .map(({ item, distance }) => ({
          kind: 'report' as const,
          id: item.objectId,
          name: item.stationName,
          address: item.address,
          longitude: item.longitude,
          latitude: item.latitude,
          distance: metres(distance),
        })),
    ]
      .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
      .slice(0, 10);
    row.duplicateCandidates = candidates;
    row.suspectedDuplicate = candidates.length > 0;
    grid.add({ ...row, closedAt });
  }
}

/** The network's stations, for placing reports near them. */
export async function loadStationSpots(db: DbOrTx): Promise<StationSpot[]> {
  return db
    .select({
      resourceId: resources.resourceId,
      resourceType: resources.resourceType,
      resourceName: resources.resourceName,
      address: resources.address,
      regionId: resources.regionId,
      operatorId: resources.operatorId,
      longitude: resources.longitude,
      latitude: resources.latitude,
    })
    .from(resources)
    .where(inArray(resources.resourceType, ['ChargeStation', 'PowerSwap']))
    .orderBy(asc(resources.resourceId));
}

/** Each tenant's first `pool` live accounts (by id). */
export async function loadReporters(db: DbOrTx, pool: number): Promise<Map<Tenant, string[]>> {
  const reporters = new Map<Tenant, string[]>();
  for (const tenant of TENANTS) {
    const rows = await db
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.tenant, tenant), eq(accounts.isDelete, false)))
      .orderBy(asc(accounts.accountId))
      .limit(pool);
    if (rows.length > 0)
      reporters.set(
        tenant,
        rows.map((row) => row.accountId),
      );
  }
  return reporters;
}

/** The user names of each tenant's operators and admins, who review. */
async function loadReviewers(db: DbOrTx): Promise<Map<Tenant, string[]>> {
  const rows = await db
    .select({ tenant: staffUserRoles.tenant, userName: staffUsers.userName })
    .from(staffUserRoles)
    .innerJoin(staffUsers, eq(staffUsers.id, staffUserRoles.userId))
    .where(inArray(staffUserRoles.role, ['operator', 'admin']))
    .orderBy(asc(staffUsers.userName));
  const reviewers = new Map<Tenant, string[]>();
  for (const row of rows) {
    const tenant = row.tenant as Tenant;
    reviewers.set(tenant, [...(reviewers.get(tenant) ?? []), row.userName]);
  }
  return reviewers;
}

/**
 * Stores the reports, then binds the reporter of each report about a station as its discoverer (source
 * virtual_station), when the report went online or at intake for a station found, with the bind in the
 * station's history as the relations service writes it: the app back end as the system, staff as themselves.
 */
export async function insertReports(db: DbOrTx, rows: readonly ReportRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += BATCH) {
    await insertJsonRows(db, crowdsourcedStations, rows.slice(at, at + BATCH));
  }
  await db.execute(sql`
    with found as (
      select c.tenant, c.station_id, r.resource_type, c.object_id, c.creator_account_id,
        case when c.online_status = 1 then c.updated_at else c.created_at end as bind_time,
        case when c.online_status = 1 then c.review_user else c.create_user end as bound_by,
        coalesce(a.nick_name, a.name) as account_name
      from crowdsourced_stations c
      join resources r on r.resource_id = c.station_id
      join accounts a on a.tenant = c.tenant and a.account_id = c.creator_account_id and not a.is_delete
      where c.station_id is not null
    ), bound as (
      insert into relations (tenant, resource_id, resource_type, resource_origin_id, account_id, relation_type,
        bind_reason, state, bind_time, source, bound_by)
      select tenant, station_id, resource_type, object_id, creator_account_id, 'discoverer',
        'report ' || object_id, 'bind', bind_time, 'virtual_station', bound_by
      from found
      order by bind_time, object_id
      on conflict do nothing
      returning relation_id, tenant, resource_id, resource_origin_id, account_id, relation_type, bind_reason,
        source, bind_time, bound_by
    )
    insert into audit_records
      (occurred_at, tenant, actor_user_id, actor_user_name, actor_type, entity_type, entity_id, action,
       before, after, result, ext_data)
    select b.bind_time, b.tenant, s.id, b.bound_by, case when s.id is null then 'system' else 'staff' end,
      ${STATION_ENTITY}, b.resource_id, ${RELATION_BIND_ACTION}, null,
      jsonb_build_object('relationId', b.relation_id, 'accountId', b.account_id,
        'accountName', f.account_name, 'relationType', b.relation_type, 'bindReason', b.bind_reason,
        'relationSource', b.source),
      'success', jsonb_build_object('relation_id', b.relation_id)
    from bound b
    join found f on f.tenant = b.tenant and f.object_id = b.resource_origin_id
    left join staff_users s on s.user_name = b.bound_by
    order by b.bind_time, b.relation_id`);
}

/**
 * Stations reported by the tenants' app users and entered by staff over the past year: every source, review
 * and online state; about one in ten next to a known station and flagged, some in charging blind spots,
 * those online or about a found station linked to it with the reporter as its discoverer.
 */
export async function seedCrowdsourcedStations({ tx, random, size, now }: DemoContext): Promise<void> {
  const rows = generateReports(random, {
    count: DEMO_REPORT_COUNTS[size],
    now,
    reporters: await loadReporters(tx, REPORTER_POOL[size]),
    reviewers: await loadReviewers(tx),
    stations: await loadStationSpots(tx),
  });
  await insertReports(tx, rows);
}
