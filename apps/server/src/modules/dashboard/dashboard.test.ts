import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '@cmp/domain/dashboard/dashboard';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { insertReport } from '../../test/crowdsourced-fixtures.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { comments } from '../comments/comments.tables.js';
import {
  chargePointPresence,
  chargePoints,
  portalProcesses,
  remoteOperationLogs,
} from '../ocpp/ocpp.tables.js';

let ctx: TestContext;
let viewer: string;

const DAY_MS = 86_400_000;
const todayStart = Date.UTC(2026, 10, 28, 16) - DAY_MS; // a reader's midnight in UTC+8

beforeEach(async () => {
  ctx = await createTestContext();
  viewer = await ctx.userWith('viewer', 'nio');
  const db = ctx.database.db;
  await insertChargeStation(db, 'CS1', { longitude: 121.47, latitude: 31.23 });
  await insertChargeStation(db, 'CS2', { longitude: 121.9, latitude: 31.6 });
  await insertSwapStation(db, 'PS1', { longitude: 116.4, latitude: 39.9 });
});
afterEach(() => ctx.app.close());

async function dashboard(tenant = 'nio', cookie = viewer): Promise<Dashboard> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/${tenant}/dashboard?todayStart=${todayStart}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
}

const comment = (tenant: 'nio' | 'pe', rating: number, at: number, replyNumber = 0) =>
  ctx.database.db.insert(comments).values({
    tenant,
    resourceId: 'CS1',
    rating,
    commentaryTime: new Date(at),
    accountId: 'ACC1',
    client: 'nio_app',
    scene: 'charging',
    replyNumber,
  });

const operation = (tenant: 'nio' | 'pe', status: number, at: number) =>
  ctx.database.db.insert(remoteOperationLogs).values({
    tenant,
    resourceId: 'CS1',
    chargePointId: 'CS1-E1',
    operatorType: 'user',
    operationType: 'RESET',
    operator: 'op',
    command: 'Reset',
    commandInfo: {},
    status,
    createAt: new Date(at),
  });

describe('GET /api/:tenant/dashboard', () => {
  it('should answer the figures of the data there is, in the reader’s day', async () => {
    const db = ctx.database.db;
    await db.insert(chargePoints).values([
      { chargePointId: 'CS1-E1', resourceId: 'CS1', passwordHash: 'x', passwordSetBy: 'test' },
      { chargePointId: 'CS2-E1', resourceId: 'CS2', passwordHash: 'x', passwordSetBy: 'test' },
    ]);
    await db.insert(portalProcesses).values({ processId: 'proc-live' });
    await db.insert(chargePointPresence).values({ chargePointId: 'CS1-E1', processId: 'proc-live' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/nio/worksheets',
      headers: { cookie: await ctx.userWith('operator', 'nio') },
      payload: { resourceId: 'CS2', title: 'Broken screen' },
    });
    await insertReport(db, 'RPT-1');
    await insertReport(db, 'RPT-2', { stationStatus: 1 });
    await insertReport(db, 'RPT-3', { tenant: 'pe' });
    await comment('nio', 5, todayStart + 3600_000);
    await comment('nio', 2, todayStart + 7200_000, 1);
    await comment('nio', 4, todayStart - 2 * DAY_MS + 60_000);
    await comment('nio', 1, todayStart - 30 * DAY_MS);
    await comment('pe', 3, todayStart + 3600_000);
    await insertCouponBatch(db, 'nio', {
      batchName: 'Spring',
      createdAmount: 40,
      assignedAmount: 30,
      usedAmount: 7,
    });
    await insertCouponBatch(db, 'pe', { batchName: 'Other', createdAmount: 99, usedAmount: 9 });
    await operation('nio', 2, todayStart + 1000);
    await operation('nio', 2, todayStart - 1000);
    await operation('nio', 1, todayStart + 2000);
    await operation('pe', 2, todayStart + 3000);

    const figures = await dashboard();

    expect(figures.todayStart).toBe(todayStart);
    expect(figures.stations).toEqual({ total: 3, online: 1 });
    expect(figures.chargers).toEqual({ registered: 2, online: 1 });
    expect(figures.worksheets).toEqual({ open: 1 });
    expect(figures.reviewQueue).toEqual({ pending: 1 });
    expect(figures.comments).toEqual({
      total: 4,
      awaitingReply: 2,
      trendStart: todayStart - 13 * DAY_MS,
      trend: [
        { day: todayStart - 2 * DAY_MS, count: 1, averageRating: 4 },
        { day: todayStart, count: 2, averageRating: 3.5 },
      ],
    });
    expect(figures.coupons).toEqual({
      issued: 40,
      assigned: 30,
      used: 7,
      batches: [{ couponBatchId: expect.any(Number), batchName: 'Spring', issued: 40, used: 7 }],
    });
    expect(figures.remoteOperations).toEqual({ failedToday: 1 });
    expect(figures.density.cells).toEqual(
      expect.arrayContaining([
        { longitude: 121, latitude: 31, count: 2 },
        { longitude: 116, latitude: 39, count: 1 },
      ]),
    );
  });

  it('should move with the writes: a failed operation, a new comment, a charger gone offline', async () => {
    const db = ctx.database.db;
    await db
      .insert(chargePoints)
      .values({ chargePointId: 'CS1-E1', resourceId: 'CS1', passwordHash: 'x', passwordSetBy: 'test' });
    await db.insert(portalProcesses).values({ processId: 'proc-live' });
    await db.insert(chargePointPresence).values({ chargePointId: 'CS1-E1', processId: 'proc-live' });
    const before = await dashboard();
    expect(before.remoteOperations.failedToday).toBe(0);
    expect(before.comments.awaitingReply).toBe(0);
    expect(before.chargers).toEqual({ registered: 1, online: 1 });

    await operation('nio', 2, Date.now());
    await comment('nio', 1, Date.now());
    await db.delete(chargePointPresence);
    const after = await dashboard();

    expect(after.remoteOperations.failedToday).toBe(1);
    expect(after.comments.awaitingReply).toBe(1);
    expect(after.comments.total).toBe(1);
    expect(after.chargers).toEqual({ registered: 1, online: 0 });
    expect(after.stations.online).toBe(0);
  });

  it('should keep each tenant to its own figures', async () => {
    await operation('pe', 2, Date.now());
    await comment('pe', 1, Date.now());
    await insertReport(ctx.database.db, 'RPT-PE', { tenant: 'pe' });

    const nio = await dashboard();
    expect(nio.remoteOperations.failedToday).toBe(0);
    expect(nio.comments.total).toBe(0);
    expect(nio.reviewQueue.pending).toBe(0);

    const pe = await dashboard('pe', await ctx.userWith('viewer', 'pe'));
    expect(pe.remoteOperations.failedToday).toBe(1);
    expect(pe.comments.total).toBe(1);
    expect(pe.reviewQueue.pending).toBe(1);
  });

  it('should refuse a tenant the reader does not work in, and a reader not signed in', async () => {
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: '/api/pe/dashboard',
      headers: { cookie: viewer },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('tenant_forbidden');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nio/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should refuse a day start that is not a time', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/nio/dashboard?todayStart=yesterday',
      headers: { cookie: viewer },
    });
    expect(response.statusCode).toBe(400);
  });
});
