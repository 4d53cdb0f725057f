/**
 * Mall product upload benchmark (issue 35): a sheet of 10,000 products checked on PostgreSQL and on
 * PGlite, goal under 5 s.
 *
 *   npx tsx bench/mall-product-upload.ts [--rows=10000] [--rounds=3] [--drivers=postgres,pglite] [--keep]
 *
 * For each driver: a fresh database (on PostgreSQL `cmp_bench_mall_upload` on BENCH_DATABASE_URL's server,
 * dropped afterwards; a temporary directory for PGlite), migrations, 20 coupon batches, 50 operators and
 * 5,000 products already in the mall, VACUUM ANALYZE. Two sheets of `rows` products in the template's
 * columns (each with two coupon items, a goods item, groups and two operators): a clean one, and one whose
 * last row names a coupon batch that does not exist. Then, `rounds` times:
 *   - reading the clean sheet (`readSheetTable`, in its worker) and checking every row
 *     (`checkProductSheet`: each row's cells, then the names, batches and operators of the whole sheet);
 *   - the upload of the sheet with the wrong row through the API (`app.inject`, multipart, the job reading,
 *     checking and writing the error sheet), from the request to the job's end.
 * Last, the clean sheet uploaded through the API: `rows` products added in one transaction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Tenant } from '@cmp/domain';
import { PRODUCT_SHEET_COLUMNS } from '@cmp/domain/mall/product-sheet';
import { buildApp } from '../apps/server/src/app.js';
import { defaultConfig } from '../apps/server/src/config.js';
import { couponBatches } from '../apps/server/src/modules/coupons/coupons.tables.js';
import { checkProductSheet } from '../apps/server/src/modules/mall/product-upload.job.js';
import { mallProducts } from '../apps/server/src/modules/mall/mall.tables.js';
import { equipmentOwners, operators } from '../apps/server/src/modules/operators/operators.tables.js';
import * as staffRepo from '../apps/server/src/modules/staff/staff.repo.js';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { jobs } from '../apps/server/src/platform/jobs/jobs.tables.js';
import { readSheetTable } from '../apps/server/src/platform/spreadsheet/recipient-sheet.js';
import { benchArgs } from './bench-args.js';
import { freshBenchDatabase } from './bench-database.js';
import { runBench } from './bench-run.js';

type Driver = 'pglite' | 'postgres';

const PASSWORD = 'bench-password-1';
const PG_DATABASE = 'cmp_bench_mall_upload';
const TENANT = Tenant.parse('nio');
// The goal.
const GOAL_S = 5;
const EXISTING = 5_000;

const args = benchArgs();
const ROWS = Number(args.rows ?? 10_000);
const ROUNDS = Number(args.rounds ?? 3);
const DRIVERS = (args.drivers ?? 'postgres,pglite').split(',') as Driver[];
const KEEP = args.keep !== undefined;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function sheetOf(batchIds: number[], wrongLast: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('products');
  sheet.addRow(PRODUCT_SHEET_COLUMNS.map((c) => c.zh));
  for (let i = 0; i < ROWS; i += 1) {
    const a = batchIds[i % batchIds.length]!;
    const b = wrongLast && i === ROWS - 1 ? 999_999_999 : batchIds[(i + 7) % batchIds.length]!;
    sheet.addRow([
      `上传商品 ${String(i).padStart(6, '0')}`,
      `${(i % 500) + 1}.90`,
      `${(i % 500) + 10}.00`,
      `coupon:${a}:充电券:2;coupon:${b}:停车券:1;goods:SKU-${i % 100}:保温杯:1`,
      i % 3 === 0 ? '否' : '是',
      `g${i % 10},coupon_pack`,
      `OP${i % 50},OP${(i + 1) % 50}`,
      '30',
      '限时特惠',
      '全国超充站',
      '两张券和一个保温杯',
      'https://cdn.example.com/mall/p.png',
      'https://m.example.com/mall',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function seed(database: Database): Promise<number[]> {
  const { db } = database;
  await database.migrate();
  const batches = await db
    .insert(couponBatches)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        tenant: TENANT,
        couponName: `券${i}`,
        batchName: `bench-${i}`,
        couponBizCode: 'charging_external',
        couponTypeCode: 'voucher',
        amount: 100_000,
        stockAmount: 100_000,
        expireTypeCode: 'fixed_date',
        effectiveDate: new Date('2026-01-01T00:00:00+08:00'),
        expireDate: new Date('2099-12-31T23:59:59.999+08:00'),
        couponValue: 500,
        operatorAccount: 'bench',
      })),
    )
    .returning({ id: couponBatches.couponBatchId });
  await db.insert(equipmentOwners).values({ equipmentOwnerId: 'OWN1', equipmentOwnerName: 'owner' });
  await db.insert(operators).values(
    Array.from({ length: 50 }, (_, i) => ({
      operatorId: `OP${i}`,
      operatorName: `运营商${i}`,
      equipmentOwnerId: 'OWN1',
      controlledByNio: false,
    })),
  );
  await db.execute(sql`
    insert into ${mallProducts} (tenant, name, unit_price, items, creator_name)
    select ${TENANT}, '已有商品 ' || i, 100, '[{"itemType":"goods","itemCode":"X","itemName":"X","itemCount":1}]'::jsonb, 'bench'
    from generate_series(0, ${EXISTING - 1}::int) as i`);
  await db.execute(sql`vacuum analyze`);
  const id = await staffRepo.insertStaffUser(db, {
    userName: 'bench-operator',
    displayName: 'bench operator',
    passwordHash: await hashPassword(PASSWORD),
    mustChangePassword: false,
  });
  await staffRepo.replaceRoles(db, id, [{ tenant: TENANT, role: 'operator' }]);
  return batches.map((b) => b.id);
}

function multipart(name: string, data: Buffer) {
  const boundary = '----cmp-bench-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Figures {
  driver: Driver;
  read: number[];
  check: number[];
  uploadWithError: number[];
  add?: number;
}

async function runDriver(driver: Driver): Promise<Figures> {
  const target = await freshBenchDatabase(driver, PG_DATABASE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-mall-upload-'));
  try {
    const database = await openDatabase(target.options);
    const figures: Figures = { driver, read: [], check: [], uploadWithError: [] };
    try {
      const batchIds = await seed(database);
      const clean = await sheetOf(batchIds, false);
      const wrong = await sheetOf(batchIds, true);
      console.log(`${driver}: sheets of ${ROWS} products, ${(clean.length / 1024).toFixed(0)} KB`);
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
        const upload = async (data: Buffer) => {
          const form = multipart('products.xlsx', data);
          const t0 = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: `/api/${TENANT}/mall/products/upload`,
            headers: { origin, cookie, 'content-type': form.contentType },
            payload: form.payload,
          });
          if (response.statusCode !== 202) throw new Error(`upload: ${response.statusCode} ${response.body}`);
          const jobId = response.json<{ jobId: number }>().jobId;
          for (;;) {
            const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
            if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) {
              if (job.state !== 'succeeded') throw new Error(`upload job ${job.state}: ${job.error}`);
              return { ms: performance.now() - t0, job };
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        for (let round = 0; round < ROUNDS; round += 1) {
          let t0 = performance.now();
          const table = await readSheetTable(clean, { maxRows: ROWS, columns: PRODUCT_SHEET_COLUMNS.length });
          figures.read.push(performance.now() - t0);
          t0 = performance.now();
          const checked = await checkProductSheet(database.db, TENANT, table, 'zh-CN');
          figures.check.push(performance.now() - t0);
          if (checked.rowMessages.some((m) => m.length > 0)) throw new Error('the clean sheet did not pass');
          const refused = await upload(wrong);
          if ((refused.job.result as { counts: { invalid: number } }).counts.invalid !== 1)
            throw new Error(`the wrong row was not found: ${JSON.stringify(refused.job.result)}`);
          figures.uploadWithError.push(refused.ms);
          console.log(
            `${driver} round ${round + 1}: read ${seconds(figures.read.at(-1)!)} s, check ` +
              `${seconds(figures.check.at(-1)!)} s, upload with an error ${seconds(refused.ms)} s`,
          );
        }
        const added = await upload(clean);
        figures.add = added.ms;
        console.log(`${driver}: clean sheet uploaded and ${ROWS} products added in ${seconds(added.ms)} s`);
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
  console.log(`\n${ROWS} products, ${ROUNDS} rounds (seconds, median of the rounds):`);
  console.log(
    '| database | read sheet | check rows | read + check | upload with 1 wrong row (API, job, error sheet) | upload and add all |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const f of all) {
    const both = f.read.map((r, i) => r + f.check[i]!);
    console.log(
      `| ${f.driver} | ${seconds(median(f.read))} | ${seconds(median(f.check))} | ${seconds(median(both))} | ` +
        `${seconds(median(f.uploadWithError))} | ${f.add === undefined ? '–' : seconds(f.add)} |`,
    );
  }
  for (const f of all) {
    const worst = Math.max(...f.uploadWithError);
    console.log(
      `Goal (issue 35): ${ROWS} rows checked in under ${GOAL_S} s on ${f.driver}: ` +
        `${worst < GOAL_S * 1000 ? 'met' : 'missed'} (slowest upload with an error ${seconds(worst)} s).`,
    );
  }
}

await runBench(`Mall product upload, ${ROWS} rows`, async () => {
  const all: Figures[] = [];
  for (const driver of DRIVERS) all.push(await runDriver(driver));
  print(all);
});
