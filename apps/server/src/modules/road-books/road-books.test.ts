import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  PowerResourceItem,
  PowerSearchResponse,
  PublicRoadBookResponse,
  RoadBookDetail,
  RoadBookListItem,
  RoadBookRoute,
  RoadBookRouteSummary,
  RoadBookShare,
  RoutePlanListResponse,
} from '@cmp/domain/road-books/road-book';
import type { Page } from '@cmp/domain';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { equipments, resources } from '../stations/stations.tables.js';
import { PUBLIC_REQUESTS_PER_MINUTE } from './road-book-share.routes.js';
import { roadBooks } from './road-books.tables.js';

/*
 * Trips run along the meridian 118°E, from 30°N to 33°N (Anhui), so the built-in router's great circle is
 * the meridian itself: stations on it lie on the route, and progress is latitude × 111.195 km × 1.3.
 */
const ORIGIN = { longitude: 118, latitude: 30 };
const DESTINATION = { longitude: 118, latitude: 33 };
const KM_PER_DEGREE = (6_371_008.8 * Math.PI) / 180 / 1000;
const ROAD_KM = 3 * KM_PER_DEGREE * 1.3;
const progressKm = (latitude: number) => (latitude - 30) * KM_PER_DEGREE * 1.3;

let ctx: TestContext;
let operator: string;
let viewer: string;

beforeEach(async () => {
  // The cases plan on round figures and keep no arrival reserve; long-trip.test.ts has the reserve's.
  ctx = await createTestContext({ routeArrivalReservePercent: 0 });
  operator = await ctx.userWith('operator', 'nio');
  viewer = await ctx.userWith('viewer', 'nio');
  await insertOperator(ctx.database.db, { operatorId: 'OP1', operatorName: 'Star Charge' });
});
afterEach(() => ctx.app.close());

const onMeridian = (id: string, latitude: number, name = `station ${id}`) =>
  insertChargeStation(ctx.database.db, id, {
    longitude: 118,
    latitude,
    resourceName: name,
    operatorId: 'OP1',
  });

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = operator,
) =>
  ctx.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const trip = (extra: Record<string, unknown> = {}) => ({
  originPoint: ORIGIN,
  destinationPoint: DESTINATION,
  planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
  ...extra,
});

