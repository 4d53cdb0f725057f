/**
 * Coupon claim benchmark (issue 18): `claims` users claim one coupon each by a generate record's token
 * (`POST /api/app/coupons/claim`, signed by the app back end) all at once from a batch of `stock` coupons,
 * on PostgreSQL and on PGlite. Exactly `stock` must succeed and the rest be refused with
 * coupon_batch_stock_not_enough, the batch's counters exact.
 *
 *   npx tsx bench/coupon-claims.ts [--claims=1000] [--stock=500] [--rounds=3] [--drivers=postgres,pglite]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_coupons` on BENCH_DATABASE_URL's server,
 * dropped afterwards; a temporary directory for PGlite), migrations, `claims` accounts and the app in
 * process; each round a new batch and token, every claim signed beforehand (as the app back end does on its own
 * machine), then every claim sent at once through `app.inject` (signature check, nonce, validation, the claim
 * transaction; no socket). It prints, per round, the wall time of the
 * whole burst, the median and p95 of a claim's latency and how many succeeded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { couponBatches, couponGenerateRecords } from '../apps/server/src/modules/coupons/coupons.tables.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { insertAccountRange } from '../apps/server/src/test/account-fixtures.js';
import { percentile, registerBenchAppClient, type BenchSigner } from './bench-app-client.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const TENANT = Tenant.parse('nio');
const PG_DATABASE = 'cmp_bench_coupons';

const args = benchArgs();
const CLAIMS = Number(args.claims ?? 1000);
const STOCK = Number(args.stock ?? 500);
const ROUNDS = Number(args.rounds ?? 3);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];

async function prepare(database: Database): Promise<BenchSigner> {
  const sign = await registerBenchAppClient(database.db, TENANT);
  await insertAccountRange(database.db, TENANT, CLAIMS, 'B-');
  return sign;
}

/** A batch of `STOCK` coupons and a finished record whose token users claim them by. */
async function newToken(database: Database, round: number): Promise<{ batchId: number; token: string }> {
  const [batch] = await database.db
    .insert(couponBatches)
    .values({
      tenant: TENANT,
      couponName: 'bench',
      batchName: `round ${round}`,
      couponBizCode: 'charging_external',
      couponTypeCode: 'voucher',
      amount: STOCK,
      stockAmount: STOCK,
      expireTypeCode: 'days_after_binding',
      effectiveDays: 7,
      couponValue: 500,
      operatorAccount: 'bench',
      status: 'finished',
    })
    .returning();
  const token = `BENCH-${round}-${Date.now()}`;
  await database.db.insert(couponGenerateRecords).values({
    tenant: TENANT,
    couponBatchId: batch!.couponBatchId,
    generateType: 'generate',
    status: 'finished',
    generateAmount: 0,
    couponToken: token,
    operatorAccount: 'bench',
  });
  return { batchId: batch!.couponBatchId, token };
}

async function benchDriver(driver: Driver): Promise<void> {
  const fresh = await freshBenchDatabase(driver, PG_DATABASE);
  const database = await openDatabase(fresh.options);
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-coupons-'));
  const app = await buildApp({
    config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
    database,
    logger: false,
  });
  try {
    const sign = await prepare(database);
    const url = '/api/app/coupons/claim';
    /** A claim as the app back end sends it, signed beforehand: signing is the client's work, not the portal's. */
    const signedClaim = (accountId: string, token: string) =>
      sign('POST', url, { accountId, couponToken: token });
    const claim = async ({ headers, body }: ReturnType<typeof signedClaim>) => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url, headers, payload: body });
      return { status: response.statusCode, ms: performance.now() - started, body: response.body };
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const { batchId, token } = await newToken(database, round);
      const requests = Array.from({ length: CLAIMS }, (_, i) => signedClaim(`B-${i}`, token));
      const started = performance.now();
      const answers = await Promise.all(requests.map(claim));
      const wall = performance.now() - started;
      const ok = answers.filter((a) => a.status === 200).length;
      const refusals = new Set(
        answers.filter((a) => a.status !== 200).map((a) => JSON.parse(a.body).error?.code),
      );
      const [counters] = await database.db
        .select({ stock: couponBatches.stockAmount, assigned: couponBatches.assignedAmount })
        .from(couponBatches)
        .where(eq(couponBatches.couponBatchId, batchId));
      const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
      console.log(
        `${driver} round ${round}: ${CLAIMS} claims of ${STOCK} in ${wall.toFixed(0)} ms ` +
          `(${((CLAIMS / wall) * 1000).toFixed(0)} claims/s); latency median ${percentile(latencies, 50).toFixed(0)} ms, ` +
          `p95 ${percentile(latencies, 95).toFixed(0)} ms; succeeded ${ok}${ok === STOCK ? '' : ' WRONG'}; ` +
          `refused with ${[...refusals].join(', ') || 'nothing'}; batch stock ${counters!.stock}, assigned ${counters!.assigned}`,
      );
      if (ok !== Math.min(STOCK, CLAIMS) || counters!.assigned !== ok) process.exitCode = 1;
    }
  } finally {
    await app.close();
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBench(
  `coupon claims: ${CLAIMS} concurrent token claims of a ${STOCK} stock, ${ROUNDS} rounds`,
  async () => {
    for (const driver of DRIVERS) await benchDriver(driver);
  },
);
