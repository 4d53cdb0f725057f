import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type {
  RoadBookDetail,
  RoadBookSave,
  RoadBookShare,
  RoutePlanListResponse,
} from '@cmp/domain/road-books/road-book';
import {
  confirmPopconfirm,
  chooseLanguage,
  openSession,
  screenshot,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';
import { sheetRows } from '../support/spreadsheet';

const LIST = '/cmp-app/nio/road-books';

const candidateRows = (page: Page) =>
  page.locator('.ant-table-row').filter({ has: page.getByRole('checkbox') });

/** Picks the first station the power search finds for `keywords` in the place field with id `fieldId`. */
async function searchPlace(page: Page, fieldId: string, keywords: string): Promise<string> {
  await page.locator(`#${fieldId}`).click();
  await page.locator(`#${fieldId}`).fill(keywords);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await option.waitFor({ timeout: 15_000 });
  await settle(page);
  const name = (await option.locator('div > div').first().textContent()) ?? '';
  await option.click();
  return name;
}

/** A phone-sized context with no cookies or stored choices: what a driver opening the share link has. */
async function phone(s: Session, locale = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await s.browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });
  return { context, page: await context.newPage() };
}

const pins = (page: Page) => page.locator('.leaflet-marker-pane .leaflet-marker-icon');

/**
 * Pins drawn over one another: a pin is a round-headed marker as wide as its icon, so two overlap when their
 * centres are closer than half their widths together.
 */
async function overlappingPins(page: Page): Promise<string[]> {
  const all = await pins(page).all();
  const boxes = await Promise.all(
    all.map(async (pin) => ({ box: (await pin.boundingBox())!, text: await pin.innerText() })),
  );
  return boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter(
        (b) =>
          Math.hypot(
            a.box.x + a.box.width / 2 - b.box.x - b.box.width / 2,
            a.box.y + a.box.height / 2 - b.box.y - b.box.height / 2,
          ) <
          (a.box.width + b.box.width) / 2,
      )
      .map((b) => `${a.text} over ${b.text}`),
  );
}

