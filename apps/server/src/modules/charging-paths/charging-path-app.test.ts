import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ChargingPath,
  ChargingPathInfo,
  ChargingPathPlanRequest,
  ChargingPathRoute,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { insertPathAccount } from '../../test/charging-path-fixtures.js';
import { insertChargeStation, insertOperator } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { personalCars } from '../accounts/accounts.tables.js';
import { chargingPaths } from './charging-paths.tables.js';

/**
 * Trips along the meridian 118° E, as the road-book tests plan them: the estimated routing draws the great
 * circle lengthened by 1.3, so stations on the meridian lie on the route. 30° N to 33° N is 434 km of road.
 */
const KM_PER_DEGREE = (6_371_008.8 * Math.PI) / 180 / 1000;
const ROAD_M = 3 * KM_PER_DEGREE * 1.3 * 1000;
const ORIGIN = { name: '芜湖南站', longitude: 118, latitude: 30 };
const DESTINATION = { name: '蚌埠东站', longitude: 118, latitude: 33 };

const trip = (more: Partial<ChargingPathPlanRequest> = {}): ChargingPathPlanRequest => ({
  accountId: 'ACC-1',
  vehicleId: 'VIN-1',
  ratedRange: 250,
  currentRange: 200,
  origin: ORIGIN,
  destination: DESTINATION,
  ...more,
});

describe('charging paths planned by the app back end', () => {
  let sut: TestContext;
  let client: TestAppClient;
  let operator: string;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    client = await createAppClient(sut, 'nio');
    const db = sut.database.db;
    await insertPathAccount(db, 'ACC-1', { name: '张三', nickName: '小张', mobile: '13800000001' });
    await insertPathAccount(db, 'ACC-GONE', { isDelete: true });
    await insertPathAccount(db, 'ACC-PE', { tenant: 'pe' });
    await db.insert(personalCars).values({
      tenant: 'nio',
      vehicleId: 'VIN-1',
      userId: 'ACC-1',
      model: 'ES8',
      createTime: new Date(),
      updateTime: new Date(),
    });
    await insertOperator(db, { operatorId: 'OP1' });
    for (const [id, latitude] of [
      ['CS-A', 31.2],
      ['CS-B', 32.1],
    ] as const) {
      await insertChargeStation(db, id, { longitude: 118, latitude, operatorId: 'OP1', resourceName: id });
    }
  });
  afterEach(() => sut.app.close());

  const plan = (body: unknown) => sendSigned(sut, client, 'POST', '/api/app/charging-paths', body);
  const staffGet = (url: string) => sut.app.inject({ method: 'GET', url, headers: { cookie: operator } });
  const pathCount = async () => (await sut.database.db.select().from(chargingPaths)).length;

  it('should plan with the portal planner, record the path with its route and stops, and answer it', async () => {
    const response = await plan(trip({ tag: 'least_time' }));
    expect(response.statusCode).toBe(201);
    const path = response.json<ChargingPath>();
    expect(path).toMatchObject({
      accountId: 'ACC-1',
      vehicleId: 'VIN-1',
      // The car's model, as the app named the car but not its model.
      vehicleModel: 'ES8',
      ratedRange: 250,
      currentRange: 200,
      tag: 'least_time',
      status: 'planned',
      locations: { orig: ORIGIN, dest: DESTINATION, waypoints: [] },
      commentary: null,
      routes: { tag: 'least_time', status: 0 },
    });
    expect(path.distance).toBeGreaterThanOrEqual(Math.round(ROAD_M));
    expect(path.distance).toBe(Math.round(path.routes!.route.distance));
    expect(path.duration).toBe(Math.round(path.routes!.route.duration));
    expect(path.routes!.resources.map((stop) => stop.id)).not.toHaveLength(0);
    expect(path.routes!.resources.every((stop) => stop.selected)).toBe(true);
    expect(path.routes!.route.steps.length).toBe(path.routes!.resources.length + 1);

    // Staff read what was recorded: the same route and stops.
    const info = await staffGet(`/api/nio/charging-paths/${path.pathId}`);
    expect(info.json<ChargingPathInfo>()).toMatchObject({
      pathId: path.pathId,
      status: 'planned',
      user: { accountId: 'ACC-1', name: '张三', nickname: '小张', mobile: '13800000001', known: true },
      routes: { tag: 'least_time', stops: path.routes!.resources },
    });
    const route = await staffGet(`/api/nio/charging-paths/${path.pathId}/route`);
    expect(route.json<ChargingPathRoute>()).toEqual({
      pathId: path.pathId,
      status: 'planned',
      locations: path.locations,
      routes: path.routes,
    });
  });

  it('should record a trip the range does not reach as not_reachable', async () => {
    const response = await plan(
      trip({
        ratedRange: 150,
        currentRange: 150,
        vehicleModel: 'ET5',
        origin: { name: '远方', longitude: 100, latitude: 40 },
        destination: { name: '更远', longitude: 100, latitude: 44 },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<ChargingPath>()).toMatchObject({
      status: 'not_reachable',
      vehicleModel: 'ET5',
      tag: 'recommended',
      routes: { status: 1, resources: [] },
    });
    expect(await pathCount()).toBe(1);
  });

  it('should answer user_not_found for an account the tenant does not have, or has deleted', async () => {
    for (const accountId of ['ACC-NOBODY', 'ACC-GONE', 'ACC-PE']) {
      const response = await plan(trip({ accountId }));
      expect(response.statusCode, accountId).toBe(404);
      expect(errorOf(response).code).toBe('user_not_found');
    }
    expect(await pathCount()).toBe(0);
  });

  it('should refuse a replayed request and an unsigned one, and record the path once', async () => {
    const nonce = 'replayed-nonce-0001';
    const first = await sendSigned(sut, client, 'POST', '/api/app/charging-paths', trip(), { nonce });
    expect(first.statusCode).toBe(201);
    const again = await sendSigned(sut, client, 'POST', '/api/app/charging-paths', trip(), { nonce });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe('request_replayed');
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/charging-paths',
      payload: trip(),
      headers: { origin: undefined },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await pathCount()).toBe(1);
  });

  it('should refuse a current range above the rated one and a plan tag it does not know', async () => {
    const above = await plan(trip({ ratedRange: 100, currentRange: 120 }));
    expect(above.statusCode).toBe(400);
    expect(errorOf(above).details).toEqual([expect.objectContaining({ path: 'body.currentRange' })]);
    const tag = await plan({ ...trip(), tag: 'scenic' });
    expect(tag.statusCode).toBe(400);
    expect(await pathCount()).toBe(0);
  });

  it("should record the user's rating, replace it with a later one, and keep to the tenant's paths", async () => {
    const { pathId } = (await plan(trip())).json<ChargingPath>();
    const rate = (id: number, body: unknown, by = client) =>
      sendSigned(sut, by, 'POST', `/api/app/charging-paths/${id}/rating`, body);

    const first = await rate(pathId, { rating: 2, text: '  绕路了  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json<ChargingPath>().commentary).toEqual({
      rating: 2,
      text: '绕路了',
      time: expect.any(Number),
    });
    const second = await rate(pathId, { rating: 5 });
    expect(second.json<ChargingPath>().commentary).toMatchObject({ rating: 5, text: null });

    expect((await rate(pathId, { rating: 6 })).statusCode).toBe(400);
    expect((await rate(pathId, { rating: 0 })).statusCode).toBe(400);
    expect((await rate(pathId + 1000, { rating: 3 })).statusCode).toBe(404);
    const peClient = await createAppClient(sut, 'pe');
    expect((await rate(pathId, { rating: 1 }, peClient)).statusCode).toBe(404);

    const [row] = await sut.database.db.select().from(chargingPaths).where(eq(chargingPaths.pathId, pathId));
    expect([row!.commentaryRating, row!.commentaryText]).toEqual([5, null]);
  });
});

