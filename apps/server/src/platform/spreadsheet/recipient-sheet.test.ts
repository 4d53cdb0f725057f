import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { recipientRowMessages, validateRecipients } from '@cmp/domain/coupons/recipient-import';
import { ruleMessage } from '@cmp/domain/messages/format';
import { withDeclaredSize } from '../../test/export-files.js';
import { xlsxPartsOf, zipOf } from '../../test/xlsx-zip.js';
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

  it('should read the first sheet of the tabs, whatever order the workbook stores its parts in', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('明细').addRow(['说明']);
    workbook.addWorksheet('名单').addRows([['手机号'], ['13800000001']]);
    // The tabs swapped: 名单, stored as sheet2.xml, is now the first.
    const parts = xlsxPartsOf(Buffer.from(await workbook.xlsx.writeBuffer())).map(([name, content]) => {
      if (name !== 'xl/workbook.xml') return [name, content] as [string, Buffer];
      const sheets = content.toString().match(/<sheet [^>]*\/>/g)!;
      return [
        name,
        Buffer.from(content.toString().replace(sheets.join(''), [...sheets].reverse().join(''))),
      ] as [string, Buffer];
    });
    const expected = { header: '手机号', identifiers: ['13800000001'] };
    expect(await readRecipientSheet(zipOf(parts))).toEqual(expected);
    expect(await readRecipientSheet(zipOf([...parts].reverse()))).toEqual(expected);
  });

  it('should refuse a sheet that expands beyond the size its workbook declares for it', async () => {
    const lying = withDeclaredSize(
      await workbookOf([['手机号'], ['13800000001']]),
      'xl/worksheets/sheet1.xml',
      40,
    );
    await expect(readRecipientSheet(lying)).rejects.toMatchObject({
      message:
        'the workbook cannot be read: the part xl/worksheets/sheet1.xml expands beyond its declared size',
      reason: ruleMessage('recipients.sheet.unreadable'),
    });
  });

  it('should refuse a file that is not a workbook as unreadable, not as too large', async () => {
    await expect(readRecipientSheet(Buffer.from('手机号\n13800000001\n'))).rejects.toMatchObject({
      message: 'the file is not an .xlsx workbook',
      reason: ruleMessage('recipients.sheet.unreadable'),
    });
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