async function plans(path: 'options' | 'preview', body: Record<string, unknown>) {
  const response = await inject('POST', `/api/nio/road-books/route/${path}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RoutePlanListResponse;
}

const planTagged = (list: RoutePlanListResponse, tag: PlanTag) =>
  list.plans.find((p) => p.tags.includes(tag))!;
const stopIds = (plan: { resources: { id: string }[] }) => plan.resources.map((r) => r.id);

async function createRoadBook(body: Record<string, unknown>, cookie = operator, tenant = 'nio') {
  const response = await inject('POST', `/api/${tenant}/road-books`, body, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RoadBookDetail;
}

const chosen = (id: string, latitude: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'ChargeStation',
  legIndex: 0,
  selected: true,
  location: { longitude: 118, latitude },
  ...extra,
});

const roadBookAudit = () =>
  ctx.database.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.entityType, 'road_book'))
    .orderBy(asc(auditRecords.id));

describe('route options and preview', () => {
  it('should report the gap a full charge cannot cross as notArrivalDistance', async () => {
    await onMeridian('A', 31);

    const result = await plans('options', trip({ planningResourceTypes: ['CS_DC'] }));

    expect(result.status).toBe(1);
    const plan = planTagged(result, 'least_time');
    expect(stopIds(plan)).toEqual(['A']);
    expect(plan.route.status).toBe(1);
    expect(plan.route.notArrivalCount).toBe(1);
    // 200 km reach A, a full charge there covers 200 km more: the rest of the trip is missing.
    expect(plan.route.notArrivalDistance).toBeCloseTo(ROAD_KM - progressKm(31) - 200, 0);
    expect(plan.route.estimated).toBe(true);
  });

  it('should plan stops that reach the destination, each with its live basic info', async () => {
    await onMeridian('A', 31, 'Tongling Hub');
    await onMeridian('B', 32.3);
    // Off the corridor (about 95 km east): never a resource of this trip.
    await onMeridian('FAR', 31.5);
    await ctx.database.db.update(resources).set({ longitude: 119 }).where(eq(resources.resourceId, 'FAR'));

    const result = await plans('options', trip());

    expect(result.status).toBe(0);
    expect(result.locations).toEqual({ orig: ORIGIN, dest: DESTINATION, waypoints: [] });
    const plan = planTagged(result, 'least_time');
    expect(stopIds(plan)).toEqual(['A', 'B']);
    expect(plan.route.status).toBe(0);
    expect(plan.totalResourceCount).toBe(2);
    expect(plan.resources[0]).toMatchObject({
      id: 'A',
      type: 'ChargeStation',
      name: 'Tongling Hub',
      selected: true,
      operatorId: 'OP1',
      address: 'No. 1 People Square',
      chargerTotalNumber: 2,
      chargerTotalNumberDc: 2,
      chargerBusyNumber: 1,
      freeNumber: 1,
      chargerMinOutputPower: 120,
      isScannable: true,
      perpendicularDistance: 0,
      // The fixture's electricity 0.80 plus service 0.40, all day.
      timesharingPrice: [{ start: '00:00', end: '24:00', price: 1.2, discount: null }],
    });
    expect(plan.resources[0]!.progress / 1000).toBeCloseTo(progressKm(31), 0);
  });

  it('should take the screen types as route types: AC piles only leave a DC-only station out', async () => {
    await onMeridian('A', 31);
    const result = await plans('options', trip({ planningResourceTypes: ['CS_AC'] }));
    expect(result.plans[0]!.totalResourceCount).toBe(0);
    expect(result.plans[0]!.route.notArrivalDistance).toBeCloseTo(ROAD_KM - 200, 0);
  });

  it('should limit the stations to the brands named in the request', async () => {
    await insertOperator(ctx.database.db, { operatorId: 'OP2', equipmentOwnerId: 'OWN2' });
    await onMeridian('A', 31);
    await onMeridian('B', 31.2);
    await ctx.database.db.update(resources).set({ operatorId: 'OP2' }).where(eq(resources.resourceId, 'B'));

    const result = await plans(
      'options',
      trip({ brandResources: [{ operatorId: 'OP2', resourceType: 'ChargeStation' }] }),
    );

    expect(result.plans[0]!.totalResourceCount).toBe(1);
    expect(result.plans[0]!.routePlanningResourceList.list.map((r) => r.id)).toEqual(['B']);
  });

  it('should keep only service-area stations, or only stations serving the product, under power features', async () => {
    await insertOperator(ctx.database.db, {
      operatorId: 'NIOP',
      equipmentOwnerId: 'OWN2',
      controlledByNio: true,
    });
    await onMeridian('AREA', 31);
    await ctx.database.db.update(resources).set({ construction: 11 }).where(eq(resources.resourceId, 'AREA'));
    await onMeridian('TOWN', 31.2);
    await insertChargeStation(
      ctx.database.db,
      'BRAND',
      { longitude: 118, latitude: 31.4, operatorId: 'OP1' },
      { matchCars: '蔚来,乐道' },
    );
    await insertChargeStation(
      ctx.database.db,
      'ANYCAR',
      { longitude: 118, latitude: 31.5, operatorId: 'OP1' },
      { matchCars: '全车型' },
    );
    await insertSwapStation(ctx.database.db, 'NIOPS', { longitude: 118, latitude: 31.6, operatorId: 'NIOP' });
    const listed = async (powerFeatures?: string[]) => {
      const [plan] = (await plans('options', trip(powerFeatures ? { powerFeatures } : {}))).plans;
      return {
        ids: plan!.routePlanningResourceList.list.map((r) => r.id),
        total: plan!.totalResourceCount,
        highway: plan!.highwayResourceCount,
      };
    };

    expect(await listed()).toEqual({
      ids: ['AREA', 'TOWN', 'BRAND', 'ANYCAR', 'NIOPS'],
      total: 5,
      highway: 1,
    });
    expect(await listed([])).toEqual(await listed());
    expect(await listed(['only_service_area_power'])).toEqual({ ids: ['AREA'], total: 1, highway: 1 });
    // NIO: the station whose matching cars name it, and the NIO-run swap station; not "all models".
    expect(await listed(['only_nio'])).toEqual({ ids: ['BRAND', 'NIOPS'], total: 2, highway: 0 });
    expect(await listed(['only_onvo', 'only_firefly'])).toEqual({ ids: ['BRAND'], total: 1, highway: 0 });
    expect(await listed(['only_service_area_power', 'only_nio'])).toEqual({ ids: [], total: 0, highway: 0 });
    // The preview lists the candidates under the same features.
    const preview = await plans(
      'preview',
      trip({ powerFeatures: ['only_nio'], resources: [chosen('NIOPS', 31.6, { type: 'PowerSwap' })] }),
    );
    expect(preview.plans[0]!.routePlanningResourceList.list.map((r) => [r.id, r.selected])).toEqual([
      ['BRAND', false],
      ['NIOPS', true],
    ]);

    const unknown = await inject(
      'POST',
      '/api/nio/road-books/route/options',
      trip({ powerFeatures: ['only_tesla'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details).toEqual([expect.objectContaining({ path: 'body.powerFeatures.0' })]);
  });

  it('should preview exactly the chosen stops and still list the other candidates', async () => {
    await onMeridian('A', 31);
    await onMeridian('B', 32.3);

    const result = await plans('preview', trip({ resources: [chosen('A', 31, { remark: 'lunch' })] }));

    expect(result.plans).toHaveLength(1);
    const [plan] = result.plans;
    expect(stopIds(plan!)).toEqual(['A']);
    expect(plan!.resources[0]).toMatchObject({ roadBookInclude: true, remark: 'lunch' });
    expect(plan!.route.notArrivalDistance).toBeCloseTo(ROAD_KM - progressKm(31) - 200, 0);
    expect(plan!.routePlanningResourceList.list.map((r) => [r.id, r.selected])).toEqual([
      ['A', true],
      ['B', false],
    ]);
  });

  it('should refuse a current range above the maximum range with 400', async () => {
    const response = await inject(
      'POST',
      '/api/nio/road-books/route/options',
      trip({ currentRange: 300, maxRange: 200 }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      {
        path: 'body.currentRange',
        key: 'form.maxNumber',
        params: { max: 200 },
        message: '输入数字不能超过200',
      },
    ]);
  });

  it('should let a viewer plan, since planning changes nothing', async () => {
    const response = await inject('POST', '/api/nio/road-books/route/options', trip(), viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json().plans.length).toBeGreaterThan(0);
  });
});

describe('station index', () => {
  it('should follow a station that moves off the route, and one that moves onto it', async () => {
    await onMeridian('A', 31);
    await onMeridian('B', 32.3);
    await ctx.database.db.update(resources).set({ longitude: 121 }).where(eq(resources.resourceId, 'B'));
    const listed = async () =>
      (await plans('options', trip())).plans[0]!.routePlanningResourceList.list.map((r) => r.id);
    expect(await listed()).toEqual(['A']);

    const move = (id: string, longitude: number) =>
      inject('PUT', `/api/nio/stations/charge-stations/${id}/basic-info`, {
        version: 1,
        longitude,
        latitude: id === 'A' ? 31 : 32.3,
      });
    expect((await move('A', 121)).statusCode).toBe(200);
    expect((await move('B', 118)).statusCode).toBe(200);

    expect(await listed()).toEqual(['B']);
  });

  it('should drop a station taken offline and keep a swap clone as its own entrance', async () => {
    await onMeridian('A', 31);
    await insertSwapStation(
      ctx.database.db,
      'PS1',
      { longitude: 118.2, latitude: 31.5 },
      { hasClone: true, cloneLongitude: 118, cloneLatitude: 31.5, cloneDescription: 'north gate' },
    );
    const listed = async () =>
      (await plans('options', trip())).plans[0]!.routePlanningResourceList.list.map((r) => r.id);
    expect(await listed()).toEqual(['A', 'PS1_clone']);

    const offline = await inject('PUT', '/api/nio/stations/charge-stations/A/basic-info', {
      version: 1,
      status: 3,
    });
    expect(offline.statusCode, offline.body).toBe(200);

    expect(await listed()).toEqual(['PS1_clone']);
  });
});

describe('road books', () => {
  const save = (extra: Record<string, unknown> = {}) =>
    trip({
      name: 'Anhui north-south',
      startAddress: 'Yi County',
      endAddress: 'Mingguang',
      resources: [chosen('A', 31), chosen('B', 32.3, { selected: false })],
      planTag: 'least_time',
      ...extra,
    });

  beforeEach(async () => {
    await onMeridian('A', 31);
    await onMeridian('B', 32.3);
  });

  it('should create a road book with its regions and chosen stops, save the route and record it', async () => {
    const before = Date.now();
    const created = await createRoadBook(save());

    expect(created).toMatchObject({
      roadBookId: expect.any(Number),
      name: 'Anhui north-south',
      onlineState: 0,
      state: 1,
      startRegion: '安徽省/黄山市/黟县',
      endRegion: '安徽省/滁州市/明光市',
      startRegionId: '341023',
      endRegionId: '341182',
      startAddress: 'Yi County',
      endAddress: 'Mingguang',
      tactics: 0,
      planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
      resourceTypes: 'CS|PS',
      csChargerTypeOption: 'all',
      resourcePointNumber: 1,
      creator: 'nio-operator',
      tenantName: 'NIO',
      originPoint: ORIGIN,
      destinationPoint: DESTINATION,
      waypoints: [],
      waypointResourceSeq: [
        {
          resourceId: 'A',
          swapUseClone: false,
          type: 'ChargeStation',
          legIndex: 0,
          longitude: 118,
          latitude: 31,
        },
      ],
      currentRange: 200,
      maxRange: 200,
      csSearchRange: 5,
      maxDetourFactor: 1.2,
      checkDestinationResource: false,
    });
    expect(created.createTime).toBeGreaterThanOrEqual(before - 1000);
    expect(created.roadLength! / 1000).toBeCloseTo(ROAD_KM, 0);

    const route = (
      await inject('GET', `/api/nio/road-books/${created.roadBookId}/route`, undefined, viewer)
    ).json() as RoadBookRoute;
    expect(route).toMatchObject({
      roadBookId: created.roadBookId,
      planTag: 'least_time',
      status: 1,
      distance: created.roadLength,
    });
    expect(route.resources.map((r) => [r.id, r.selected, r.address])).toEqual([
      ['A', true, 'No. 1 People Square'],
    ]);
    expect(route.route.notArrivalDistance).toBeCloseTo(ROAD_KM - progressKm(31) - 200, 0);
    expect(JSON.parse(route.filter)).toMatchObject({ resourceTypes: 'CS|PS', csChargerTypeOption: 'all' });

    const [audit, ...others] = await roadBookAudit();
    expect(others).toEqual([]);
    expect(audit).toMatchObject({
      tenant: 'nio',
      entityId: String(created.roadBookId),
      action: 'ROAD_BOOK_CREATE',
      actorUserName: 'nio-operator',
    });
    expect(audit!.after).toMatchObject({ name: 'Anhui north-south', roadLength: created.roadLength });
  });

  it('should store a swap clone stop under the station id with swapUseClone', async () => {
    await insertSwapStation(
      ctx.database.db,
      'PS1',
      { longitude: 118.2, latitude: 31.5 },
      { hasClone: true, cloneLongitude: 118, cloneLatitude: 31.5, cloneDescription: 'north gate' },
    );
    const created = await createRoadBook(
      save({ resources: [chosen('PS1_clone', 31.5, { type: 'PowerSwap', remark: 'swap here' })] }),
    );

    expect(created.waypointResourceSeq).toEqual([
      {
        resourceId: 'PS1',
        swapUseClone: true,
        type: 'PowerSwap',
        legIndex: 0,
        longitude: 118,
        latitude: 31.5,
        remark: 'swap here',
      },
    ]);
    const [row] = await ctx.database.db.select().from(roadBooks);
    expect(row!.waypointResourceSeq[0]!.resourceId).toBe('PS1');
    const route = (
      await inject('GET', `/api/nio/road-books/${created.roadBookId}/route`)
    ).json() as RoadBookRoute;
    expect(route.resources.map((r) => [r.id, r.swapUseClone, r.location])).toEqual([
      ['PS1_clone', true, { longitude: 118, latitude: 31.5 }],
    ]);
  });

  it('should strip _clone from stored stops sent back as waypointResourceSeq', async () => {
    await insertSwapStation(
      ctx.database.db,
      'PS1',
      { longitude: 118.2, latitude: 31.5 },
      { hasClone: true, cloneLongitude: 118, cloneLatitude: 31.5 },
    );
    const created = await createRoadBook(
      trip({
        waypointResourceSeq: [
          {
            resourceId: 'PS1_clone',
            swapUseClone: false,
            type: 'PowerSwap',
            legIndex: 0,
            longitude: 118,
            latitude: 31.5,
          },
        ],
      }),
    );
    expect(created.waypointResourceSeq.map((s) => [s.resourceId, s.swapUseClone])).toEqual([['PS1', true]]);
  });

  it('should update the road book, re-plan its route and record only the changed fields', async () => {
    const created = await createRoadBook(save());

    const response = await inject(
      'PUT',
      `/api/nio/road-books/${created.roadBookId}`,
      save({ name: 'Renamed', resources: [chosen('A', 31), chosen('B', 32.3)] }),
    );

    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as RoadBookDetail;
    expect(updated).toMatchObject({
      name: 'Renamed',
      resourcePointNumber: 2,
      state: 1,
      creator: 'nio-operator',
    });
    const route = (
      await inject('GET', `/api/nio/road-books/${created.roadBookId}/route`)
    ).json() as RoadBookRoute;
    expect(route.status).toBe(0);
    expect(route.resources.map((r) => r.id)).toEqual(['A', 'B']);
    const audits = await roadBookAudit();
    expect(audits.map((a) => a.action)).toEqual(['ROAD_BOOK_CREATE', 'ROAD_BOOK_UPDATE']);
    expect(Object.keys(audits[1]!.after as object).sort()).toEqual([
      'name',
      'roadLength',
      'state',
      'waypointResourceSeq',
    ]);
    expect(audits[1]!.before).toMatchObject({ name: 'Anhui north-south' });
  });

  it('should keep the power features and arrival reserve it was planned with, and plan its route with them', async () => {
    const created = await createRoadBook(save());
    expect(created).toMatchObject({ powerFeatures: [], arrivalReserve: null });
    // The detail, sent back as it is, saves: its null reserve is the default.
    const echoed = await inject('PUT', `/api/nio/road-books/${created.roadBookId}`, {
      ...created,
      planTag: 'least_time',
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json()).toMatchObject({ arrivalReserve: null });

    const response = await inject(
      'PUT',
      `/api/nio/road-books/${created.roadBookId}`,
      save({ powerFeatures: ['only_service_area_power', 'only_nio'], arrivalReserve: 35 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const detail = (
      await inject('GET', `/api/nio/road-books/${created.roadBookId}`)
    ).json() as RoadBookDetail;
    expect(detail).toMatchObject({
      powerFeatures: ['only_service_area_power', 'only_nio'],
      arrivalReserve: 35,
    });
    const route = (
      await inject('GET', `/api/nio/road-books/${created.roadBookId}/route`)
    ).json() as RoadBookRoute;
    expect(JSON.parse(route.filter)).toMatchObject({
      powerFeatures: ['only_service_area_power', 'only_nio'],
      arrivalReserve: 35,
    });
    const update = (await roadBookAudit()).at(-1);
    expect(update!.after).toMatchObject({
      powerFeatures: ['only_service_area_power', 'only_nio'],
      arrivalReserve: 35,
    });

    const tooMuch = await inject(
      'PUT',
      `/api/nio/road-books/${created.roadBookId}`,
      save({ arrivalReserve: 201 }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).details).toEqual([
      {
        path: 'body.arrivalReserve',
        key: 'form.maxNumber',
        params: { max: 200 },
        message: '输入数字不能超过200',
      },
    ]);
  });

  it('should delete the route: state 0, no road length, the route gone, and a second delete a 404', async () => {
    const created = await createRoadBook(save());
    const url = `/api/nio/road-books/${created.roadBookId}/route`;

    const response = await inject('DELETE', url);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 0, roadLength: null });
    expect((await inject('GET', url)).statusCode).toBe(404);
    expect((await inject('DELETE', url)).statusCode).toBe(404);
    const audits = await roadBookAudit();
    expect(audits.at(-1)).toMatchObject({
      action: 'ROAD_BOOK_ROUTE_DELETE',
      before: { state: 1, roadLength: created.roadLength },
      after: { state: 0, roadLength: null },
    });

    // A save plans the route again.
    const saved = await inject('PUT', `/api/nio/road-books/${created.roadBookId}`, save());
    expect(saved.json()).toMatchObject({ state: 1, roadLength: created.roadLength });
  });

  it('should keep road books to their tenant: another tenant sees none and gets 404', async () => {
    const created = await createRoadBook(save());
    const peAdmin = await ctx.userWith('admin', 'pe');

    const list = await inject('GET', '/api/pe/road-books', undefined, peAdmin);
    expect(list.json()).toEqual({ items: [], total: 0 });
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/route'],
      ['DELETE', '/route'],
      ['POST', '/share'],
    ] as const) {
      const response = await inject(
        method,
        `/api/pe/road-books/${created.roadBookId}${path}`,
        undefined,
        peAdmin,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const update = await inject('PUT', `/api/pe/road-books/${created.roadBookId}`, save(), peAdmin);
    expect(update.statusCode).toBe(404);
    expect((await inject('GET', '/api/pe/road-books/routes', undefined, peAdmin)).json()).toEqual({
      items: [],
      total: 0,
    });
  });

  it('should let a viewer read and refuse a viewer creating one with 403', async () => {
    const created = await createRoadBook(save());
    expect(
      (await inject('GET', `/api/nio/road-books/${created.roadBookId}`, undefined, viewer)).statusCode,
    ).toBe(200);
    const response = await inject('POST', '/api/nio/road-books', save(), viewer);
    expect(response.statusCode).toBe(403);
    expect(await roadBookAudit()).toHaveLength(1);
  });

  it('should filter the list by types, creation time and regions, and sort it', async () => {
    const a = await createRoadBook(save({ planningResourceTypes: ['CS_DC'] }));
    const b = await createRoadBook(
      save({
        planningResourceTypes: ['PS'],
        originPoint: { longitude: 116.3975, latitude: 39.9087 },
        destinationPoint: { longitude: 121.4737, latitude: 31.2304 },
        resources: [],
      }),
    );
    const c = await createRoadBook(save({ planningResourceTypes: ['CS_AC', 'PS'], resources: [] }));
    await ctx.database.db
      .update(roadBooks)
      .set({ createdAt: new Date('2026-05-01T10:00:00+08:00') })
      .where(eq(roadBooks.roadBookId, a.roadBookId));
    const ids = async (query: string) => {
      const response = await inject('GET', `/api/nio/road-books?${query}`, undefined, viewer);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as Page<RoadBookListItem>;
      return { ids: page.items.map((item) => item.roadBookId), total: page.total };
    };

    expect(await ids('')).toEqual({ ids: [c.roadBookId, b.roadBookId, a.roadBookId], total: 3 });
    expect(await ids('planningResourceTypes=PS')).toEqual({ ids: [c.roadBookId, b.roadBookId], total: 2 });
    expect(await ids('planningResourceTypes=CS_DC,CS_AC')).toEqual({
      ids: [c.roadBookId, a.roadBookId],
      total: 2,
    });
    const start = Date.parse('2026-05-01T00:00:00+08:00');
    expect(await ids(`createTimeStart=${start}&createTimeEnd=${start + 86_400_000 - 1}`)).toEqual({
      ids: [a.roadBookId],
      total: 1,
    });
    expect(await ids('startRegionId=110000')).toEqual({ ids: [b.roadBookId], total: 1 });
    expect(await ids('startRegionId=341000')).toEqual({ ids: [c.roadBookId, a.roadBookId], total: 2 });
    expect(await ids('endRegionId=310101')).toEqual({ ids: [b.roadBookId], total: 1 });
    expect(await ids('sort=roadLength:desc&pageSize=1')).toEqual({ ids: [b.roadBookId], total: 3 });
    expect((await inject('GET', '/api/nio/road-books?sort=name:asc')).statusCode).toBe(400);

    const [item] = (await inject('GET', `/api/nio/road-books?startRegionId=110000`)).json()
      .items as RoadBookListItem[];
    expect(item).toMatchObject({
      startRegion: '北京市/东城区',
      endRegion: '上海市/黄浦区',
      resourceTypes: 'PS',
      csChargerTypeOption: null,
      resourcePointNumber: 0,
    });
  });

  it('should filter the list by the stations it stops at and by the names of its waypoints', async () => {
    await insertSwapStation(
      ctx.database.db,
      'PS1',
      { longitude: 118.2, latitude: 31.5 },
      { hasClone: true, cloneLongitude: 118, cloneLatitude: 31.5 },
    );
    const waypoint = (name: string, latitude: number) => ({
      id: `wp-${latitude}`,
      longitude: 118,
      latitude,
      name,
    });
    const charging = ['CS_DC', 'CS_AC'];
    const a = await createRoadBook(
      save({ planningResourceTypes: charging, waypoints: [waypoint('Tongling Service Area', 31.5)] }),
    );
    const b = await createRoadBook(
      save({ planningResourceTypes: charging, resources: [chosen('A', 31), chosen('B', 32.3)] }),
    );
    const c = await createRoadBook(
      save({
        planningResourceTypes: ['PS'],
        resources: [chosen('PS1_clone', 31.5, { type: 'PowerSwap' })],
        waypoints: [waypoint('Hefei 50%_off', 31.8)],
      }),
    );
    const ids = async (query: string, path = '') => {
      const response = await inject('GET', `/api/nio/road-books${path}?${query}`, undefined, viewer);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as Page<{ roadBookId: number }>;
      return { ids: page.items.map((item) => item.roadBookId).sort((x, y) => y - x), total: page.total };
    };

    // Stops: road books that stop at any of the stations; a swap clone's id names its station.
    expect(await ids('waypointResourceSeq=B')).toEqual({ ids: [b.roadBookId], total: 1 });
    expect(await ids('waypointResourceSeq=A')).toEqual({ ids: [b.roadBookId, a.roadBookId], total: 2 });
    expect(await ids('waypointResourceSeq=B,%20PS1')).toEqual({
      ids: [c.roadBookId, b.roadBookId],
      total: 2,
    });
    expect(await ids('waypointResourceSeq=PS1_clone')).toEqual({ ids: [c.roadBookId], total: 1 });
    expect(await ids('waypointResourceSeq=NONE')).toEqual({ ids: [], total: 0 });
    // Waypoints: a waypoint whose name holds the text, any case, % and _ taken literally.
    expect(await ids('waypoints=service%20AREA')).toEqual({ ids: [a.roadBookId], total: 1 });
    expect(await ids('waypoints=%25')).toEqual({ ids: [c.roadBookId], total: 1 });
    expect(await ids('waypoints=_')).toEqual({ ids: [c.roadBookId], total: 1 });
    expect(await ids('waypoints=Beijing')).toEqual({ ids: [], total: 0 });
    // With the other filters, and in the saved-route list.
    expect(await ids('waypointResourceSeq=A&waypoints=tongling')).toEqual({ ids: [a.roadBookId], total: 1 });
    expect(await ids('waypointResourceSeq=A,PS1&planningResourceTypes=PS')).toEqual({
      ids: [c.roadBookId],
      total: 1,
    });
    expect(await ids('waypointResourceSeq=A', '/routes')).toEqual({
      ids: [b.roadBookId, a.roadBookId],
      total: 2,
    });
    expect(await ids('waypoints=hefei', '/routes')).toEqual({ ids: [c.roadBookId], total: 1 });

    // Hostile values are refused at the field, never by the database.
    const tooMany = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
    for (const query of [
      `waypointResourceSeq=${tooMany}`,
      'waypointResourceSeq=A%00',
      `waypointResourceSeq=${'x'.repeat(81)}`,
      `waypoints=${'x'.repeat(65)}`,
      'waypoints=%00',
    ]) {
      const response = await inject('GET', `/api/nio/road-books?${query}`, undefined, viewer);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).details, query).toEqual([
        expect.objectContaining({
          path: expect.stringMatching(/^querystring\.(waypointResourceSeq|waypoints)/),
        }),
      ]);
    }
  });

  it('should list saved routes of the tenant or of one road book', async () => {
    const a = await createRoadBook(save());
    const b = await createRoadBook(save({ resources: [] }));

    const all = (
      await inject('GET', '/api/nio/road-books/routes', undefined, viewer)
    ).json() as Page<RoadBookRouteSummary>;
    expect(all.total).toBe(2);
    expect(all.items.map((r) => r.roadBookId).sort()).toEqual([a.roadBookId, b.roadBookId].sort());

    const one = (
      await inject('GET', `/api/nio/road-books/routes?roadBookId=${a.roadBookId}`)
    ).json() as Page<RoadBookRouteSummary>;
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({
      roadBookId: a.roadBookId,
      name: 'Anhui north-south',
      startAddress: 'Yi County',
      planTag: 'least_time',
      status: 1,
      notArrivalCount: 1,
      candidateCount: 2,
    });
    expect(one.items[0]!.resources.map((r) => r.id)).toEqual(['A']);
    expect(one.items[0]).not.toHaveProperty('route');
  });
});

describe('sharing and the public mobile view', () => {
  let roadBookId: number;

  beforeEach(async () => {
    await onMeridian('A', 31);
    roadBookId = (await createRoadBook(trip({ name: 'Shared trip', resources: [chosen('A', 31)] })))
      .roadBookId;
  });

  const publicFetch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/public/road-books/${token}` });
  const staticJson = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/public/road-books/${token}/road-book.json?t=1716000000` });

  it('should open the shared road book and its route without a session', async () => {
    const shared = await inject('POST', `/api/nio/road-books/${roadBookId}/share`);
    expect(shared.statusCode, shared.body).toBe(200);
    const share = shared.json() as RoadBookShare;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share.url).toBe(`/route-planning/${share.token}`);

    const response = await publicFetch(share.token);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as PublicRoadBookResponse;
    expect(body.result_code).toBe('success');
    expect(body.data.road_book_info).toMatchObject({ roadBookId, name: 'Shared trip', originPoint: ORIGIN });
    expect(body.data.road_book_info).not.toHaveProperty('creator');
    expect(body.data.road_book_info).not.toHaveProperty('tenantName');
    expect(body.data.route_info.resources.map((r) => r.id)).toEqual(['A']);
    expect(body.data.route_info.route.steps.length).toBe(2);

    const file = await staticJson(share.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=60');
    expect(file.json()).toEqual(body.data);

    // One live link per road book; the road book shows it as online.
    const again = (await inject('POST', `/api/nio/road-books/${roadBookId}/share`)).json() as RoadBookShare;
    expect(again.token).toBe(share.token);
    expect(
      (await inject('GET', `/api/nio/road-books/${roadBookId}/share`, undefined, viewer)).json(),
    ).toEqual(share);
    expect((await inject('GET', `/api/nio/road-books/${roadBookId}`)).json()).toMatchObject({
      onlineState: 1,
    });
  });

  it("should answer 'not data' once the link is revoked, for an unknown link and without a route", async () => {
    const share = (await inject('POST', `/api/nio/road-books/${roadBookId}/share`)).json() as RoadBookShare;

    const revoked = await inject('DELETE', `/api/nio/road-books/${roadBookId}/share`);

    expect(revoked.statusCode).toBe(204);
    const notData = { result_code: 'error', message: 'not data' };
    for (const response of [await publicFetch(share.token), await staticJson(share.token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notData);
    }
    expect((await publicFetch('A'.repeat(43))).json()).toEqual(notData);
    expect((await publicFetch('not-a-token')).json()).toEqual(notData);
    expect((await inject('GET', `/api/nio/road-books/${roadBookId}/share`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/nio/road-books/${roadBookId}/share`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/nio/road-books/${roadBookId}`)).json()).toMatchObject({
      onlineState: 0,
    });

    const fresh = (await inject('POST', `/api/nio/road-books/${roadBookId}/share`)).json() as RoadBookShare;
    expect(fresh.token).not.toBe(share.token);
    expect((await publicFetch(fresh.token)).statusCode).toBe(200);
    await inject('DELETE', `/api/nio/road-books/${roadBookId}/route`);
    const routeless = await publicFetch(fresh.token);
    expect(routeless.statusCode).toBe(404);
    expect(routeless.json()).toEqual(notData);

    const actions = (await roadBookAudit()).map((a) => a.action);
    expect(actions).toEqual([
      'ROAD_BOOK_CREATE',
      'ROAD_BOOK_SHARE',
      'ROAD_BOOK_SHARE_REVOKE',
      'ROAD_BOOK_SHARE',
      'ROAD_BOOK_ROUTE_DELETE',
    ]);
  });
});

describe('public rate limit', () => {
  it('should refuse a client its 121st public call within a minute with 429', async () => {
    const call = () => ctx.app.inject({ method: 'GET', url: '/api/public/road-books/unknown' });
    for (let i = 0; i < PUBLIC_REQUESTS_PER_MINUTE; i++) expect((await call()).statusCode).toBe(404);

    const refused = await call();

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('power search and around', () => {
  beforeEach(async () => {
    await onMeridian('A', 31, 'Tongling North Hub');
    await onMeridian('B', 31.01, 'Riverside');
    await ctx.database.db
      .update(resources)
      .set({ address: 'Tongling Road 8' })
      .where(eq(resources.resourceId, 'B'));
    await insertSwapStation(
      ctx.database.db,
      'PS1',
      { longitude: 118.001, latitude: 31, resourceName: 'Tongling Swap', operatorId: 'OP1' },
      { hasClone: true, cloneLongitude: 118.002, cloneLatitude: 31, cloneDescription: 'north gate' },
    );
    await onMeridian('AC1', 31.02, 'Slow Corner');
    await ctx.database.db
      .update(equipments)
      .set({ equipmentType: 'AC', power: 7 })
      .where(eq(equipments.resourceId, 'AC1'));
  });

  it('should find active stations by name or address, names first, in the spec envelope', async () => {
    const search = async (query: string) => {
      const response = await inject('GET', `/api/nio/road-books/power/search?${query}`, undefined, viewer);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as PowerSearchResponse;
    };
    const found = await search('keywords=tongling');
    expect(found.result_code).toBe('success');
    expect(found.data.values.map((v) => v.id)).toEqual(['A', 'PS1', 'B']);
    expect(found.data.values[0]).toEqual({
      id: 'A',
      name: 'Tongling North Hub',
      address: 'No. 1 People Square',
      region: '上海市/黄浦区',
      type: 'ChargeStation',
      latitude: 31,
      longitude: 118,
      operatorId: 'OP1',
      chargerTotalNumber: 2,
      chargerTotalNumberDc: 2,
      chargerTotalNumberAc: 0,
      chargerBusyNumber: 1,
      chargerFreeNumberAc: 0,
      chargerMinOutputPower: 120,
      controlledByNio: false,
      isScannable: true,
    });
    expect((await search('keywords=tongling&type_code=PowerSwap')).data.values.map((v) => v.id)).toEqual([
      'PS1',
    ]);
    expect((await search('keywords=tongling&count=1')).data.values).toHaveLength(1);

    await ctx.database.db.update(resources).set({ active: false }).where(eq(resources.resourceId, 'A'));
    expect((await search('keywords=100%25')).data.values).toEqual([]);
    expect((await search('keywords=north')).data.values.map((v) => v.id)).toEqual([]);
  });

  it('should list plannable stations of the requested types around a point, nearest first', async () => {
    const around = async (query: string) => {
      const response = await inject('GET', `/api/nio/road-books/power/around?${query}`, undefined, viewer);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: PowerResourceItem[] }).items;
    };
    const point = 'longitude=118&latitude=31';

    const all = await around(`${point}&distance=5000`);
    expect(all.map((i) => i.id)).toEqual(['A', 'PS1', 'B', 'AC1']);
    expect(all[1]).toEqual({
      id: 'PS1',
      location: { longitude: 118.001, latitude: 31 },
      address: 'No. 1 People Square',
      name: 'Tongling Swap',
      showName: 'Tongling Swap',
      type: 'PowerSwap',
      operatorId: 'OP1',
      operatorName: 'Star Charge',
      swapHasClone: true,
      swapClone: { resourceId: 'PS1_clone', longitude: 118.002, latitude: 31, description: 'north gate' },
      description: null,
      chargerMinOutputPower: null,
      distance: 95,
    });
    expect((await around(`${point}&distance=1500`)).map((i) => i.id)).toEqual(['A', 'PS1', 'B']);
    expect((await around(`${point}&resourceTypes=PS`)).map((i) => i.id)).toEqual(['PS1']);
    expect((await around(`${point}&resourceTypes=CS&csChargerTypeOption=has_ac`)).map((i) => i.id)).toEqual([
      'AC1',
    ]);
    expect((await around(`${point}&resourceTypes=CS&csChargerTypeOption=has_dc`)).map((i) => i.id)).toEqual([
      'A',
      'B',
    ]);
  });
});

describe('OpenAPI document', () => {
  it('should describe the road-book routes, the public ones too', async () => {
    const response = await inject('GET', '/api/docs/json', undefined, viewer);

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/{tenant}/road-books',
        '/api/{tenant}/road-books/{roadBookId}',
        '/api/{tenant}/road-books/{roadBookId}/route',
        '/api/{tenant}/road-books/{roadBookId}/share',
        '/api/{tenant}/road-books/routes',
        '/api/{tenant}/road-books/route/options',
        '/api/{tenant}/road-books/route/preview',
        '/api/{tenant}/road-books/power/search',
        '/api/{tenant}/road-books/power/around',
        '/api/public/road-books/{token}',
        '/api/public/road-books/{token}/road-book.json',
      ]),
    );
  });
});
