import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { PowerSearchResponse, RoutePlanListResponse } from '@cmp/domain/road-books/road-book';
import { INITIAL_MAX_RANGE } from '@cmp/domain/road-books/road-book-save';
import { CITY_ANCHORS } from '../../demo/city-anchors.js';
import { seededRandom } from '../../demo/random.js';
import { DEMO_NETWORK_SIZES, seedStationNetwork } from '../../demo/stations.demo.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resources } from '../stations/stations.tables.js';
import { bearingGap } from './planning/geo.js';
import { DEFAULT_DIRECTION_TOLERANCE_DEGREES } from './planning/route-planner.js';

/*
 * Long trips through the API on the small demo network (issue 29): its expressway service areas stand on
 * one carriageway each, named "（X方向）" and carrying the bearing they serve, as the demo makes them.
 */
const NOW = new Date('2026-11-22T08:00:00+08:00');
const city = (name: string) => {
  const anchor = CITY_ANCHORS.find((c) => c.name === name)!;
  return { longitude: anchor.longitude, latitude: anchor.latitude };
};
const BEIJING = city('北京');
const GUANGZHOU = city('广州');
/** The default reserve: 10 % of the default maximum range. */
const DEFAULT_RESERVE_KM = INITIAL_MAX_RANGE / 10;

let ctx: TestContext;
let operator: string;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.userWith('operator', 'nio');
  await ctx.database.db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261121), { ...DEMO_NETWORK_SIZES.small, now: NOW }),
  );
});
afterAll(() => ctx.app.close());

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: operator }, payload });

async function options(payload: Record<string, unknown>): Promise<RoutePlanListResponse> {
  const response = await post('/api/nio/road-books/route/options', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RoutePlanListResponse;
}

async function stationsById(ids: string[]) {
  const rows = await ctx.database.db
    .select({ id: resources.resourceId, name: resources.resourceName, bearing: resources.servedBearing })
    .from(resources)
    .where(inArray(resources.resourceId, ids.length > 0 ? ids : ['-']));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every stop of every plan: the station's name and served bearing, and the range it is reached with. */
async function stopsOf(list: RoutePlanListResponse) {
  const stops = list.plans.flatMap((plan) =>
    plan.resources.map((stop) => ({ id: stop.id, arrival: stop.arrivalRange!, tags: plan.tags })),
  );
  const stations = await stationsById(stops.map((stop) => stop.id.replace(/_clone$/, '')));
  return stops.map((stop) => ({ ...stop, ...stations.get(stop.id.replace(/_clone$/, ''))! }));
}

describe('a long trip on the demo network', () => {
  it('should stop southbound from Beijing to Guangzhou only where southbound cars pull in, above the reserve', async () => {
    const list = await options({ originPoint: BEIJING, destinationPoint: GUANGZHOU });
    const stops = await stopsOf(list);
    expect(list.status).toBe(0);
    expect(stops.length).toBeGreaterThan(0);
    for (const plan of list.plans) expect(plan.route.notArrivalCount).toBe(0);
    // The demo's one-carriageway service areas on this trip are named for the city they head to.
    const oneWay = stops.filter((stop) => stop.bearing !== null);
    expect(oneWay.length).toBeGreaterThan(0);
    for (const stop of oneWay) {
      expect(stop.name, stop.name).not.toMatch(/（北京方向）$/);
      expect(bearingGap(stop.bearing!, 180), stop.name).toBeLessThanOrEqual(
        90 + DEFAULT_DIRECTION_TOLERANCE_DEGREES,
      );
      // No stop faces north: the route heads south-west all the way.
      expect(bearingGap(stop.bearing!, 0), stop.name).toBeGreaterThan(90);
    }
    for (const stop of stops) {
      expect(stop.arrival, `${stop.name} (${stop.tags.join(',')})`).toBeGreaterThanOrEqual(
        DEFAULT_RESERVE_KM,
      );
    }
  });

  it("should stop at the other carriageway's service areas on the way back north", async () => {
    const stops = await stopsOf(await options({ originPoint: GUANGZHOU, destinationPoint: BEIJING }));
    const oneWay = stops.filter((stop) => stop.bearing !== null);
    expect(oneWay.length).toBeGreaterThan(0);
    for (const stop of oneWay) {
      expect(stop.name, stop.name).not.toMatch(/（广州方向）$/);
      expect(bearingGap(stop.bearing!, 180), stop.name).toBeGreaterThan(90);
    }
  });

  it('should keep the reserve the request names, or say where it cannot, and refuse one above the maximum range', async () => {
    const list = await options({ originPoint: BEIJING, destinationPoint: GUANGZHOU, arrivalReserve: 30 });
    expect(list.status).toBe(0);
    for (const plan of list.plans) {
      const below = plan.resources.filter((stop) => stop.arrivalRange! < 30);
      // A plan that cannot keep it everywhere says so: each step arriving below it falls short.
      if (below.length === 0) continue;
      expect(plan.route.status, plan.tags.join(',')).toBe(1);
      expect(plan.route.notArrivalCount).toBeGreaterThanOrEqual(below.length);
    }
    const kept = list.plans.filter((plan) => plan.route.status === 0);
    expect(kept.length).toBeGreaterThan(0);
    for (const plan of kept) {
      for (const stop of plan.resources) expect(stop.arrivalRange, stop.name).toBeGreaterThanOrEqual(30);
    }

    const refused = await post('/api/nio/road-books/route/options', {
      originPoint: BEIJING,
      destinationPoint: GUANGZHOU,
      maxRange: 300,
      arrivalReserve: 301,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([expect.objectContaining({ path: 'body.arrivalReserve' })]);
  });
});

describe('the origin and destination search', () => {
  const search = async (keywords: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/nio/road-books/power/search?keywords=${encodeURIComponent(keywords)}`,
      headers: { cookie: operator },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as PowerSearchResponse).data.values;
  };

  it.each([
    ['北京', '北京市'],
    ['广州', '广东省/广州市'],
  ])('should list the stations of %s first, each with its region', async (keywords, region) => {
    const hits = await search(keywords);
    expect(hits.length).toBeGreaterThan(10);
    // Service areas elsewhere named "（北京方向）" come after every station of the city itself.
    const firstElsewhere = hits.findIndex((hit) => !hit.region?.startsWith(region));
    expect(firstElsewhere === -1 || firstElsewhere >= 10, hits.map((h) => h.region).join(' ')).toBe(true);
    expect(hits.slice(0, 10).every((hit) => hit.region?.startsWith(region))).toBe(true);
  });
});
