import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DbOrTx } from '../platform/db/database.js';
import { storageKeyOfJob } from '../platform/jobs/job-kind.js';
import type { JobRow } from '../platform/jobs/job-queue.js';
import { jobs } from '../platform/jobs/jobs.tables.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import type { TestContext } from './test-app.js';

/** What list exports look like to a test: the file read back, and an export job waited for. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first worksheet of a workbook. */
export async function sheetOfBytes(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** The first worksheet of a workbook answered with 200. */
export async function sheetOf(response: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX);
  return sheetOfBytes(response.rawPayload);
}

/** A row's cells, the header being row 1. */
export const rowValues = (sheet: ExcelJS.Worksheet, row: number): ExcelJS.CellValue[] =>
  (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);

/** A column's cells below the header. */
export const columnValues = (sheet: ExcelJS.Worksheet, column: number): ExcelJS.CellValue[] =>
  sheet.getColumn(column).values.slice(2);

/** The job once it has ended, read from the jobs table every 25 ms until `withinMs` has passed. */
export async function endedJob(db: DbOrTx, jobId: number, withinMs = 10_000): Promise<JobRow> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline;) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    if (row && ['succeeded', 'failed', 'cancelled'].includes(row.state)) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not end within ${withinMs} ms`);
}

/** A file a job wrote, from the test app's local storage. */
export async function jobFile(ctx: TestContext, jobId: number, name: string): Promise<Buffer> {
  const storage = new LocalFileStorage(path.join(ctx.config.dataDir, 'files'));
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(storageKeyOfJob(jobId, name))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A workbook whose central directory declares another expanded size for one part, the part itself unchanged:
 * a bomb claims gigabytes, a lying part claims less than it holds.
 */
export function withDeclaredSize(workbook: Buffer, partName: string, size: number): Buffer {
  const copy = Buffer.from(workbook);
  const directoryEntry = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = copy.indexOf(directoryEntry); at >= 0; at = copy.indexOf(directoryEntry, at + 4)) {
    const name = copy.toString('utf8', at + 46, at + 46 + copy.readUInt16LE(at + 28));
    if (name === partName) copy.writeUInt32LE(size, at + 24);
  }
  return copy;
}
