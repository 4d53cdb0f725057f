import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { recipientRowMessages, validateRecipients } from '@cmp/domain/coupons/recipient-import';
import { readRecipientSheet, writeRecipientErrorSheet } from './recipient-sheet.js';

async function workbookOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function loaded(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(buffer).buffer);
  return workbook.worksheets[0]!;
}

describe('readRecipientSheet', () => {
  it('should read the header and the identifiers below it as text', async () => {
    const sut = await readRecipientSheet(await workbookOf([['手机号'], [13800000001], [' 13800000002 ']]));
    expect(sut).toEqual({ header: '手机号', identifiers: ['13800000001', '13800000002'] });
  });

  it('should keep blank rows between identifiers and drop those after the last one', async () => {
    const sut = await readRecipientSheet(await workbookOf([['账号'], ['a1'], [null], ['a2'], [''], [null]]));
    expect(sut).toEqual({ header: '账号', identifiers: ['a1', '', 'a2'] });
  });

  it('should read an empty workbook as no header and no identifiers', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('empty');
    const sut = await readRecipientSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(sut).toEqual({ header: '', identifiers: [] });
  });
});

describe('recipient import round trip', () => {
  it('should write the problems back into the rows and mark invalid rows', async () => {
    const upload = await workbookOf([
      ['手机号'],
      [13800000001],
      [13800000009],
      [13800000001],
      [null],
      [13800000002],
    ]);
    const sheet = await readRecipientSheet(upload);
    const registered = new Set(['13800000001', '13800000002']);
    const result = await validateRecipients(
      sheet,
      async (ids) => new Set(ids.filter((id) => registered.has(id))),
    );
    expect(result.ok).toBe(false);

    const errors = result.ok ? [] : result.errors;
    const download = await writeRecipientErrorSheet({
      header: sheet.header,
      identifiers: sheet.identifiers,
      rowMessages: recipientRowMessages(errors, sheet.identifiers.length),
    });

    const written = await loaded(download);
    const values = [1, 2, 3, 4, 5, 6].map((r) => [1, 2, 3].map((c) => written.getRow(r).getCell(c).text));
    expect(values).toEqual([
      ['手机号', '错误信息', '状态'],
      ['13800000001', '', ''],
      ['13800000009', '该手机号未注册;', '无效'],
      ['13800000001', '重复数据;', '无效'],
      ['', '数据为空;', '无效'],
      ['13800000002', '', ''],
    ]);
    expect(written.columns.map((column) => column.width)).toEqual([20, 20, 10]);
    expect(written.getRow(3).getCell(1).font?.color?.argb).toBe('FFFF0000');
    expect(written.getRow(2).getCell(1).font?.color).toBeUndefined();
  });

  it('should write the headers in English when asked', async () => {
    const download = await writeRecipientErrorSheet({
      header: '账号',
      identifiers: ['a1'],
      rowMessages: [[{ key: 'recipients.accountInvalid', params: { row: 1 } }]],
      locale: 'en-US',
    });
    const written = await loaded(download);
    expect([1, 2, 3].map((c) => written.getRow(1).getCell(c).text)).toEqual([
      '账号',
      'Error message',
      'Status',
    ]);
    expect([1, 2, 3].map((c) => written.getRow(2).getCell(c).text)).toEqual([
      'a1',
      'This account is invalid;',
      'Invalid',
    ]);
  });
});
