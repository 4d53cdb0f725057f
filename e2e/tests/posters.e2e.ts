import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, screenshotFailures, settle, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const LIST = '/cmp-app/nio/posters';
/** The import runs as a job; a busy machine takes a while to pick it up. */
const JOB_WAIT_MS = 60_000;
const DAY = 24 * 3_600_000;

/** A station sheet as staff fill it: the header 站点ID, then one station id a row. */
async function stationSheet(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['站点ID']);
  for (const id of ids) sheet.addRow([id]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
/** `YYYY-MM-DD HH:mm:ss` in the browser's zone (the portal's, UTC+08:00 in CI and here alike). */
const wallClock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

describe('posters: create one and bind it to stations by a sheet', () => {
  let s: Session;
  const suffix = Date.now() % 100000;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await s.page.locator('.ant-table-row').first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should create a poster in the editor, tie it to some charge stations, bind a sheet of them and list them', async () => {
    const stations = await s.page.request.get(
      s.url('/api/nio/stations?resourceType=ChargeStation&pageSize=3'),
    );
    const ids = ((await stations.json()) as { items: { resourceId: string }[] }).items.map(
      (i) => i.resourceId,
    );
    expect(ids).toHaveLength(3);
    const name = `E2E 海报 ${suffix}`;

    await s.page.getByRole('button', { name: '新建海报' }).click();
    // The list's search form has fields of the same labels: fill the editor's once it is there.
    await s.page.waitForURL(/\/posters\/edit$/);
    await s.page.getByRole('heading', { name: '新建海报' }).waitFor();
    await s.page.getByTestId('poster-phone-preview').waitFor();
    await s.page.getByLabel('海报名称').fill(name);
    await s.page.getByLabel('触发规则').click();
    await s.page
      .locator('.ant-select-item-option')
      .filter({ visible: true })
      .getByText('站点详情', { exact: true })
      .click();
    await s.page.getByLabel('客户端').click();
    await s.page
      .locator('.ant-select-item-option')
      .filter({ visible: true })
      .getByText('蔚来 App', { exact: true })
      .click();
    for (const [label, at] of [
      ['展示开始时间', Date.now() - DAY],
      ['展示结束时间', Date.now() + 30 * DAY],
    ] as const) {
      await s.page.getByLabel(label).click();
      await s.page.getByLabel(label).fill(wallClock(at));
      await s.page.getByLabel(label).press('Enter');
    }
    await s.page.getByLabel('海报图片').fill('https://cdn.example.com/e2e-poster.png');
    await s.page.getByTestId('poster-phone-preview').locator('img').waitFor();
    await s.page.getByRole('button', { name: /^创\s*建$/ }).click();
    await s.page.waitForURL(/\/posters\/edit\?id=\d+/);
    await s.page.getByRole('heading', { name: new RegExp(name) }).waitFor();
    await settle(s.page);

    const binding = s.page.getByTestId('poster-binding');
    await binding.getByText('未绑定站点：在所有位置展示').waitFor();
    await binding.getByRole('button', { name: '绑定站点' }).click();
    const dialog = s.page.locator('.ant-modal').filter({ visible: true });
    await dialog.getByText('部分站点').click();
    await dialog.getByRole('button', { name: /^绑定站点$/ }).click();
    await binding.getByTestId('poster-bind-type').getByText('充电站 · 部分站点').waitFor();

    const upload = async (rows: string[]) => {
      await binding.getByRole('tab', { name: '上传站点表格' }).click();
      await binding.locator('input[type=file]').setInputFiles({
        name: 'stations.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await stationSheet(rows),
      });
      await binding.getByRole('button', { name: '上传并绑定' }).click();
    };

    await upload([ids[0]!, 'NO-SUCH-STATION']);
    await binding.getByText('表格有误，未绑定任何站点').waitFor({ timeout: JOB_WAIT_MS });
    const download = s.page.waitForEvent('download');
    await binding
      .getByRole('link', { name: /下载错误表格/ })
      .or(binding.getByRole('button', { name: /下载错误表格/ }))
      .click();
    const marked = await sheetRows(await download);
    expect(marked.slice(1).map((row) => [row[0], row[1] ?? ''])).toEqual([
      [ids[0], ''],
      ['NO-SUCH-STATION', '站点不存在;'],
    ]);

    await upload(ids);
    await binding.getByText('站点已绑定').waitFor({ timeout: JOB_WAIT_MS });
    await binding.locator('.ant-table-row').nth(2).waitFor();
    const listed = await binding.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    expect([...listed].sort()).toEqual([...ids].sort());
    await s.snap('posters-bound-stations');

    await s.page.goto(s.url(`/cmp-app/nio/poster-resources?resourceId=${encodeURIComponent(ids[0]!)}`));
    await s.page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
  });
});
