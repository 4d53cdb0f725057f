import { and, between, eq, sql } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import {
  ChargingPathPlanSchema,
  type ChargingPathPlan,
  type ChargingPathRoutes,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';
import type { Db } from '../platform/db/database.js';
import { accounts } from '../modules/accounts/accounts.tables.js';
import {
  chosenPlan,
  pathStatusOf,
  planningFilterOf,
  type TripPlanner,
} from '../modules/charging-paths/charging-path-planning.service.js';
import { chargingPaths } from '../modules/charging-paths/charging-paths.tables.js';
import { CITY_ANCHORS } from './city-anchors.js';
import type { DemoSize } from './demo-context.js';
import { pick } from './random.js';

const DAY = 86_400_000;
/** Paths are searched over the 90 days before the demo's moment. */
const SPAN_DAYS = 90;
const PATHS: Record<DemoSize, Record<Tenant, number>> = {
  small: { nio: 2_000, pe: 700, rsc: 300 },
  large: { nio: 20_000, pe: 7_000, rsc: 3_000 },
};
/** The demo accounts (`ACC100000` …) paths are spread over, those of them the tenant has. */
const CANDIDATE_ACCOUNTS = 2_000;
/** Share of paths the user rated, and the stars they gave, most often good. */
const RATED_SHARE = 0.45;
const STARS = [5, 5, 5, 4, 4, 4, 3, 3, 2, 1] as const;
const RATING_TEXTS: Record<number, readonly string[]> = {
  5: ['路线很顺，充电站都好找', '推荐的站点都有空桩', '一次就到，很满意'],
  4: ['整体不错，有一个站排队', '路线合理'],
  3: ['还行，绕了一点路', '站点信息有点旧'],
  2: ['推荐的站点在维修', '充电时间比预计长'],
  1: ['导航到的站点关门了', '续航估计不准，差点没电'],
};

/** A user's trip between two demo city centres: the place names the app would send, the car and its charge. */
interface DemoTripPlan {
  from: string;
  to: string;
  fromName: string;
  toName: string;
  vehicleModel: string;
  ratedRange: number;
  currentRange: number;
  tag: PlanTag;
}

const city = (cityId: string) => {
  const anchor = CITY_ANCHORS.find((c) => c.cityId === cityId);
  if (!anchor) throw new Error(`demo path city ${cityId} is not a demo city`);
  return anchor;
};

/** City pairs from an hour's drive to across the country, with the places users name in them. */
const TRIPS: readonly [string, string, string, string][] = [
  ['310100', '330100', '上海虹桥站', '杭州西湖'],
  ['310100', '320100', '上海人民广场', '南京夫子庙'],
  ['110100', '120100', '北京南站', '天津之眼'],
  ['440100', '440300', '广州塔', '深圳湾公园'],
  ['510100', '500100', '成都春熙路', '重庆解放碑'],
  ['330100', '340100', '杭州东站', '合肥南站'],
  ['410100', '420100', '郑州东站', '武汉光谷'],
  ['420100', '430100', '武汉黄鹤楼', '长沙橘子洲'],
  ['110100', '370100', '北京国贸', '济南大明湖'],
  ['610100', '410100', '西安钟楼', '郑州二七广场'],
  ['440100', '430100', '广州南站', '长沙南站'],
  ['110100', '310100', '北京西站', '上海外滩'],
];

/** The cars and charges users plan with: a full long-range car, a half-charged one, a short-range one. */
const PROFILES: readonly Pick<DemoTripPlan, 'vehicleModel' | 'ratedRange' | 'currentRange' | 'tag'>[] = [
  { vehicleModel: 'ET7', ratedRange: 550, currentRange: 480, tag: 'recommended' },
  { vehicleModel: 'ES6', ratedRange: 420, currentRange: 160, tag: 'least_time' },
  { vehicleModel: 'ET5', ratedRange: 120, currentRange: 90, tag: 'reachable' },
];

/** Every trip with every profile: the plans the demo's paths are copies of. */
export const DEMO_PATH_PLANS: readonly DemoTripPlan[] = TRIPS.flatMap(([from, to, fromName, toName], i) =>
  PROFILES.map((profile, j) => ({
    from,
    to,
    fromName,
    toName,
    ...profile,
    // Every other trip the long-range car plans the fastest way instead.
    tag: j === 0 && i % 2 === 1 ? 'least_distance' : profile.tag,
  })),
);

const requestOf = (trip: DemoTripPlan): ChargingPathPlan => {
  const [from, to] = [city(trip.from), city(trip.to)];
  return ChargingPathPlanSchema.parse({
    accountId: 'demo',
    vehicleModel: trip.vehicleModel,
    ratedRange: trip.ratedRange,
    currentRange: trip.currentRange,
    origin: { name: trip.fromName, longitude: from.longitude, latitude: from.latitude },
    destination: { name: trip.toName, longitude: to.longitude, latitude: to.latitude },
    tag: trip.tag,
  });
};

/** One planned trip as every copy of it stores it. */
interface PlannedTemplate {
  request: ChargingPathPlan;
  routes: ChargingPathRoutes;
}

/** The tenant's demo accounts among the first `CANDIDATE_ACCOUNTS`, read by the key's range. */
async function tenantAccounts(db: Db, tenant: Tenant): Promise<string[]> {
  const [first, last] = [`ACC${100000}`, `ACC${100000 + CANDIDATE_ACCOUNTS - 1}`];
  const rows = await db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(
      and(
        eq(accounts.tenant, tenant),
        between(accounts.accountId, first, last),
        sql`length(${accounts.accountId}) = ${first.length}`,
        eq(accounts.isDelete, false),
      ),
    );
  return rows.map((row) => row.accountId).sort();
}

/**
 * The app users' charging paths: a few dozen trips between demo cities planned once with the portal's
 * planner (as `POST /api/app/charging-paths` plans them), then recorded for the demo accounts of each
 * tenant at times over the last 90 days, many with the user's rating. Runs once the stations and the
 * accounts are committed; a tenant without demo accounts gets no paths.
 */
export async function seedChargingPaths(
  db: Db,
  planner: TripPlanner,
  { random, size, now }: { random: () => number; size: DemoSize; now: Date },
): Promise<void> {
  const templates: PlannedTemplate[] = [];
  for (const trip of DEMO_PATH_PLANS) {
    const request = requestOf(trip);
    templates.push({
      request,
      routes: chosenPlan(await planner.planTrip(planningFilterOf(request)), trip.tag),
    });
  }
  for (const tenant of TENANTS) {
    const users = await tenantAccounts(db, tenant);
    if (users.length === 0) continue;
    // In time order, as an app's requests arrive: the indexes on the search time fill at their end.
    const rows = Array.from({ length: PATHS[size][tenant] }, () => {
      const template = Math.floor(random() * templates.length);
      const searchTime = now.getTime() - Math.floor(random() * SPAN_DAYS * DAY);
      const rating = random() < RATED_SHARE ? pick(random, STARS) : null;
      return {
        t: template,
        a: pick(random, users),
        s: new Date(searchTime).toISOString(),
        r: rating,
        x: rating !== null && random() < 0.6 ? pick(random, RATING_TEXTS[rating]!) : null,
        c: rating !== null ? new Date(searchTime + Math.floor(random() * DAY)).toISOString() : null,
      };
    }).sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
    const plans = templates.map(({ request, routes }) => ({
      vehicleModel: request.vehicleModel,
      ratedRange: request.ratedRange,
      currentRange: request.currentRange,
      origName: request.origin.name,
      destName: request.destination.name,
      tag: request.tag,
      distance: Math.round(routes.route.distance),
      duration: Math.round(routes.route.duration),
      status: pathStatusOf(routes),
      locations: { orig: request.origin, dest: request.destination, waypoints: [] },
      routes,
    }));
    // The plans travel once; each path names its plan by position, so a route is not sent once per copy.
    await db.execute(sql`
      insert into ${chargingPaths} (tenant, account_id, vehicle_model, rated_range, current_range, search_time,
        orig_name, dest_name, tag, distance, duration, status, locations, routes, commentary_rating,
        commentary_text, commentary_time)
      select ${tenant}, r.a, p->>'vehicleModel', (p->>'ratedRange')::int, (p->>'currentRange')::int, r.s,
        p->>'origName', p->>'destName', p->>'tag', (p->>'distance')::int, (p->>'duration')::int,
        p->>'status', p->'locations', p->'routes', r.r, r.x, r.c
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(t int, a text, s timestamptz, r smallint, x text, c timestamptz)
      join jsonb_array_elements(${JSON.stringify(plans)}::jsonb) with ordinality as plan(p, n) on plan.n = r.t + 1`);
  }
}
