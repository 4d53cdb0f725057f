/**
 * Coupon recipient import benchmark (issue #18): a sheet of 100,000 recipients checked on PostgreSQL and on
 * PGlite, goal under 10 s.
 *
 *   npx tsx bench/coupon-recipient-import.ts [--rows=100000] [--rounds=3] [--drivers=postgres,pglite]
 *                                             [--no-send] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_coupon_import` on BENCH_DATABASE_URL's
 * server, dropped afterwards; a temporary directory for PGlite), migrations, `rows` + 50,000 nio accounts
 * (mobiles 139 and eight digits) and VACUUM ANALYZE, a batch with stock for every recipient, an operator.
 * Two sheets of `rows` mobiles in a shuffled order (header 手机号): a clean one, and one whose last row is a
 * mobile nobody has. Then, `rounds` times:
 *   - reading the clean sheet (`readRecipientSheet`), and checking it (`CouponRecipientImportService.check`:
 *     the look-ups through AccountsService, 100 mobiles a query, all at once, and every row's rules);
 *   - the same for a sheet of account ids (header 账号);
 *   - the import of the sheet with the wrong row through the API (`app.inject`, multipart upload, the job
 *     reading, checking and writing the error sheet), from the request to the job's end.
 * Last, unless `--no-send`, the clean sheet imported through the API and sent: `rows` coupons issued by the
 * job in chunks of 1,000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Tenant } from '@cmp/domain';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { AccountsService } from '../apps/server/src/modules/accounts/accounts.service.js';
import { accounts } from '../apps/server/src/modules/accounts/accounts.tables.js';
import { CouponRecipientImportService } from '../apps/server/src/modules/coupons/coupon-recipient-import.service.js';
import { couponBatches } from '../apps/server/src/modules/coupons/coupons.tables.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { SYSTEM_ACTOR } from '../apps/server/src/platform/audit/audit.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { jobs } from '../apps/server/src/platform/jobs/jobs.tables.js';
import type { Jobs } from '../apps/server/src/platform/jobs/jobs.js';
import { readRecipientSheet } from '../apps/server/src/platform/spreadsheet/recipient-sheet.js';
import type { FileStorage } from '../apps/server/src/platform/storage/file-storage.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const PASSWORD = 'bench-password-1';
const PG_DATABASE = 'cmp_bench_coupon_import';
const TENANT = Tenant.parse('nio');
// The goal.
const GOAL_S = 10;

const args = benchArgs();
const ROWS = Number(args.rows ?? 100_000);
const ROUNDS = Number(args.rounds ?? 3);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const SEND = args['no-send'] === undefined;
const KEEP = args.keep !== undefined;
const ACCOUNTS = ROWS + 50_000;

const mobileOf = (i: number) => `139${String(i).padStart(8, '0')}`;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function sheetOf(header: string, identifiers: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]);
  for (const identifier of identifiers) sheet.addRow([identifier]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `ROWS` distinct accounts drawn from all of them, shuffled: no look-up reads neighbouring keys only. */
