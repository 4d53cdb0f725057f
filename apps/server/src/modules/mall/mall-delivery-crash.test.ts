import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../platform/db/database.js';
import { Jobs } from '../../platform/jobs/jobs.js';
import { LocalFileStorage } from '../../platform/storage/file-storage.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { insertCouponBatch } from '../../test/coupon-fixtures.js';
import { couponBatches, coupons } from '../coupons/coupons.tables.js';
import { MALL_DELIVERY_JOB, mallDeliveryJobKind } from './mall-delivery.job.js';
import { mallOrderItems, mallOrders, mallProducts } from './mall.tables.js';
import { OrdersService } from './orders.service.js';

const WORKER = path.resolve(import.meta.dirname, 'mall-delivery-crash-worker.ts');

/** A database of the test's own, outside the worker's: PGlite in a directory, or a fresh PostgreSQL database. */
async function freshDatabaseOptions(): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-mall-crash-'));
    return {
      options: { kind: 'pglite', dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cmp_mall_crash_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: own.toString(), poolSize: 3 },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe('a mall delivery whose process is killed halfway through an order', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 120_000);

  it('should issue every coupon item exactly once after a restart', async () => {
    const { options, drop } = await freshDatabaseOptions();
    cleanups.push(drop);
    let database: Database = await openDatabase(options);
    await database.migrate();
    const db = database.db;
    await insertAccount(db, 'nio', 'U1', { mobile: '13812345678' });
    const batches = [
      await insertCouponBatch(db, 'nio', { amount: 10, batchName: 'A' }),
      await insertCouponBatch(db, 'nio', { amount: 10, batchName: 'B' }),
      await insertCouponBatch(db, 'nio', { amount: 10, batchName: 'C' }),
    ];
    const items = batches.map((batch, position) => ({
      itemType: 'coupon',
      itemCode: String(batch.couponBatchId),
      itemName: `券${position}`,
      itemCount: position + 1,
    }));
    const [product] = await db
      .insert(mallProducts)
      .values({
        tenant: 'nio',
        name: '三张券',
        unitPrice: 300,
        productDisplay: true,
        items,
        creatorName: 'ops',
      } as never)
      .returning();
    const [order] = await db
      .insert(mallOrders)
      .values({
        tenant: 'nio',
        productId: product!.productId,
        productName: '三张券',
        productPrice: 300,
        accountId: 'U1',
        paymentStatus: 2,
        orderStatus: 2,
        paymentId: 'PAY-1',
        paymentAmount: 300,
        paidAt: new Date(),
      })
      .returning();
    await db
      .insert(mallOrderItems)
      .values(items.map((item, position) => ({ ...item, position, orderId: order!.orderId })));
    const setup = new Jobs(db, new LocalFileStorage('/tmp/cmp-jobs-test'), console);
    const orders = new OrdersService(db, setup, 30);
    setup.register(mallDeliveryJobKind((...args) => orders.settle(...args)));
    const job = await setup.enqueue({
      kind: MALL_DELIVERY_JOB,
      tenant: 'nio',
      createdBy: { userId: 0, userName: 'app' },
      params: { orderId: order!.orderId },
    });
    // The embedded database has one holder at a time: the worker's turn.
    await database.close();

    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void worker.kill('SIGKILL'));
    let chunks = 0;
    const second = new Promise<void>((resolve) =>
      worker.stdout.on('data', (data: Buffer) => {
        chunks += (data.toString().match(/chunk/g) ?? []).length;
        if (chunks >= 2) resolve();
      }),
    );
    // The second item is being issued, so the first is in: kill inside it.
    await second;
    await sleep(200);
    worker.kill('SIGKILL');
    await once(worker, 'exit');

    database = await openDatabase(options);
    cleanups.push(() => database.close());
    const itemRows = () =>
      database.db
        .select()
        .from(mallOrderItems)
        .where(eq(mallOrderItems.orderId, order!.orderId))
        .orderBy(asc(mallOrderItems.position));
    const issued = async () =>
      new Map(
        (
          await database.db
            .select({ batch: coupons.couponBatchId, count: sql<number>`count(*)::int` })
            .from(coupons)
            .where(eq(coupons.accountId, 'U1'))
            .groupBy(coupons.couponBatchId)
        ).map((row) => [row.batch, row.count]),
      );
    // Cut halfway: the first item given, the second's coupons gone with the transaction that died.
    expect((await itemRows()).map((row) => row.deliveryStatus)).toEqual([2, 1, 1]);
    expect(await issued()).toEqual(new Map([[batches[0]!.couponBatchId, 1]]));

    const restarted = new Jobs(database.db, new LocalFileStorage('/tmp/cmp-jobs-test'), console, {
      pollMs: 50,
    });
    const ordersAgain = new OrdersService(database.db, restarted, 30);
    restarted.register(mallDeliveryJobKind((...args) => ordersAgain.settle(...args)));
    restarted.runner.start();
    cleanups.push(() => restarted.runner.stop());
    let finished = (await restarted.queue.get(job.id))!;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !['succeeded', 'failed', 'cancelled'].includes(finished.state)) {
      await sleep(50);
      finished = (await restarted.queue.get(job.id))!;
    }
    expect(finished.state).toBe('succeeded');
    const delivered = await itemRows();
    expect(delivered.map((row) => [row.deliveryStatus, row.couponIds.length])).toEqual([
      [2, 1],
      [2, 2],
      [2, 3],
    ]);
    expect(await issued()).toEqual(new Map(batches.map((batch, i) => [batch.couponBatchId, i + 1])));
    const stock = await database.db
      .select({ id: couponBatches.couponBatchId, stock: couponBatches.stockAmount })
      .from(couponBatches)
      .orderBy(asc(couponBatches.couponBatchId));
    expect(stock.map((row) => row.stock)).toEqual([9, 8, 7]);
    const [done] = await database.db.select().from(mallOrders).where(eq(mallOrders.orderId, order!.orderId));
    expect(done).toMatchObject({ orderStatus: 3, deliveryStatus: 2 });
  }, 120_000);
});
