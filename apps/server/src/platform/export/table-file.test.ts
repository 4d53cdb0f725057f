import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  assembleTable,
  NO_ROWS,
  startPart,
  SHEET_ROWS,
  tableFile,
  type Cell,
  type TablePart,
  type TableProgress,
} from './table-file.js';

const SHEET = { name: '场站运营列表', columns: [{ header: '资源ID', width: 24 }, { header: '评论数' }] };

async function* batches(...list: Cell[][][]): AsyncIterable<Cell[][]> {
  for (const cells of list) yield cells;
}

/** The entries of an archive by its central directory, each inflated and checked against its CRC-32. */
function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    expect(file.readUInt32LE(at)).toBe(0x0201_4b50);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const offset = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const data = zlib.inflateRawSync(file.subarray(dataStart, dataStart + compressed));
    expect({ name, size: data.length, crc: zlib.crc32(data) }).toEqual({ name, size, crc });
    entries.set(name, data.toString('utf8'));
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

async function readBook(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book;
}

/** Renders the batches one part at a time, as an export job's chunks do, and assembles the kept parts. */
async function inParts(format: 'xlsx' | 'csv', list: Cell[][][]): Promise<Buffer> {
  const parts: TablePart[] = [];
  let progress: TableProgress = NO_ROWS;
  for (const cells of list) {
    const part = await startPart(format, SHEET, cells, progress);
    parts.push({ sheet: part.sheet, bytes: await part.bytes });
    progress = part.progress;
  }
  return buffer(assembleTable(format, SHEET, batchesOf(parts), progress));
}

async function* batchesOf(parts: TablePart[]) {
  yield* parts;
}

describe('table files', () => {
  it('should write a workbook a spreadsheet reader opens, header bold and frozen, text kept as text', async () => {
    const file = await buffer(
      tableFile(
        'xlsx',
        SHEET,
        batches(
          [
            ['a & b <c> "d"', 0],
            [' leading space', -1.5],
            ['line\nbreak', null],
            ['=SUM(A1)', 42],
          ],
          [
            ['bad\u0000char\u0007', 7],
            ['lone \uD800 surrogate', 8],
            ['电动车 🚗', 9],
            [null, ''],
          ],
        ),
      ),
    );
    const book = await readBook(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('场站运营列表');
    expect(sheet.getRow(1).values).toEqual([undefined, '资源ID', '评论数']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(24);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => {
      const row = sheet.getRow(index + 2);
      return [row.getCell(1).value, row.getCell(2).value];
    });
    expect(rows).toEqual([
      ['a & b <c> "d"', 0],
      [' leading space', -1.5],
      ['line\nbreak', null],
      ['=SUM(A1)', 42],
      ['badchar', 7],
      ['lone  surrogate', 8],
      ['电动车 🚗', 9],
      [null, null],
    ]);
    // A text that looks like a formula stays text: the cell holds no formula.
    expect(sheet.getCell('A5').formula).toBeUndefined();
  });

  it('should write the header alone when no row matches', async () => {
    const book = await readBook(await buffer(tableFile('xlsx', SHEET, batches())));
    expect(book.worksheets.map((sheet) => sheet.rowCount)).toEqual([1]);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, '资源ID', '评论数']);
    const csv = await buffer(tableFile('csv', SHEET, batches([])));
    expect(csv.toString('utf8')).toBe('\uFEFF资源ID,评论数\r\n');
    expect(await inParts('csv', [])).toEqual(csv);
  });

  it('should make the same file from parts rendered apart, as a job does, as from one stream', async () => {
    const list: Cell[][][] = [
      [
        ['CS1', 1],
        ['CS2', 2],
      ],
      [['CS3, "quoted"', 3]],
    ];
    for (const format of ['xlsx', 'csv'] as const) {
      const streamed = await buffer(tableFile(format, SHEET, batches(...list)));
      expect(await inParts(format, list)).toEqual(streamed);
    }
    expect((await inParts('csv', list)).toString('utf8')).toBe(
      '\uFEFF资源ID,评论数\r\nCS1,1\r\nCS2,2\r\n"CS3, ""quoted""",3\r\n',
    );
  });

  it('should go on in a second worksheet, with its own header, after 1,000,000 rows', async () => {
    const BATCH = 5000;
    const list = Array.from({ length: SHEET_ROWS / BATCH + 1 }, (_, batch) =>
      Array.from({ length: BATCH }, (_, index): Cell[] => [null, batch * BATCH + index]),
    );
    const entries = unzip(await inParts('xlsx', list));
    expect([...entries.keys()]).toEqual([
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
    ]);
    const first = entries.get('xl/worksheets/sheet1.xml')!;
    const second = entries.get('xl/worksheets/sheet2.xml')!;
    expect(first.match(/<row /g)).toHaveLength(SHEET_ROWS + 1);
    expect(first).toContain('<row r="1000001"><c r="B1000001"><v>999999</v></c></row></sheetData>');
    expect(second.match(/<row /g)).toHaveLength(BATCH + 1);
    expect(second).toContain('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>资源ID</t></is></c>');
    expect(second).toContain('<row r="2"><c r="B2"><v>1000000</v></c></row>');
    expect(entries.get('xl/workbook.xml')).toContain(
      '<sheet name="场站运营列表" sheetId="1" r:id="rId1"/><sheet name="场站运营列表 (2)" sheetId="2" r:id="rId2"/>',
    );
  }, 60_000);

  it('should refuse a part that would span two worksheets', async () => {
    const progress: TableProgress = { rows: SHEET_ROWS - 1, sheets: [{ parts: 1, crc: 0, size: 0 }] };
    await expect(
      startPart(
        'xlsx',
        SHEET,
        [
          ['a', 1],
          ['b', 2],
        ],
        progress,
      ),
    ).rejects.toThrow('a part must not span two worksheets');
  });
});