describe('charging paths when the routing server finds no road', () => {
  let server: http.Server;
  let routingUrl: string;
  let sut: TestContext;
  let client: TestAppClient;

  beforeAll(async () => {
    // A stand-in OSRM server: no road between the first two points, down for everything else.
    server = http.createServer((req, res) => {
      const noRoad = req.url?.startsWith('/route/v1/driving/118.000000,30.000000;');
      res.writeHead(noRoad ? 400 : 503, { 'content-type': 'application/json' });
      res.end(
        noRoad ? JSON.stringify({ code: 'NoRoute', message: 'Impossible route between points' }) : '{}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    routingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(async () => {
    sut = await createTestContext({ routingUrl });
    client = await createAppClient(sut, 'nio');
    await insertPathAccount(sut.database.db, 'ACC-1');
  });
  afterEach(() => sut.app.close());

  it('should record no_route without a route, and record nothing when the server fails', async () => {
    const none = await sendSigned(sut, client, 'POST', '/api/app/charging-paths', trip());
    expect(none.statusCode).toBe(201);
    expect(none.json<ChargingPath>()).toMatchObject({
      status: 'no_route',
      distance: 0,
      duration: 0,
      routes: null,
      locations: { orig: ORIGIN, dest: DESTINATION },
    });

    const failing = await sendSigned(
      sut,
      client,
      'POST',
      '/api/app/charging-paths',
      trip({ origin: { name: '别处', longitude: 117, latitude: 30 } }),
    );
    expect(failing.statusCode).toBe(502);
    expect(errorOf(failing).code).toBe('routing_failed');
    expect(await sut.database.db.select().from(chargingPaths)).toHaveLength(1);
  });
});
