import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const HOME = '/cmp-app/nio';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const figure = (s: Session, name: string) => s.page.getByRole('link', { name: new RegExp(`^${name} \\d+$`) });
const valueOf = async (s: Session, name: string) =>
  Number((await figure(s, name).getAttribute('aria-label'))!.replace(/^\D+/, ''));

describe('home dashboard', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(HOME));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await figure(s, '未关闭工单').waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should show the figures of the demo network and its density, in Chinese at desktop and phone width', async () => {
    expect(await valueOf(s, '站点')).toBeGreaterThan(1000);
    await s.page.getByRole('img', { name: '站点分布密度' }).waitFor();
    // The charts come in their own chunk, after the figures.
    await s.page.getByText('评价数与平均评分（近 14 天）').waitFor();
    await s.page.locator('.recharts-surface').first().waitFor();

    await s.page.getByTestId('density-cell').first().hover();
    await s.page
      .getByRole('status')
      .filter({ hasText: /个站点/ })
      .waitFor();
    await s.snap('home-dashboard-zh');
    await s.page.setViewportSize(PHONE);
    await settle(s.page);
    // The header fits a phone: nothing widens the page past the screen (a chart's hidden tooltip did).
    await expect
      .poll(() => s.page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await s.page.getByRole('button', { name: '退出登录' }).waitFor();
    await s.snap('home-dashboard-phone-zh');
    await s.page.setViewportSize(DESKTOP);
  });

  it('should count a worksheet opened just now, and lead to the open worksheets', async () => {
    const before = await valueOf(s, '未关闭工单');
    const title = `Dashboard e2e ${Date.now()}`;
    const created = await s.page.evaluate(async (title) => {
      const stations = (await (await fetch('/api/nio/stations?pageSize=1')).json()) as {
        items: { resourceId: string }[];
      };
      const response = await fetch('/api/nio/worksheets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: stations.items[0]!.resourceId, title }),
      });
      return response.status;
    }, title);
    expect(created).toBe(201);

    await s.page.getByRole('button', { name: '刷新' }).click();
    await s.page.getByRole('link', { name: `未关闭工单 ${before + 1}` }).waitFor();

    await figure(s, '未关闭工单').click();
    await s.page.waitForURL(/\/cmp-app\/nio\/resources\/worksheets\?status=open$/);
    await s.page.locator('.ant-table-row').filter({ hasText: title }).waitFor();
    expect(await s.page.locator('.ant-table-row').filter({ hasText: '已关闭' }).count()).toBe(0);
  });

  it('should lead from the stations online to the stations with a charger online', async () => {
    await s.page.goto(s.url(HOME));
    // The demo's simulated chargers connect as the portal starts: the figure counts their stations.
    const online = s.page.getByRole('link', { name: /^[1-9]\d* 个在线$/ });
    await online.waitFor();
    await online.click();
    await s.page.waitForURL(/\/cmp-app\/nio\/resources\?chargerPresence=online$/);
    await s.page.locator('.ant-table-row').first().waitFor();
    const listed = await s.page.locator('.ant-table-row').count();
    expect(listed).toBeGreaterThan(0);
    // The search form holds the filter the link set.
    expect(await s.page.getByText('有充电桩在线', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('should show the dashboard in English', async () => {
    await s.page.goto(s.url(HOME));
    await chooseLanguage(s.page, '切换语言', 'English');
    await figure(s, 'Remote operations failed today').waitFor();
    await s.page.getByRole('img', { name: 'Station density' }).waitFor();
    await s.page.locator('.recharts-surface').first().waitFor();
    await s.snap('home-dashboard-en');
    await s.page.setViewportSize(PHONE);
    await settle(s.page);
    await s.snap('home-dashboard-phone-en');
    await s.page.setViewportSize(DESKTOP);
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
