/**
 * Home dashboard benchmark (issue #30): `GET /api/{tenant}/dashboard` at the demo size the portal starts with
 * (`--size=small`: 3,300 stations, 20,000 comments, ...) or the large one (`--size=large`), on an in-memory
 * PGlite as `npm start` runs by default.
 *
 *   npx tsx bench/dashboard.ts [--size=small|large] [--calls=50] [--failed=2000]
 *
 * Loads the demo data (`loadDemoData`), adds `failed` failed remote operations of today spread over the
 * tenants (the demo has none, and the figure must stay cheap when a day goes badly), builds the app in this
 * process and signs in as the demo's nio-operator. Then:
 *   1. the first call (the density grid is read from the stations and kept for five minutes),
 *   2. `calls` calls after it through `app.inject` (session, validation, the figures, serialisation): median,
 *      95th percentile and maximum,
 *   3. each figures service alone, `calls` times, median: which figure costs what,
 *   4. for comparison, counting the tables per visit: the tenant's comments awaiting a reply over all time and
 *      the day's failed operations without the time index's range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Tenant } from '@cmp/domain';
import { DASHBOARD_COUPON_BATCHES, DASHBOARD_DENSITY_CELL_DEGREES } from '@cmp/domain/dashboard/dashboard';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { loadDemoData } from '../apps/server/src/demo/index.js';
import type { DemoSize } from '../apps/server/src/demo/demo-context.js';
import { CommentFigures } from '../apps/server/src/modules/comments/comment-figures.service.js';
import { CouponFiguresService } from '../apps/server/src/modules/coupons/coupon-figures.service.js';
import { ReportFigures } from '../apps/server/src/modules/crowdsourced-stations/report-figures.service.js';
import { OcppFigures } from '../apps/server/src/modules/ocpp/ocpp-figures.service.js';
import { StationFigures } from '../apps/server/src/modules/stations/station-figures.service.js';
import { WorksheetFigures } from '../apps/server/src/modules/worksheets/worksheet-figures.service.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { LocalFileStorage } from '../apps/server/src/platform/storage/file-storage.js';
import { benchArgs } from './bench-args.js';

const args = benchArgs();
const SIZE = (args.size ?? 'small') as DemoSize;
const CALLS = Number(args.calls ?? 50);
const FAILED = Number(args.failed ?? 2000);
const TENANT = Tenant.parse('nio');
const PASSWORD = 'bench-demo-password';
const DAY_MS = 86_400_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

async function repeated(call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push(await timed(call));
  return times;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-dashboard-'));
const database = await openDatabase({ kind: 'pglite-memory' });
await database.migrate();
const db = database.db;
let started = performance.now();
await loadDemoData(db, {
  size: SIZE,
  password: PASSWORD,
  storage: new LocalFileStorage(path.join(dataDir, 'files')),
});
console.log(`demo data (${SIZE}) loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const todayStart = new Date().setHours(0, 0, 0, 0);
await db.execute(sql`
  insert into remote_operation_logs
    (tenant, resource_id, charge_point_id, operator_type, operation_type, operator, command, command_info, status,
     reason, create_at)
  select (array['nio', 'pe', 'rsc'])[1 + i % 3], 'R' || i, 'CP' || i, 'user', 'RESET', 'bench', 'Reset', '{}', 2,
         'offline', to_timestamp((${todayStart}::bigint + (i * 997) % ${DAY_MS / 2}) / 1000.0)
  from generate_series(1, ${FAILED}) as i`);
await db.execute(sql`ANALYZE`);

const counts = (await db.execute(sql`
  select (select count(*) from resources)::int as stations, (select count(*) from comments)::int as comments,
         (select count(*) from coupon_batches)::int as batches, (select count(*) from crowdsourced_stations)::int as reports,
         (select count(*) from worksheets)::int as worksheets, (select count(*) from remote_operation_logs)::int as operations
`)) as unknown as { rows: Record<string, number>[] };
console.log('rows:', counts.rows[0]);

const app = await buildApp({
  config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
  database,
  logger: false,
});
const origin = 'http://localhost:80';
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  headers: { origin },
  payload: { userName: 'nio-operator', password: PASSWORD },
});
const session = signedIn.cookies.find((c) => c.name === 'cmp_session');
if (!session) throw new Error(`sign-in answered ${signedIn.statusCode}`);
const get = async () => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/nio/dashboard?todayStart=${todayStart}`,
    headers: { cookie: `cmp_session=${session.value}` },
  });
  if (response.statusCode !== 200)
    throw new Error(`dashboard answered ${response.statusCode}: ${response.body}`);
  return response;
};

started = performance.now();
const first = await get();
const firstMs = performance.now() - started;
const body = first.json() as Record<string, unknown>;
const api = await repeated(get);

console.log(`\nGET /api/nio/dashboard, ${CALLS} calls after the first (${first.body.length} bytes):`);
console.log(`| first call | median | p95 | max |`);
console.log(`|---|---|---|---|`);
console.log(
  `| ${ms(firstMs)} | ${ms(median(api))} | ${ms(percentile(api, 0.95))} | ${ms(Math.max(...api))} |`,
);
console.log(
  'figures:',
  JSON.stringify({ ...body, density: undefined, comments: undefined, coupons: undefined }),
);

const stations = new StationFigures(db);
const ocpp = new OcppFigures(db);
const comments = new CommentFigures(db);
const services: [string, () => Promise<unknown>][] = [
  ['stations.total (resource_totals)', () => stations.total()],
  [
    'stations.density, read (cached after)',
    () => (stations.forget(), stations.density(DASHBOARD_DENSITY_CELL_DEGREES)),
  ],
  ['ocpp.presence', () => ocpp.presence()],
  ['ocpp.failedSince (time index)', () => ocpp.failedSince(TENANT, todayStart)],
  ['worksheets.open (status index)', () => new WorksheetFigures(db).open()],
  ['reports.pendingReview (crowdsourced_totals)', () => new ReportFigures(db).pendingReview(TENANT)],
  ['comments.total (comment_totals)', () => comments.total(TENANT)],
  ['comments.days, 14 days (tenant-time index)', () => comments.days(TENANT, todayStart - 13 * DAY_MS)],
  [
    'coupons.figures (batch counters)',
    () => new CouponFiguresService(db).figures(TENANT, DASHBOARD_COUPON_BATCHES),
  ],
  [
    'for comparison: unreplied comments, all time (table count)',
    () => db.execute(sql`select count(*) from comments where tenant = ${TENANT} and reply_number = 0`),
  ],
  [
    'for comparison: failed operations today, no time index',
    () =>
      db.execute(
        sql`select count(*) from remote_operation_logs where tenant = ${TENANT} and status = 2
            and create_at + interval '0 s' >= to_timestamp(${todayStart}::bigint / 1000.0)`,
      ),
  ],
];
console.log(`\neach figure alone, median of ${CALLS}:`);
console.log('| figure | median |');
console.log('|---|---|');
for (const [name, call] of services) console.log(`| ${name} | ${ms(median(await repeated(call)))} |`);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