describe('road books', () => {
  let s: Session;
  let saved: RoadBookDetail;
  let share: RoadBookShare;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  /** Opens a road book of the list in the editor; answers the plan it opens on, the route through its stops. */
  async function openDemoRoadBook(name: string) {
    const row = s.page.locator('.ant-table-row').filter({ hasText: name });
    const drawn = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/preview'));
    await row.getByRole('button', { name: '编辑' }).click();
    const answer = (await (await drawn).json()) as RoutePlanListResponse;
    await s.page.locator('.leaflet-overlay-pane path').first().waitFor();
    return answer.plans[0]!;
  }

  it('should list the demo road books and open one with every leg in range and its pins apart', async () => {
    // Several per tenant, the first one shared.
    const rows = s.page.locator('.ant-table-row');
    await rows.filter({ hasText: '北京—广州' }).getByText('已分享').waitFor();
    for (const name of ['上海—成都', '北京—西安', '上海—杭州']) {
      expect(await rows.filter({ hasText: name }).getByText('未分享').count()).toBe(1);
    }

    const shown = await openDemoRoadBook('北京—西安');
    expect(shown.route.notArrivalCount).toBe(0);
    await s.page.getByText('可到达').first().waitFor();
    expect(await s.page.getByText(/续航不足/).count()).toBe(0);
    // Origin, destination and a numbered pin per stop, none drawn over another at the zoom it opens at.
    await expect.poll(() => pins(s.page).count()).toBe(shown.resources.length + 2);
    expect(await overlappingPins(s.page)).toEqual([]);
    await s.snap('road-book-editor-demo-zh');
    await s.page.getByRole('button', { name: '返回列表' }).click();
    await s.page.waitForURL(s.url(LIST));
  });

  it('should plan the demo road book from Beijing to Guangzhou with every leg in range, in both languages', async () => {
    const shown = await openDemoRoadBook('北京—广州');
    expect(shown.route.notArrivalCount).toBe(0);
    expect(shown.resources.length).toBeGreaterThan(8);
    await s.page.getByText('可到达').first().waitFor();
    expect(await s.page.getByText(/续航不足/).count()).toBe(0);
    // Seen whole, neighbouring stops share a pin labelled with their range, and the stops next to the origin
    // stand beside its pin, with a leader line to where they are: no pin is drawn over another.
    await pins(s.page).first().waitFor();
    await expect
      .poll(async () => (await pins(s.page).allInnerTexts()).some((text) => /\d+–\d+/.test(text)))
      .toBe(true);
    expect(await overlappingPins(s.page)).toEqual([]);
    await s.snap('road-book-editor-long-trip-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Reachable').first().waitFor();
    await s.snap('road-book-editor-long-trip-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
    await s.page.getByRole('button', { name: '返回列表' }).click();
    await s.page.waitForURL(s.url(LIST));
  });

  it('should show how far the planner has loaded its stations, then plan by itself once it is ready', async () => {
    // The demo's index is ready within a second of the start: the server's two first answers are what one
    // with a million stations gives while it loads them (its 503 planner_loading, tested on the server).
    let loadingAnswers = 2;
    await s.page.route('**/road-books/route/options', (route) => {
      if (loadingAnswers === 0) return route.continue();
      loadingAnswers -= 1;
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'planner_loading',
            message: '正在加载充电站… 45%',
            details: { loaded: 450_000, total: 1_000_000 },
          },
        }),
      });
    });
    try {
      const row = s.page.locator('.ant-table-row').filter({ hasText: '北京—西安' });
      await row.getByRole('button', { name: '编辑' }).click();
      await s.page.getByText('正在加载充电站… 45%').first().waitFor();
      await s.snap('road-book-editor-planner-loading-zh');
      // Asked again after the Retry-After, the plan comes and the progress goes.
      await s.page.locator('.leaflet-overlay-pane path').first().waitFor({ timeout: 15_000 });
      await s.page.getByText('可到达').first().waitFor();
      expect(loadingAnswers).toBe(0);
      expect(await s.page.getByText(/正在加载充电站/).count()).toBe(0);
    } finally {
      await s.page.unroute('**/road-books/route/options');
    }
    await s.page.getByRole('button', { name: '返回列表' }).click();
    await s.page.waitForURL(s.url(LIST));
  });

  it('should plan a route from Shanghai to Hangzhou with stops along it', async () => {
    await s.page.getByRole('button', { name: '新建路书' }).click();
    await s.page.waitForURL(/\/cmp-app\/nio\/route-planning$/);
    // The trip form is taller than the 900-pixel window; its button stays in sight at the window's foot.
    await s.page.evaluate(() => window.scrollTo(0, 0));
    const plan = (await s.page.getByRole('button', { name: '规划路线' }).boundingBox())!;
    expect(plan.y + plan.height).toBeLessThanOrEqual(900);
    await s.page.getByLabel('路书名称').fill('沪杭测试路书');
    await searchPlace(s.page, 'trip-origin', '上海市');
    await searchPlace(s.page, 'trip-destination', '杭州市');
    // A waypoint by a click on the map, halfway: the map has moved to show origin and destination.
    await s.page.getByRole('button', { name: '添加途经点 在地图上点选' }).click();
    await s.page.getByText('点击地图设置途经点').waitFor();
    await settle(s.page);
    const map = s.page.locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    // Named after the region the point is in, with its coordinates.
    await s.page
      .getByText(/^\S+\/\S+（\d+\.\d+, \d+\.\d+）$/)
      .first()
      .waitFor();
    const current = s.page.getByLabel('当前续航');
    await current.fill('100');
    await current.blur();

    const planned = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/options'));
    await s.page.getByRole('button', { name: '规划路线' }).click();
    expect((await planned).status()).toBe(200);
    await candidateRows(s.page).first().waitFor();
    await s.page.locator('.ant-segmented-item-selected').getByText('推荐').waitFor();
    expect(await s.page.locator('.ant-statistic').first().textContent()).toMatch(/总里程\s*[\d.]+\s*km/);
    // The map draws the route and numbers the chosen stops.
    await s.page.locator('.leaflet-overlay-pane path').first().waitFor();
    await s.snap('road-book-editor-planned-zh');
  });

  it('should change a stop, redraw the route through it, save the road book and reopen it with the same plan tabs', async () => {
    const rows = candidateRows(s.page);
    const unchosen = rows.filter({ has: s.page.locator('.ant-checkbox-input:not(:checked)') }).first();
    const chosenName =
      (await unchosen.locator('td').nth(1).locator('.ant-typography').first().textContent()) ?? '';
    await unchosen.getByRole('checkbox').check();
    await s.page.getByText('停靠站已改动，路线、里程和用时仍是改动前的结果').waitFor();
    await s.page.getByRole('textbox', { name: `备注 ${chosenName}` }).fill('午饭');

    const previewed = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/preview'));
    await s.page.getByRole('button', { name: '按所选站点更新路线' }).click();
    expect((await previewed).status()).toBe(200);
    await s.page.getByText('停靠站已改动，路线、里程和用时仍是改动前的结果').waitFor({ state: 'detached' });

    const planTabs = () => s.page.getByRole('radiogroup', { name: '方案' }).locator('label').allInnerTexts();
    const tabsBeforeSaving = await planTabs();
    const created = s.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/nio/road-books'),
    );
    await s.page.getByRole('button', { name: '保存路书' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON() as RoadBookSave;
    expect(body).not.toHaveProperty('resources');
    expect(body.waypoints).toHaveLength(1);
    const stop = body.waypointResourceSeq?.find((r) => r.remark === '午饭');
    expect(stop?.name).toBe(chosenName);
    expect(stop?.resourceId.endsWith('_clone')).toBe(false);
    saved = (await response.json()) as RoadBookDetail;
    expect(saved.waypointResourceSeq.map((r) => r.resourceId)).toContain(stop?.resourceId);
    await s.page.getByText('已创建路书').waitFor();
    await s.page.waitForURL(new RegExp(`roadBookId=${saved.roadBookId}$`));

    // Reopened, it has the plan tabs it had before saving, and its stops on the tab it was saved from.
    const drawn = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/preview'));
    await s.page.reload();
    expect((await drawn).status()).toBe(200);
    const remark = s.page.getByRole('textbox', { name: `备注 ${chosenName}` });
    await expect.poll(() => remark.inputValue()).toBe('午饭');
    expect(await planTabs()).toEqual(tabsBeforeSaving);
    await s.page.locator('.ant-segmented-item-selected').getByText('推荐').waitFor();
  });

  it('should list the road book and share it', async () => {
    await s.page.getByRole('button', { name: '返回列表' }).click();
    await s.page.waitForURL(s.url(LIST));
    const row = s.page.locator('.ant-table-row').filter({ hasText: '沪杭测试路书' });
    await row.waitFor();
    await row.getByText('未分享').waitFor();
    await s.snap('road-book-list-zh');

    // Several energy types at once: road books planned with any of them.
    await s.page.getByLabel('补能类型').click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '直流桩' }).click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '换电站' }).click();
    const filtered = s.page.waitForResponse(
      (r) => r.url().includes('/road-books?') && r.url().includes('planningResourceTypes=CS_DC%2CPS'),
    );
    await s.page.getByRole('button', { name: '查询' }).click();
    await filtered;
    expect(new URL(s.page.url()).searchParams.getAll('planningResourceTypes')).toEqual(['CS_DC', 'PS']);
    await row.waitFor();
    await s.snap('road-book-list-filtered-zh');

    // The road books that stop at a station: one of the saved stops, as its id.
    const stopId = saved.waypointResourceSeq[0]!.resourceId;
    const byStop = s.page.waitForResponse(
      (r) =>
        r.url().includes('/road-books?') &&
        r.url().includes(`waypointResourceSeq=${encodeURIComponent(stopId)}`),
    );
    await s.page.getByRole('textbox', { name: '停靠站点' }).fill(stopId);
    await s.page.getByRole('textbox', { name: '停靠站点' }).press('Enter');
    const stopping = (await (await byStop).json()) as { items: { roadBookId: number }[] };
    expect(stopping.items.map((item) => item.roadBookId)).toContain(saved.roadBookId);
    await row.waitFor();

    const made = s.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/road-books/${saved.roadBookId}/share`),
    );
    await row.getByRole('button', { name: '分享' }).click();
    await s.page.getByRole('button', { name: '生成分享链接' }).click();
    share = (await (await made).json()) as RoadBookShare;
    const dialog = s.page.getByRole('dialog', { name: '分享路书' });
    expect(await dialog.getByRole('textbox', { name: '分享链接' }).inputValue()).toBe(s.url(share.url));
    await dialog.getByRole('img', { name: '分享链接二维码' }).locator('svg').waitFor();
    await settle(s.page);
    await s.snap('road-book-share-zh');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await row.getByText('已分享').waitFor();
  });

  it('should open the mobile view from the share link without a session', async () => {
    const { context, page } = await phone(s);
    try {
      await page.goto(s.url(share.url));
      await page.getByRole('heading', { name: '沪杭测试路书' }).waitFor();
      const stops = page.getByRole('region', { name: '停靠站' });
      await stops.getByText('备注：午饭').waitFor();
      // Origin, stops, the waypoint and the destination.
      expect(await stops.getByRole('listitem').count()).toBe(saved.waypointResourceSeq.length + 3);
      // The map is loaded after the stops list; its route line is drawn once it is there.
      await page.locator('.leaflet-overlay-pane path').first().waitFor();
      // The tiles' owner is credited on the map, and the legend says what the lines mean.
      expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('OpenStreetMap');
      expect(await page.getByRole('list', { name: '图例' }).innerText()).toContain('路线');
      // 1rem is 100 design px of the 750-wide design: 50 px on a 375-wide phone.
      expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('50px');
      await screenshot(page, 'road-book-mobile-zh');
    } finally {
      await context.close();
    }
  });

  it("should show the mobile view in an English browser's language, each stop leading to a map app", async () => {
    const { context, page } = await phone(s, 'en-GB');
    try {
      await page.goto(s.url(share.url));
      const stops = page.getByRole('region', { name: 'Stops' });
      await stops.getByText('Remark: 午饭').waitFor();
      const navigate = stops.getByRole('link', { name: 'Navigate in a map app' });
      // Every stop and the destination.
      expect(await navigate.count()).toBe(saved.waypointResourceSeq.length + 1);
      expect(await navigate.first().getAttribute('href')).toMatch(
        /^https:\/\/uri\.amap\.com\/navigation\?to=\d+\.\d+%2C\d+\.\d+%2C.+&mode=car&coordinate=gaode/,
      );
      await page.locator('.leaflet-overlay-pane path').first().waitFor();
      await screenshot(page, 'road-book-mobile-en');
    } finally {
      await context.close();
    }
  });

  it('should show the list and the editor in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: 'New road book' }).waitFor();
    await s.snap('road-book-list-en');
    // The export has the list's visible columns, titled in English, and the saved road book.
    const shown = (await s.page.locator('.ant-table-thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter((text) => text !== '' && text !== 'Actions');
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^road-books-\d{8}\.xlsx$/);
    const sheet = await sheetRows(file);
    expect(sheet[0]).toEqual(shown);
    expect(sheet.some((row) => String(row[0]).startsWith('沪杭测试路书'))).toBe(true);
    await s.page
      .locator('.ant-table-row')
      .filter({ hasText: '沪杭测试路书' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await candidateRows(s.page).first().waitFor();
    await s.page.locator('.ant-segmented-item-selected').getByText('Recommended').waitFor();
    await s.snap('road-book-editor-planned-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it("should stop sharing after a confirmation, after which the link shows 'not data'", async () => {
    await s.page.getByRole('button', { name: '返回列表' }).click();
    const row = s.page.locator('.ant-table-row').filter({ hasText: '沪杭测试路书' });
    await row.getByRole('button', { name: '分享' }).click();
    const dialog = s.page.getByRole('dialog', { name: '分享路书' });
    await dialog.getByRole('button', { name: '停止分享' }).click();
    await confirmPopconfirm(s.page);
    await row.getByText('未分享').waitFor();

    const { context, page } = await phone(s);
    try {
      await page.goto(s.url(share.url));
      const state = page.getByRole('status');
      await state.getByText('路书不存在或已停止分享').waitFor();
      await state.getByText('链接无效或已被撤销，请联系分享人获取新链接。').waitFor();
      expect(await state.textContent()).not.toContain('not data');
      await screenshot(page, 'road-book-mobile-not-data-zh');
    } finally {
      await context.close();
    }
  });

  it('should plan through highway service areas only when the power feature is ticked', async () => {
    await s.page.goto(s.url(`/cmp-app/nio/route-planning?roadBookId=${saved.roadBookId}`));
    await candidateRows(s.page).first().waitFor();
    await s.page.getByRole('checkbox', { name: '仅高速服务区' }).check();
    const planned = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/options'));
    await s.page.getByRole('button', { name: '规划路线' }).click();
    const response = await planned;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ powerFeatures: ['only_service_area_power'] });
    const answer = (await response.json()) as RoutePlanListResponse;
    // The saved stops stay pinned; every other station listed is in a service area.
    const pinned = new Set(saved.waypointResourceSeq.map((stop) => stop.resourceId));
    const others = answer.plans[0]!.routePlanningResourceList.list.filter(
      (item) => !pinned.has(item.id.replace(/_clone$/, '')),
    );
    // The demo network has service-area stations along G60 between Shanghai and Hangzhou.
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((item) => item.isOnHighway)).toBe(true);
    await s.snap('road-book-editor-service-areas-zh');

    // The road book keeps the feature: saved, it reopens ticked and plans with it.
    const updated = s.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/nio/road-books/${saved.roadBookId}`),
    );
    await s.page.getByRole('button', { name: '保存路书' }).click();
    expect((await updated).status()).toBe(200);
    await s.page.getByText('已保存', { exact: true }).waitFor();
    const replanned = s.page.waitForResponse((r) => r.url().endsWith('/road-books/route/options'));
    await s.page.reload();
    expect((await replanned).request().postDataJSON()).toMatchObject({
      powerFeatures: ['only_service_area_power'],
    });
    await candidateRows(s.page).first().waitFor();
    expect(await s.page.getByRole('checkbox', { name: '仅高速服务区' }).isChecked()).toBe(true);
  });
});
