import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, screenshotFailures, settle, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const LIST = '/cmp-app/nio/activities';
/** The import runs as a job; a busy machine takes a while to pick it up. */
const JOB_WAIT_MS = 60_000;

/** A station sheet as staff fill it: the header 站点ID, then one station id a row. */
async function stationSheet(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['站点ID']);
  for (const id of ids) sheet.addRow([id]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const DAY = 24 * 3_600_000;

const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ visible: true }).getByText(text, { exact: true });
const description = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');
/** `YYYY-MM-DD HH:mm:ss` in the browser's zone (the portal's, UTC+08:00 in CI and here alike). */
const wallClock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

describe('activities: creating each type, starting and finishing', () => {
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

  /** From the list: 新建活动, the type, then the fields every type has. */
  async function startCreating(type: string, name: string) {
    await s.page.goto(s.url(LIST));
    await s.page.getByRole('button', { name: '新建活动' }).click();
    await openModal(s.page).getByRole('button', { name: type, exact: true }).click();
    await s.page.getByLabel('活动名称').fill(name);
    const begin = Date.now() + DAY;
    for (const [label, at] of [
      ['开始时间', begin],
      ['结束时间', begin + 30 * DAY],
    ] as const) {
      await s.page.getByLabel(label).click();
      await s.page.getByLabel(label).fill(wallClock(at));
      await s.page.getByLabel(label).press('Enter');
    }
  }

  /** Saves and waits for the activity's own page. */
  async function save(name: string) {
    await s.page.getByRole('button', { name: /^(创\s*建|保\s*存)$/ }).click();
    await s.page.waitForURL(/\/activities\/detail\?activityId=\d+/);
    await s.page.getByRole('heading', { name }).waitFor();
    await settle(s.page);
  }

  it('should create a charging discount, refuse a slot that leaves a gap, and show its slots as percents', async () => {
    const name = `E2E 夜间折扣 ${suffix}`;
    await startCreating('充电优惠', name);
    await s.page.getByLabel('规则 1 优惠方式').getByText('折扣').click();
    await s.page.getByLabel('规则 1 第1个时间段 结束').fill('08:00');
    await s.page.getByLabel('规则 1 第1个时间段 折扣').fill('80');
    await s.page.getByRole('button', { name: '规则 1 添加时间段' }).click();
    await s.page.getByLabel('规则 1 第2个时间段 开始').fill('09:00');
    await s.page.getByLabel('规则 1 第2个时间段 结束').fill('24:00');
    await s.page.getByLabel('规则 1 第2个时间段 折扣').fill('95');
    await s.page.getByRole('button', { name: /^(创\s*建|保\s*存)$/ }).click();
    await s.page.getByText('第2个时间段必须从上一个时间段的结束时间开始').first().waitFor();
    expect(s.page.url()).toContain('/activities/new');
    await s.page.getByLabel('规则 1 第2个时间段 开始').fill('08:00');
    await s.snap('activities-discount-editor');
    await save(name);
    await expect.poll(() => s.page.getByText('00:00 ~ 08:00 按 80% 支付').count()).toBe(1);
    expect(await s.page.getByText('08:00 ~ 24:00 按 95% 支付').count()).toBe(1);
    expect(await s.page.getByText('未启动', { exact: true }).count()).toBeGreaterThan(0);

    await s.page.getByRole('button', { name: /启\s*动/ }).click();
    await openModal(s.page)
      .getByRole('button', { name: /确\s*定|启\s*动/ })
      .last()
      .click();
    await s.page.getByText('待开始', { exact: true }).first().waitFor();
    await s.page.getByRole('button', { name: /结\s*束$/ }).click();
    await openModal(s.page)
      .getByRole('button', { name: /确\s*定|结\s*束/ })
      .last()
      .click();
    await s.page.getByText('已结束', { exact: true }).first().waitFor();
    expect(await s.page.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    await s.snap('activities-discount-finished');
  });

  it('should create a charger red packet with its four rules', async () => {
    const name = `E2E 红包 ${suffix}`;
    await startCreating('充电桩红包', name);
    await s.page.getByLabel('基础积分').fill('10');
    await s.page.getByLabel('每站点组红包数').fill('50');
    await s.page.getByLabel('最多生效站点组数').fill('20');
    await s.page.getByLabel('个人领取频次').click();
    await option(s.page, '每天一次').click();
    await save(name);
    for (const [label, value] of [
      ['基础积分', '10'],
      ['每站点组红包数', '50'],
      ['最多生效站点组数', '20'],
      ['个人领取频次', '每天一次'],
    ] as const) {
      expect(await description(s.page, label).innerText()).toBe(value);
    }
  });

  it('should create a notice, a lottery activity and a scenario activity', async () => {
    const notice = `E2E 通知 ${suffix}`;
    await startCreating('活动通知', notice);
    await s.page.getByLabel('奖励标语').fill('充电享好礼');
    await s.page.getByLabel('活动链接').fill('https://example.com/e2e');
    await save(notice);
    expect(await description(s.page, '奖励标语').innerText()).toBe('充电享好礼');

    const lottery = `E2E 抽奖 ${suffix}`;
    await startCreating('礼包抽奖', lottery);
    await save(lottery);

    const scenario = `E2E 场景 ${suffix}`;
    await startCreating('场景活动', scenario);
    await s.page.getByLabel('业务场景').click();
    await option(s.page, '高速服务区').click();
    await save(scenario);
    expect(await description(s.page, '业务场景').innerText()).toBe('高速服务区');

    await s.page.goto(s.url(`${LIST}?searchInput=${encodeURIComponent(`E2E`)}`));
    await s.page.getByText(scenario).waitFor();
    const names = await s.page.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    // Newest first.
    expect(names.indexOf(scenario)).toBeLessThan(names.indexOf(lottery));
    expect(names.indexOf(lottery)).toBeLessThan(names.indexOf(notice));
  });

  it('should add stations from a sheet, hand a wrong sheet back marked, and list the stations added', async () => {
    const stations = await s.page.request.get(
      s.url('/api/nio/stations?resourceType=ChargeStation&pageSize=3'),
    );
    const ids = ((await stations.json()) as { items: { resourceId: string }[] }).items.map(
      (i) => i.resourceId,
    );
    expect(ids).toHaveLength(3);
    const created = await s.page.request.post(s.url('/api/nio/activities'), {
      headers: { origin: s.origin },
      data: {
        activityType: 'activity_notify',
        activityName: `E2E 导入站点 ${suffix}`,
        rewardSlogan: '到站有礼',
        beginTime: Date.now() + DAY,
        endTime: Date.now() + 10 * DAY,
      },
    });
    expect(created.status()).toBe(201);
    const { activityId } = (await created.json()) as { activityId: number };
    await s.page.goto(s.url(`${LIST}/detail?activityId=${activityId}`));
    await s.page.getByText('该活动还没有参与站点').waitFor();

    const importSheet = async (rows: string[]) => {
      await s.page.getByRole('button', { name: '添加站点' }).click();
      const dialog = openModal(s.page);
      await dialog.getByRole('tab', { name: '表格导入' }).click();
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'stations.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await stationSheet(rows),
      });
      await dialog.getByRole('button', { name: '开始导入' }).click();
      return dialog;
    };

    const wrong = await importSheet([ids[0]!, 'NO-SUCH-STATION']);
    await wrong.getByText('表格有错误，未添加任何站点').waitFor({ timeout: JOB_WAIT_MS });
    const download = s.page.waitForEvent('download');
    await wrong
      .getByRole('link', { name: /下载标注错误的表格/ })
      .or(wrong.getByRole('button', { name: /下载标注错误的表格/ }))
      .click();
    const marked = await sheetRows(await download);
    expect(marked.slice(1).map((row) => [row[0], row[1] ?? ''])).toEqual([
      [ids[0], ''],
      ['NO-SUCH-STATION', '站点不存在;'],
    ]);
    await s.snap('activities-import-errors');
    await s.page.keyboard.press('Escape');

    const clean = await importSheet(ids);
    await clean.getByText('导入完成').waitFor({ timeout: JOB_WAIT_MS });
    await s.page.keyboard.press('Escape');
    await s.page.locator('.ant-table-row').nth(2).waitFor();
    const listed = await s.page.locator('.ant-table-row td:nth-child(1)').allInnerTexts();
    expect([...listed].sort()).toEqual([...ids].sort());
    expect(await s.page.locator('.ant-table-row').getByText('生效', { exact: true }).count()).toBe(3);
  });

  it("should draw a live discount's tariff calendar on its page and on its station's", async () => {
    /** The calendar's rows as [time, station price, each discount's price]. */
    const calendarRows = async () => {
      const card = s.page
        .locator('.ant-card, .ant-tabs-tabpane-active')
        .filter({ hasText: '价格单位：元/kWh' })
        .last();
      await card.locator('tbody tr.ant-table-row').first().waitFor();
      return card
        .locator('tbody tr.ant-table-row')
        .evaluateAll((rows) =>
          rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)),
        );
    };
    const discounted = (rows: (string | null)[][]) =>
      rows.every(
        ([time, base, price]) => /^\d\d:\d\d ~ \d\d:\d\d$/.test(time!) && Number(price) < Number(base),
      );

    // The demo's first activity: 80 % at night, 95 % by day, live at 40 stations.
    await s.page.goto(s.url(`${LIST}/detail?activityId=1`));
    await s.page.getByRole('heading', { name: '夜间充电八折' }).waitFor();
    const onActivity = await calendarRows();
    expect(onActivity[0]![0]).toMatch(/^00:00 ~ /);
    expect(onActivity.at(-1)![0]).toMatch(/ ~ 24:00$/);
    expect(discounted(onActivity)).toBe(true);
    const station = await s.page
      .locator('.ant-card')
      .filter({ hasText: '价格日历' })
      .locator('.ant-select')
      .first()
      .innerText();
    const resourceId = /（(CS\d+)）/.exec(station)![1]!;

    await s.page.goto(s.url(`/cmp-app/nio/resources/charge-station?resourceId=${resourceId}`));
    await s.page.getByRole('tab', { name: '价格日历' }).click();
    expect(await calendarRows()).toEqual(onActivity);
    await s.snap('activities-tariff-calendar-station');
  });
});
