import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DbOrTx } from '../db/database.js';
import type { JobKind, StepResult } from '../jobs/job-kind.js';
import { LocalFileStorage } from '../storage/file-storage.js';
import { exportJobKind, type ListExport } from './list-export.js';

interface Station {
  id: number;
  name: string;
}

/** A list of `count` stations read from memory, counting its batch reads. */
function memoryList(count: number) {
  const rows = Array.from({ length: count }, (_, index): Station => ({
    id: index + 1,
    name: `站点 ${index + 1}`,
  }));
  const reads: (number | null)[] = [];
  const list: ListExport<Station, { minId: number }, number> = {
    list: 'test.stations',
    fileName: { 'zh-CN': '站点', 'en-US': 'stations' },
    sheetName: { 'zh-CN': '站点', 'en-US': 'Stations' },
    query: z.object({ minId: z.number() }),
    columns: [
      { key: 'id', header: { 'zh-CN': '编号', 'en-US': 'ID' }, cell: (row) => row.id },
      { key: 'name', header: { 'zh-CN': '名称', 'en-US': 'Name' }, cell: (row) => row.name },
    ],
    count: async (_db, query) => rows.filter((row) => row.id >= query.minId).length,
    batch: async (_db, query, cursor, size) => {
      reads.push(cursor);
      const batch = rows.filter((row) => row.id >= query.minId && row.id > (cursor ?? 0)).slice(0, size);
      return { rows: batch, next: batch.length === size ? batch.at(-1)!.id : null };
    },
  };
  return { list, reads };
}

const db = {} as DbOrTx;

describe('list export jobs', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-export-job-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const params = {
    query: { minId: 2 },
    columns: ['name', 'id'],
    format: 'xlsx',
    locale: 'en-US',
    fileName: 'stations.xlsx',
  };

  async function step(kind: JobKind, checkpoint: unknown): Promise<StepResult<unknown>> {
    return kind.step({ job: { jobId: 7, tenant: 'nio', createdBy: 1 }, params, checkpoint, db, storage });
  }

  async function sheetRows(): Promise<unknown[]> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await buffer(await storage.open('jobs/7/stations.xlsx'))) as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    return Array.from({ length: sheet.rowCount }, (_, index) =>
      (sheet.getRow(index + 1).values as unknown[]).slice(1),
    );
  }

  it('should read ahead the next chunk while a chunk renders, and use it, reading each chunk once', async () => {
    const { list, reads } = memoryList(7);
    const kind = exportJobKind(list, { chunkRows: 2 });
    let checkpoint: unknown = null;
    const progress: [number, number | null | undefined][] = [];
    for (let result = await step(kind, null); ; result = await step(kind, checkpoint)) {
      if ('result' in result) {
        expect(result.result).toMatchObject({ counts: { rows: 6 }, files: [{ name: 'stations.xlsx' }] });
        break;
      }
      progress.push([result.done, result.total]);
      checkpoint = result.checkpoint;
    }
    expect(progress).toEqual([
      [2, 6],
      [4, 6],
      [6, 6],
      // A batch as long as the chunk may be the last: one more read finds nothing.
      [6, 6],
    ]);
    expect(reads).toEqual([null, 3, 5, 7]);
    expect(await sheetRows()).toEqual([
      ['Name', 'ID'],
      ['站点 2', 2],
      ['站点 3', 3],
      ['站点 4', 4],
      ['站点 5', 5],
      ['站点 6', 6],
      ['站点 7', 7],
    ]);
    // The parts are gone; only the file is left.
    expect(fs.readdirSync(path.join(root, 'jobs/7'))).toEqual(['stations.xlsx']);
  });

  it('should write every row once when a chunk is done again after a crash, in a new process', async () => {
    const first = memoryList(7);
    const before = exportJobKind(first.list, { chunkRows: 2 });
    const one = await step(before, null);
    const two = await step(before, 'checkpoint' in one ? one.checkpoint : null);
    expect('checkpoint' in two).toBe(true);
    // The process dies after the second chunk wrote its part but before its checkpoint was kept: a new
    // process (a new kind, nothing read ahead) does the second chunk again from the first checkpoint.
    const after = memoryList(7);
    const restarted = exportJobKind(after.list, { chunkRows: 2 });
    let checkpoint = 'checkpoint' in one ? one.checkpoint : null;
    for (
      let result = await step(restarted, checkpoint);
      !('result' in result);
      result = await step(restarted, checkpoint)
    ) {
      checkpoint = result.checkpoint;
    }
    expect(after.reads[0]).toBe(3);
    expect(((await sheetRows()) as unknown[][]).map((row) => row[1])).toEqual(['ID', 2, 3, 4, 5, 6, 7]);
  });
});
