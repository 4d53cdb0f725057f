import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const LIST = '/cmp-app/nio/resources';
const WORKSHEETS = '/cmp-app/nio/resources/worksheets';
const SWAP_DETAIL = '/cmp-app/nio/resources/swap-station';
/**
 * An export above the stream limit runs as a job; a busy machine takes a while to finish it. The test that
 * waits for it has a limit of 90 s, so that this wait ends first and says what it waited for.
 */
const EXPORT_JOB_WAIT_MS = 60_000;

const rows = (page: Page) => page.locator('.ant-table-row');
const activeTab = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
/** The table's column titles as shown, without the row actions' column, which no export has. */
const visibleHeaders = async (page: Page, actions: string) =>
  (await page.locator('.ant-table-thead th').allInnerTexts())
    .map((text) => text.trim())
    .filter((text) => text !== '' && text !== actions);

/** The whole numbers a column shows, from the top row down, as the user reads them. */
async function columnNumbers(page: Page, title: string): Promise<number[]> {
  const titles = (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
  const column = titles.indexOf(title) + 1;
  expect(column, `a column titled ${title}`).toBeGreaterThan(0);
  const cells = await rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
  return cells.map((text) => Number(text.trim()));
}

/** Picks an option of the search form's select labelled `label`. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await item.first().waitFor();
  await settle(page);
  await item.first().click();
}

describe('resource operation list and worksheets', () => {
  let s: Session;
  let stationId = '';
  let worksheetId = '';

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should list charge and swap stations under the resources menu', async () => {
    const crumbs = await s.page.locator('.ant-breadcrumb li').allTextContents();
    expect(crumbs.filter((c) => c !== '/')).toEqual(['NIO', '资源运营', '资源运营列表']);
    expect(await rows(s.page).count()).toBe(20);
    const headers = await s.page.locator('.ant-table-thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['站点名称', '站点类型', '运营商', '地区', '工单数']));
    await s.snap('stations-list-zh');
  });

  it('should show 20 stations one line each, the name and the actions fixed at the sides', async () => {
    const heights = await rows(s.page).evaluateAll((trs) =>
      trs.map((tr) => tr.getBoundingClientRect().height),
    );
    expect(heights).toHaveLength(20);
    // One line of text at the default (middle) density: about 47 px a row, under 1,000 px for the page.
    expect(Math.max(...heights)).toBeLessThan(50);
    expect(heights.reduce((sum, height) => sum + height, 0)).toBeLessThan(1000);
    const headers = s.page.locator('.ant-table-thead th');
    expect(await headers.first().getAttribute('class')).toContain('ant-table-cell-fix-start');
    expect(await headers.filter({ hasText: '操作' }).getAttribute('class')).toContain(
      'ant-table-cell-fix-end',
    );
    // A long name is cut to one line, not wrapped; the first row's name cell is as high as the others.
    const name = rows(s.page).first().locator('td').first().locator('.ant-typography-ellipsis');
    expect(await name.count()).toBe(1);
  });

  it('should move a page past the end to the last page of the list', async () => {
    await s.page.goto(s.url(`${LIST}?resourceType=PowerSwap&pageNo=999`));
    await s.page.waitForURL((url) => url.searchParams.get('pageNo') !== '999');
    const total = Number(
      /共 (\d+) 条/.exec(await s.page.locator('.ant-pagination-total-text').innerText())?.[1],
    );
    const last = Math.ceil(total / 20);
    expect(total).toBeGreaterThan(20);
    expect(new URL(s.page.url()).searchParams.get('pageNo')).toBe(String(last));
    expect(new URL(s.page.url()).searchParams.get('resourceType')).toBe('PowerSwap');
    await expect.poll(() => rows(s.page).count()).toBe(total - (last - 1) * 20);
    expect(await s.page.locator('.ant-pagination-item-active').innerText()).toBe(String(last));
    await s.page.goto(s.url(LIST));
    await rows(s.page).first().waitFor();
  });

  it('should filter by station type and search text, keeping the filter in the URL', async () => {
    await pick(s.page, '站点类型', '换电站');
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/resourceType=PowerSwap/);
    // The station type is the second column.
    await expect
      .poll(async () => new Set(await rows(s.page).locator('td:nth-child(2)').allInnerTexts()))
      .toEqual(new Set(['换电站']));

    const link = rows(s.page).first().locator('td a').first();
    const name = (await link.innerText()).trim();
    stationId =
      new URL((await link.getAttribute('href')) ?? '', s.origin).searchParams.get('resourceId') ?? '';
    expect(stationId).not.toBe('');
    await s.page.getByLabel('搜索').fill(name);
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/searchText=/);
    await expect.poll(() => rows(s.page).first().locator('td a').first().innerText()).toBe(name);

    await s.page.getByText('展开', { exact: true }).click();
    await settle(s.page);
    await s.snap('stations-list-filtered-zh');
    await s.page.getByRole('button', { name: '重置', exact: true }).click();
    await expect.poll(() => rows(s.page).count()).toBe(20);
  });

  it('should find the swap stations that are the best of the month by their tag', async () => {
    // The filters stay expanded from the test before.
    const expand = s.page.getByText('展开', { exact: true });
    if (await expand.isVisible()) await expand.click();
    // Eighteen tags: typed to narrow the list rather than scrolled to.
    await s.page.getByLabel('标签', { exact: true }).fill('月度十佳');
    await pick(s.page, '标签', '月度十佳换电站 · 月度十佳');
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/tagCode=monthly_top_ten/);
    // The demo network has ten of them, all swap stations.
    await expect.poll(() => rows(s.page).count()).toBe(10);
    expect(new Set(await rows(s.page).locator('td:nth-child(2)').allInnerTexts())).toEqual(
      new Set(['换电站']),
    );
    await s.page.getByRole('button', { name: '重置', exact: true }).click();
    await expect.poll(() => rows(s.page).count()).toBe(20);
  });

  it('should sort by a count column through its header', async () => {
    const header = s.page.locator('.ant-table-thead th').filter({ hasText: '评论数' });
    const shown: Record<'asc' | 'desc', number[]> = { asc: [], desc: [] };
    for (const direction of ['asc', 'desc'] as const) {
      const sort = `commentaryNumber:${direction}`;
      const answered = s.page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/nio/stations' &&
          new URL(response.url()).searchParams.get('sort') === sort,
      );
      await header.click();
      await s.page.waitForURL((url) => url.searchParams.get('sort') === sort);
      const page = (await (await answered).json()) as { items: OperationListItem[] };
      // The rows show the page the server answered for this order, once it has arrived.
      await expect
        .poll(() => columnNumbers(s.page, '评论数'))
        .toEqual(page.items.map((item) => item.commentaryNumber));
      shown[direction] = await columnNumbers(s.page, '评论数');
      expect(shown[direction]).toHaveLength(20);
      const expected = [...shown[direction]].sort((a, b) => (direction === 'asc' ? a - b : b - a));
      expect(shown[direction]).toEqual(expected);
      expect(await header.getAttribute('aria-sort')).toBe(direction === 'asc' ? 'ascending' : 'descending');
      await s.snap(`stations-list-sorted-${direction}-zh`);
    }
    // The first page each way holds the ends of the whole list: the fewest comments, then the most.
    expect(Math.max(...shown.asc)).toBeLessThanOrEqual(Math.min(...shown.desc));
    expect(Math.max(...shown.desc)).toBeGreaterThan(Math.min(...shown.asc));
  });

  it('should export the list as a spreadsheet: its filter and order, the visible columns in Chinese', async () => {
    await s.page.goto(s.url(`${LIST}?resourceType=PowerSwap&sort=resourceId:asc`));
    await rows(s.page).first().waitFor();
    const shown = await visibleHeaders(s.page, '操作');
    const firstName = await rows(s.page).first().locator('td').first().getByRole('link').innerText();
    const total = Number(
      /共 (\d+) 条/.exec(await s.page.locator('.ant-pagination-total-text').innerText())?.[1],
    );
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: /导出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^场站运营列表-\d{8}\.xlsx$/);
    const sheet = await sheetRows(file);
    expect(sheet[0]).toEqual(shown);
    expect(sheet).toHaveLength(total + 1);
    expect(sheet[1]![0]).toBe(firstName.trim());
    expect(sheet.slice(1).every((row) => row[shown.indexOf('站点类型')] === '换电站')).toBe(true);
    await s.page.getByText(/^已导出 /).waitFor();
    await expect.poll(() => s.page.getByRole('button', { name: '导出' }).isEnabled()).toBe(true);
  });

  it('should export a list above the stream limit as a task, show its progress and offer the file', async () => {
    await s.page.goto(s.url(LIST));
    await rows(s.page).first().waitFor();
    await s.page.getByRole('button', { name: '导出' }).click();
    await s.page.getByText('数据较多，已转为后台导出任务，完成后可在任务中心下载').waitFor();

    const drawer = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '任务中心' });
    const job = drawer.locator('[data-testid^="job-"]').first();
    await job.getByText('场站运营列表导出').waitFor();
    await s.snap('task-center-started-zh');
    await job.locator('.ant-tag').filter({ hasText: '已完成' }).waitFor({ timeout: EXPORT_JOB_WAIT_MS });
    // Every row of the list, done of total.
    await job.getByText(/^(\d{4}) \/ \1$/).waitFor();
    await s.page.getByText('场站运营列表导出已完成，可在任务中心下载').waitFor();
    await settle(s.page);
    await s.snap('task-center-done-zh');

    const download = s.page.waitForEvent('download');
    await job.getByRole('link', { name: /下载/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^场站运营列表-\d{8}\.xlsx$/);
    expect((await readFile((await file.path())!)).subarray(0, 2).toString()).toBe('PK');
    await s.page.keyboard.press('Escape');
  }, 90_000);

  it('should create a worksheet on a station and open it', async () => {
    await s.page.goto(s.url(WORKSHEETS));
    await s.page.getByRole('button', { name: '新建工单' }).click();
    const modal = openModal(s.page);
    await modal.getByRole('button', { name: '创建' }).click();
    await expect.poll(() => modal.getByText('输入不能为空').count()).toBe(2);
    // The station is found by typing its id (or part of its name) and picked from the matches.
    await modal.getByRole('combobox', { name: '站点' }).fill(stationId);
    const match = s.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: stationId });
    await match.first().waitFor();
    await settle(s.page);
    await match.first().click();
    await modal.getByLabel('标题').fill('E2E 更换 2 号枪');
    await modal.getByLabel('描述').fill('2 号枪无法锁止');
    await s.snap('worksheet-create-zh');
    await modal.getByRole('button', { name: '创建' }).click();

    await s.page.waitForURL(/resources\/worksheets\/detail\?worksheetId=\d+/);
    worksheetId = new URL(s.page.url()).searchParams.get('worksheetId') ?? '';
    await s.page.getByText('E2E 更换 2 号枪').first().waitFor();
    await s.page.locator('.ant-card-head').getByText('处理中').waitFor();
    await s.snap('worksheet-detail-open-zh');
  });

  it('should find the worksheet in the list by its station', async () => {
    await s.page.goto(s.url(`${WORKSHEETS}?resourceId=${encodeURIComponent(stationId)}`));
    const row = rows(s.page).filter({ hasText: 'E2E 更换 2 号枪' });
    await row.waitFor();
    expect(await row.locator('td').first().innerText()).toBe(worksheetId);
    await s.snap('worksheet-list-zh');
  });

  it("should export the station's worksheets with the list's columns in Chinese", async () => {
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: /导出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^工单列表-\d{8}\.xlsx$/);
    const sheet = await sheetRows(file);
    const headers = await visibleHeaders(s.page, '操作');
    expect(sheet[0]).toEqual(headers);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]![headers.indexOf('工单编号')]).toBe(Number(worksheetId));
    expect(sheet[1]![headers.indexOf('标题')]).toBe('E2E 更换 2 号枪');
    expect(sheet[1]![headers.indexOf('状态')]).toBe('处理中');
  });

  it('should close the worksheet with a remark after confirming', async () => {
    await s.page.goto(s.url(`/worksheet-detail?worksheetId=${worksheetId}`));
    await s.page.waitForURL(/\/cmp-app\/nio\/resources\/worksheets\/detail\?worksheetId=/);
    await s.page.getByRole('button', { name: '关闭' }).click();
    const modal = openModal(s.page);
    await modal.getByText('关闭后工单不能再打开，确定关闭吗？').waitFor();
    await modal.getByLabel('关闭备注').fill('已更换枪头');
    await settle(s.page);
    await s.snap('worksheet-close-confirm-zh');
    await modal.getByRole('button', { name: '确定关闭' }).click();

    await s.page.locator('.ant-card-head').getByText('已关闭').waitFor();
    await s.page.getByText('已更换枪头').waitFor();
    expect(await s.page.getByRole('button', { name: '关闭' }).count()).toBe(0);
    await s.snap('worksheet-detail-closed-zh');
  });

  it('should add a notification to the station from its notifications tab', async () => {
    await s.page.goto(s.url(`${SWAP_DETAIL}?resourceId=${encodeURIComponent(stationId)}&tab=notifications`));
    await activeTab(s.page).getByRole('button', { name: '新增公告' }).click();
    const modal = openModal(s.page);
    await modal.getByLabel('公告内容').fill('E2E 今晚 22:00 起 V2G 放电活动');
    await modal.getByLabel('类型').click();
    await s.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'V2G' })
      .click();
    await modal.getByPlaceholder('开始时间').click();
    await modal.getByPlaceholder('开始时间').fill('2026-01-01 00:00:00');
    await s.page.keyboard.press('Enter');
    await modal.getByPlaceholder('结束时间').fill('2036-12-31 23:59:59');
    await s.page.keyboard.press('Enter');
    await modal.getByLabel('链接').fill('ftp://example.com');
    await modal.getByRole('button', { name: '创建' }).click();
    await modal.getByText('链接必须以 http:// 或 https:// 开头').waitFor();
    await modal.getByLabel('链接').fill('https://example.com/v2g');
    await settle(s.page);
    await s.snap('station-notification-add-zh');
    await modal.getByRole('button', { name: '创建' }).click();

    const row = activeTab(s.page)
      .locator('.ant-table-row')
      .filter({ hasText: 'E2E 今晚 22:00 起 V2G 放电活动' });
    await row.getByText('展示中').waitFor();
    await row.locator('.ant-tag').filter({ hasText: /^V2G$/ }).waitFor();
  });

  it("should show the station's tabs: pictures, notifications, history and worksheets", async () => {
    await s.page.goto(s.url(`/power-swap-detail?resourceId=${encodeURIComponent(stationId)}`));
    await s.page.waitForURL(/resources\/swap-station/);
    // What each tab shows once loaded; the later tabs show what this test did on the station.
    const loaded = {
      pictures: /^共 \d+ 张$/,
      notifications: 'E2E 今晚 22:00 起 V2G 放电活动',
      history: '新增公告',
      worksheets: 'E2E 更换 2 号枪',
    };
    for (const [tab, text] of Object.entries(loaded)) {
      await s.page.goto(s.url(`${SWAP_DETAIL}?resourceId=${encodeURIComponent(stationId)}&tab=${tab}`));
      await activeTab(s.page).getByText(text).first().waitFor();
      await s.snap(`station-tab-${tab}-zh`);
      if (tab === 'pictures') {
        await activeTab(s.page).getByRole('button', { name: '上传图片' }).click();
        await openModal(s.page).getByText('点击或拖入图片上传').waitFor();
        await settle(s.page);
        await s.snap('station-picture-upload-zh');
        await s.page.keyboard.press('Escape');
        await openModal(s.page).waitFor({ state: 'hidden' });
      }
    }
  });

  it('should show the screens in English', async () => {
    await s.page.goto(s.url(LIST));
    await rows(s.page).first().waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: 'Export' }).waitFor();
    await s.page.locator('.ant-table-thead th').filter({ hasText: 'Station name' }).waitFor();
    await settle(s.page);
    await s.snap('stations-list-en');
    // Nothing the user reads as a title is cut: column titles, menu entries and the search field's choice.
    // A fixed column's shadow reaches past its cell, so those cells are judged by their title alone.
    const cut = await s.page
      .locator(
        '.ant-table-thead th:not(.ant-table-cell-fix), .ant-table-column-title, .ant-menu-title-content, .ant-select-content-value, .ant-select-selection-item',
      )
      .evaluateAll((all) =>
        all
          .filter((el) => el instanceof HTMLElement && el.offsetParent !== null)
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => (el as HTMLElement).innerText),
      );
    expect(cut).toEqual([]);

    await s.page.goto(s.url(`${WORKSHEETS}?resourceId=${encodeURIComponent(stationId)}`));
    await rows(s.page).first().waitFor();
    await s.snap('worksheet-list-en');
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^worksheets-\d{8}\.xlsx$/);
    const sheet = await sheetRows(file);
    expect(sheet[0]).toEqual(await visibleHeaders(s.page, 'Actions'));
    expect(sheet[1]).toContain('Closed');
    await s.page.goto(s.url(`/cmp-app/nio/resources/worksheets/detail?worksheetId=${worksheetId}`));
    await s.page.locator('.ant-card-head').getByText('Closed').waitFor();
    await s.snap('worksheet-detail-en');
    const loaded = {
      pictures: /^Total: \d+$/,
      notifications: 'E2E 今晚 22:00 起 V2G 放电活动',
      history: 'Worksheet closed',
      worksheets: 'E2E 更换 2 号枪',
    };
    for (const [tab, text] of Object.entries(loaded)) {
      await s.page.goto(s.url(`${SWAP_DETAIL}?resourceId=${encodeURIComponent(stationId)}&tab=${tab}`));
      await activeTab(s.page).getByText(text).first().waitFor();
      await s.snap(`station-tab-${tab}-en`);
    }
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
