import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  ChargingPathInfo,
  ChargingPathListRequest,
  ChargingPathPage,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/charging-paths';
const DAY = 86_400_000;
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const pins = (page: Page) => page.locator('.leaflet-marker-pane .leaflet-marker-icon');
const roadLines = (page: Page) => page.locator('.leaflet-overlay-pane path.leaflet-interactive');

async function api<T>(s: Session, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await s.page.request.get(s.url(`/api/nio${path}?${search}`));
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

describe('charging paths', () => {
  let s: Session;
  /** The path opened from the filtered list: a planned one with several charging stops. */
  let opened: ChargingPathInfo;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should list the paths newest first with their users, places, plans and ratings', async () => {
    const all = await api<ChargingPathPage>(s, '/charging-paths');
    expect(all.total).toBeGreaterThan(1000);
    await s.page.getByText(`共 ${all.total} 条`).waitFor();
    const first = all.items[0]!;
    const row = rows(s.page).first();
    await row.getByRole('link', { name: `查看路径 ${first.pathId}`, exact: true }).waitFor();
    await row.getByText(first.orig_poi.name).waitFor();
    await row.getByText(first.dest_poi.name).waitFor();
    // Operators see mobiles whole.
    expect(await row.textContent()).toContain(first.mobile);
    await s.snap('charging-paths-list-zh');
  });

  it('should filter by ratings and the last 30 days', async () => {
    await s.page.getByLabel('评分').click();
    await s.page.locator('.ant-select-dropdown:visible').getByTitle('1 星').click();
    await s.page.locator('.ant-select-dropdown:visible').getByTitle('2 星').click();
    await s.page.keyboard.press('Escape');
    await s.page.getByPlaceholder('开始时间').click();
    await s.page.locator('.ant-picker-presets:visible').getByText('近30天').click();
    const answered = s.page.waitForResponse(
      (r) => r.url().includes('/api/nio/charging-paths?') && r.url().includes('commentaryRating=1%2C2'),
    );
    await s.page.getByRole('button', { name: '查询' }).click();
    const listed = (await (await answered).json()) as ChargingPathPage;
    await s.page.waitForURL(/commentaryRating=1&commentaryRating=2/);
    const params = new URL(s.page.url()).searchParams;
    const range = { startTime: Number(params.get('startTime')), endTime: Number(params.get('endTime')) };
    expect(range.endTime - range.startTime).toBeGreaterThan(29 * DAY);

    const query: ChargingPathListRequest = { commentaryRating: '1,2', ...range };
    const expected = await api<ChargingPathPage>(s, '/charging-paths', query as Record<string, string>);
    expect(listed.total).toBe(expected.total);
    expect(expected.total).toBeGreaterThan(0);
    expect(listed.items.every((p) => p.commentaryRating === 1 || p.commentaryRating === 2)).toBe(true);
    expect(listed.items.every((p) => p.searchTime >= range.startTime && p.searchTime <= range.endTime)).toBe(
      true,
    );
    await s.page.getByText(`共 ${expected.total} 条`).waitFor();
    await settle(s.page);
    expect(await rows(s.page).count()).toBe(Math.min(20, expected.total));
    await s.snap('charging-paths-filtered-zh');

    // The first planned path of the page with at least two stops is the one to open.
    for (const item of listed.items.filter((p) => p.status === 'planned')) {
      const info = await api<ChargingPathInfo>(s, `/charging-paths/${item.pathId}`);
      if ((info.routes?.stops.length ?? 0) >= 2) {
        opened = info;
        break;
      }
    }
    expect(opened).toBeDefined();
  });

  it('should open a path and draw its route with its stops beside its values', async () => {
    await rows(s.page)
      .getByRole('link', { name: `查看路径 ${opened.pathId}`, exact: true })
      .click();
    await s.page.waitForURL(s.url(`${LIST}/detail?pathId=${opened.pathId}`));
    await s.page.getByText(`充电路径 ${opened.pathId}`).waitFor();
    const stops = opened.routes!.stops;
    // Each stop in driving order in the table below the map.
    for (const [index, stop] of stops.entries()) {
      const row = s.page.locator('.ant-table-row', { hasText: stop.showName || stop.name });
      await row.first().waitFor();
      expect(await row.first().locator('td').first().textContent()).toBe(String(index + 1));
    }
    await s.page
      .getByText(`${(opened.distance / 1000).toFixed(1)} km`)
      .first()
      .waitFor();
    await s.page.getByText(`${opened.ratedRange} km`).first().waitFor();
    await s.page.getByText(`${opened.currentRange} km`).first().waitFor();
    await s.page.getByText(opened.locations.orig.name).first().waitFor();
    await s.page.getByText(opened.locations.dest.name).first().waitFor();
    await s.page
      .getByRole('img', { name: `${opened.commentary!.rating} 星` })
      .first()
      .waitFor();
    if (opened.commentary!.text) await s.page.getByText(opened.commentary!.text).waitFor();
    // The route: one line per leg between stops; origin, destination and the stops' pins on the map.
    await roadLines(s.page).first().waitFor();
    expect(await roadLines(s.page).count()).toBe(stops.length + 1);
    expect(await pins(s.page).count()).toBeGreaterThanOrEqual(3);
    await s.page.locator(`.leaflet-marker-icon[title="${opened.locations.orig.name}"]`).waitFor();
    await s.page.locator(`.leaflet-marker-icon[title="${opened.locations.dest.name}"]`).waitFor();
    await s.snap('charging-path-detail-zh');
  });

  it('should show the detail and the list in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText(`Charging path ${opened.pathId}`).waitFor();
    await s.page.getByText('Route and charging stops').waitFor();
    await s.page
      .getByRole('img', { name: `${opened.commentary!.rating} stars` })
      .first()
      .waitFor();
    await settle(s.page);
    await s.snap('charging-path-detail-en');
    await s.page.getByRole('link', { name: 'Back to the charging paths' }).click();
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    await s.page.getByRole('columnheader', { name: 'Planned at' }).waitFor();
    await settle(s.page);
    await s.snap('charging-paths-list-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
