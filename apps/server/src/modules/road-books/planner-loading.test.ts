import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePlanListResponse } from '@cmp/domain/road-books/road-book';
import { buildApp, type App } from '../../app.js';
import { createTestContext, errorOf, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { insertChargeStation } from '../../test/station-fixtures.js';

/*
 * A server that starts on a database with stations builds its planner's index in the background
 * (ROUTE_PLANNER_PRELOAD); with ROUTE_PLANNER_WAIT_MS at 0 a plan asked before the build is done is
 * answered at once. The session comes from a first server on the same database, so the plan is the
 * restarted server's first request.
 */
const FILLERS = 5_000;

let ctx: TestContext;
let restarted: App;
let viewer: string;

beforeEach(async () => {
  ctx = await createTestContext();
  viewer = await ctx.userWith('viewer', 'nio');
  for (const [id, latitude] of [
    ['A', 31],
    ['B', 32.3],
  ] as const) {
    await insertChargeStation(ctx.database.db, id, { longitude: 118, latitude });
  }
  // Far from the trip; there so the build takes a while (a chunk to read, a tree to sort).
  await ctx.database.db.execute(sql`
    insert into resources (resource_id, resource_type, resource_name, longitude, latitude)
    select 'FILL' || n, 'ChargeStation', 'filler ' || n, 90 + n / 1000.0, 45 from generate_series(1, ${FILLERS}) n`);
  restarted = await buildApp({
    config: { ...ctx.config, routePlannerPreload: true, routePlannerWaitMs: 0 },
    database: ctx.database,
    logger: false,
  });
});
afterEach(async () => {
  await restarted.close();
  await ctx.app.close();
});

const trip = {
  originPoint: { longitude: 118, latitude: 30 },
  destinationPoint: { longitude: 118, latitude: 33 },
};

const planOptions = (language = 'zh-CN') =>
  restarted.inject({
    method: 'POST',
    url: '/api/nio/road-books/route/options',
    headers: { cookie: viewer, origin: TEST_ORIGIN, 'accept-language': language },
    payload: trip,
  });

describe('route planning while the station index loads', () => {
  it('should answer a plan asked before the index is ready with its progress, then plan once it is', async () => {
    const early = await planOptions();

    expect(early.statusCode, early.body).toBe(503);
    expect(early.headers['retry-after']).toBe('2');
    const error = errorOf(early);
    expect(error.code).toBe('planner_loading');
    expect(error.message).toMatch(/^正在加载充电站… \d+%$/);
    const { loaded, total } = error.details as { loaded: number; total: number | null };
    expect([null, FILLERS + 2]).toContain(total);
    expect(loaded).toBeGreaterThanOrEqual(0);
    expect(loaded).toBeLessThanOrEqual(FILLERS + 2);

    // Asked again, as the web does, until the index is in.
    const ready = await vi.waitFor(
      async () => {
        const answer = await planOptions();
        if (answer.statusCode !== 200) throw new Error(answer.body);
        return answer;
      },
      { timeout: 20_000, interval: 50 },
    );
    const plans = (ready.json() as RoutePlanListResponse).plans;
    const listed = plans.flatMap((plan) => plan.routePlanningResourceList.list.map((item) => item.id));
    expect(new Set(listed)).toEqual(new Set(['A', 'B']));
  });

  it('should tell the progress in English to a caller who prefers it', async () => {
    const early = await planOptions('en-US,en;q=0.9');

    expect(early.statusCode, early.body).toBe(503);
    expect(errorOf(early).message).toMatch(/^Loading stations… \d+%$/);
  });
});