function recipients(): number[] {
  const step = ACCOUNTS / ROWS;
  const picked = Array.from({ length: ROWS }, (_, i) => Math.floor(i * step));
  const random = seededRandom(18);
  for (let i = picked.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  return picked;
}

async function seed(database: Database): Promise<number> {
  const { db } = database;
  await database.migrate();
  await db.execute(sql`
    insert into ${accounts} (tenant, account_id, mobile, name, nick_name, create_time, update_time)
    select ${TENANT}, 'U' || i, '139' || lpad(i::text, 8, '0'), '用户' || i, '用户' || i, now(), now()
    from generate_series(0, ${ACCOUNTS - 1}::int) as i`);
  await db.execute(sql`vacuum analyze`);
  const [batch] = await db
    .insert(couponBatches)
    .values({
      tenant: TENANT,
      couponName: '导入券',
      batchName: 'bench',
      couponBizCode: 'charging_external',
      couponTypeCode: 'voucher',
      amount: ROWS * 2,
      stockAmount: ROWS * 2,
      expireTypeCode: 'fixed_date',
      effectiveDate: new Date('2026-01-01T00:00:00+08:00'),
      expireDate: new Date('2099-12-31T23:59:59.999+08:00'),
      couponValue: 500,
      operatorAccount: 'bench',
    })
    .returning();
  const id = await staffRepo.insertStaffUser(db, {
    userName: 'bench-operator',
    displayName: 'bench operator',
    passwordHash: await hashPassword(PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(db, id, [{ tenant: TENANT, role: 'operator' }]);
  return batch!.couponBatchId;
}

function multipart(fields: Record<string, string>, name: string, data: Buffer) {
  const boundary = '----cmp-bench-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([field, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Figures {
  driver: Driver;
  read: number[];
  checkMobiles: number[];
  checkAccounts: number[];
  importWithError: number[];
  send?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runDriver(
  driver: Driver,
  sheets: { clean: Buffer; wrong: Buffer; ids: Buffer },
): Promise<Figures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-coupon-import-'));
  try {
    const database = await openDatabase(target.options);
    const figures: Figures = { driver, read: [], checkMobiles: [], checkAccounts: [], importWithError: [] };
    try {
      const started = performance.now();
      const couponBatchId = await seed(database);
      console.log(`${driver}: ${ACCOUNTS} accounts seeded in ${seconds(performance.now() - started)} s`);
      const service = new CouponRecipientImportService(
        database.db,
        {} as Jobs,
        {} as FileStorage,
        new AccountsService(database.db),
      );
      const app = await buildApp({
        config: defaultConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' }),
        database,
        logger: false,
      });
      await app.ready();
      try {
        const origin = 'http://localhost:80';
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { origin },
          payload: { userName: 'bench-operator', password: PASSWORD },
        });
        const cookie = `cmp_session=${signedIn.cookies.find((c) => c.name === 'cmp_session')!.value}`;
        const importSheet = async (data: Buffer) => {
          const form = multipart({ couponBatchId: String(couponBatchId) }, 'recipients.xlsx', data);
          const t0 = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: `/api/${TENANT}/coupons/recipient-imports`,
            headers: { origin, cookie, 'content-type': form.contentType },
            payload: form.payload,
          });
          if (response.statusCode !== 202) throw new Error(`import: ${response.statusCode} ${response.body}`);
          const jobId = response.json<{ jobId: number }>().jobId;
          for (;;) {
            const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
            if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) {
              if (job.state !== 'succeeded') throw new Error(`import job ${job.state}: ${job.error}`);
              return { ms: performance.now() - t0, job };
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        for (let round = 0; round < ROUNDS; round += 1) {
          let t0 = performance.now();
          const sheet = await readRecipientSheet(sheets.clean);
          figures.read.push(performance.now() - t0);
          t0 = performance.now();
          const checked = await service.check(TENANT, sheet, SYSTEM_ACTOR);
          figures.checkMobiles.push(performance.now() - t0);
          if (!checked.result.ok || checked.accountIds.length !== ROWS)
            throw new Error('the clean sheet did not pass');
          t0 = performance.now();
          const byIds = await service.check(TENANT, await readRecipientSheet(sheets.ids), SYSTEM_ACTOR);
          figures.checkAccounts.push(performance.now() - t0);
          if (!byIds.result.ok) throw new Error('the sheet of account ids did not pass');
          const wrong = await importSheet(sheets.wrong);
          if ((wrong.job.result as { counts: { invalid: number } }).counts.invalid !== 1)
            throw new Error(`the wrong row was not found: ${JSON.stringify(wrong.job.result)}`);
          figures.importWithError.push(wrong.ms);
          console.log(
            `${driver} round ${round + 1}: read ${seconds(figures.read.at(-1)!)} s, check mobiles ` +
              `${seconds(figures.checkMobiles.at(-1)!)} s, check ids ${seconds(figures.checkAccounts.at(-1)!)} s, ` +
              `import with an error ${seconds(wrong.ms)} s`,
          );
        }
        if (SEND) {
          const sent = await importSheet(sheets.clean);
          figures.send = sent.ms;
          console.log(`${driver}: clean sheet imported and ${ROWS} coupons sent in ${seconds(sent.ms)} s`);
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    return figures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (KEEP) console.log(`${driver}: kept ${JSON.stringify(target.options)}`);
    else await target.drop();
  }
}

function print(all: Figures[]) {
  console.log(`\n${ROWS} recipients, ${ROUNDS} rounds (seconds, median of the rounds):`);
  console.log(
    '| database | read sheet | check mobiles | read + check mobiles | check account ids | import with 1 wrong row (API, job, error sheet) | import and send |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of all) {
    const readCheck = f.read.map((r, i) => r + f.checkMobiles[i]!);
    console.log(
      `| ${f.driver} | ${seconds(median(f.read))} | ${seconds(median(f.checkMobiles))} | ${seconds(median(readCheck))} | ` +
        `${seconds(median(f.checkAccounts))} | ${seconds(median(f.importWithError))} | ${f.send === undefined ? '–' : seconds(f.send)} |`,
    );
  }
  for (const f of all) {
    const worst = Math.max(...f.importWithError);
    console.log(
      `Goal (issue #18): ${ROWS} rows validated in under ${GOAL_S} s on ${f.driver}: ` +
        `${worst < GOAL_S * 1000 ? 'met' : 'missed'} (slowest import with an error ${seconds(worst)} s).`,
    );
  }
}

async function main() {
  await runBench(`coupon recipient import of ${ROWS} rows`, async () => {
    const picked = recipients();
    const mobiles = picked.map(mobileOf);
    const sheets = {
      clean: await sheetOf('手机号', mobiles),
      wrong: await sheetOf('手机号', [...mobiles.slice(0, -1), '13700000000']),
      ids: await sheetOf(
        '账号',
        picked.map((i) => `U${i}`),
      ),
    };
    console.log(`sheets written: ${(sheets.clean.length / 2 ** 20).toFixed(1)} MiB each`);
    const figures: Figures[] = [];
    for (const driver of DRIVERS) figures.push(await runDriver(driver, sheets));
    print(figures);
  });
}

await main();
