import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePlanListResponse } from '@cmp/domain/road-books/road-book';
import { buildApp, type App } from '../../app.js';
import { createTestContext, errorOf, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { PlanningStations } from './planning-stations.service.js';

/*
 * A server that starts on a database with stations builds its planner's index in the background
 * (ROUTE_PLANNER_PRELOAD); with ROUTE_PLANNER_WAIT_MS at 0 a plan asked before the build is done is
 * answered at once. The build waits for the test's word before it reads anything: how long a real one takes
 * depends on the machine, and on a quick one it was done before the first request. The session comes from a
 * first server on the same database, so the plan is the restarted server's first request.
 */
let ctx: TestContext;
let restarted: App;
let viewer: string;
let letBuild: () => void;

beforeEach(async () => {
  ctx = await createTestContext();
  viewer = await ctx.userWith('viewer', 'nio');
  for (const [id, latitude] of [
    ['A', 31],
    ['B', 32.3],
  ] as const) {
    await insertChargeStation(ctx.database.db, id, { longitude: 118, latitude });
  }
  const allowed = new Promise<void>((resolve) => (letBuild = resolve));
  const planner = PlanningStations.prototype as unknown as { build: () => Promise<unknown> };
  const build = planner.build;
  vi.spyOn(planner, 'build').mockImplementation(async function (this: PlanningStations) {
    await allowed;
    return build.call(this);
  });
  restarted = await buildApp({
    config: { ...ctx.config, routePlannerPreload: true, routePlannerWaitMs: 0 },
    database: ctx.database,
    logger: false,
  });
});
afterEach(async () => {
  letBuild();
  vi.restoreAllMocks();
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
    expect(error.message).toBe('正在加载充电站… 0%');
    expect(error.details).toEqual({ loaded: 0, total: null });

    // Asked again, as the web does, until the index is in.
    letBuild();
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
    expect(errorOf(early).message).toBe('Loading stations… 0%');
  });
});
