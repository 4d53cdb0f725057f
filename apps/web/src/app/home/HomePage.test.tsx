import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Dashboard } from '@cmp/domain/dashboard/dashboard';
import { renderTab } from '../../features/stations/tabs/render-tab';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok } from '../../test/fake-api';
import HomePage from './HomePage';

const DAY_MS = 86_400_000;
const todayStart = new Date(2026, 10, 28).getTime();

const DASHBOARD: Dashboard = {
  generatedAt: todayStart + 10 * 3600_000,
  todayStart,
  stations: { total: 3300, online: 12 },
  chargers: { registered: 40, online: 12 },
  worksheets: { open: 5 },
  reviewQueue: { pending: 17 },
  comments: {
    total: 20_000,
    awaitingReply: 230,
    trendStart: todayStart - 13 * DAY_MS,
    trend: [{ day: todayStart, count: 3, averageRating: 4.33 }],
  },
  coupons: {
    issued: 900,
    assigned: 700,
    used: 120,
    batches: [{ couponBatchId: 1, batchName: '春季', issued: 900, used: 120 }],
  },
  remoteOperations: { failedToday: 4 },
  density: {
    cellDegrees: 1,
    cells: [
      { longitude: 121, latitude: 31, count: 250 },
      { longitude: 116, latitude: 39, count: 80 },
    ],
  },
};

const hrefOf = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href') ?? '';
const paramsOf = (href: string) => Object.fromEntries(new URLSearchParams(href.split('?')[1]));

describe('HomePage', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each figure as a link to its list, filtered as the figure counts', async () => {
    const calls = fakeApi({ 'GET /api/nio/dashboard': () => ok(DASHBOARD) });
    renderTab(<HomePage />, '/cmp-app/nio');

    expect(await screen.findByRole('link', { name: '今日失败远程操作 4' })).toBeInTheDocument();
    expect(Number(calls[0]!.query.get('todayStart'))).toBe(new Date().setHours(0, 0, 0, 0));
    // The totals lead to all stations and to those with OCPP chargers; the presence beside them to the
    // stations with a charger online and those whose chargers are all offline.
    expect(hrefOf(/站点 3300/)).toBe('/cmp-app/nio/resources');
    expect(hrefOf(/已接入充电桩 40/)).toBe('/cmp-app/nio/resources?chargerPresence=registered');
    expect(hrefOf(/^12 个在线$/)).toBe('/cmp-app/nio/resources?chargerPresence=online');
    expect(hrefOf(/^在线 12$/)).toBe('/cmp-app/nio/resources?chargerPresence=online');
    expect(hrefOf(/^离线 28$/)).toBe('/cmp-app/nio/resources?chargerPresence=offline');

    const failed = hrefOf(/今日失败远程操作/);
    expect(failed.startsWith('/cmp-app/nio/remote-operations?')).toBe(true);
    expect(paramsOf(failed)).toEqual({
      status: '2',
      create_time_begin: String(todayStart),
      create_time_end: String(todayStart + DAY_MS - 1),
    });
    expect(hrefOf(/未关闭工单 5/)).toBe('/cmp-app/nio/resources/worksheets?status=open');
    expect(hrefOf(/待审核众包站点 17/)).toBe('/cmp-app/nio/crowdsourced-stations?stationStatus=0');
    expect(paramsOf(hrefOf(/待回复评价 230/))).toEqual({
      replyNumberMax: '0',
      startTime: String(todayStart - 13 * DAY_MS),
      endTime: String(todayStart + DAY_MS - 1),
    });
    expect(hrefOf(/已发放优惠券 900/)).toBe('/cmp-app/nio/coupon-batches');
  });

  it('should tell a density cell’s stations on hover', async () => {
    fakeApi({ 'GET /api/nio/dashboard': () => ok(DASHBOARD) });
    renderTab(<HomePage />, '/cmp-app/nio');

    const map = await screen.findByRole('img', { name: '站点分布密度' });
    const cells = within(map).getAllByTestId('density-cell');
    expect(cells).toHaveLength(2);
    fireEvent.mouseEnter(cells[0]!);
    expect(screen.getByRole('status')).toHaveTextContent('经度 121°~122°，纬度 31°~32°：250 个站点');
  });

  it('should say so when the figures cannot be read, and read them again on retry', async () => {
    let answer = fail(500, 'internal_error');
    fakeApi({ 'GET /api/nio/dashboard': () => answer });
    const { user } = renderTab(<HomePage />, '/cmp-app/nio');

    const retry = await screen.findByRole('button', { name: '重试' });
    answer = ok({ ...DASHBOARD, density: { cellDegrees: 1, cells: [] } });
    await user.click(retry);
    expect(await screen.findByRole('link', { name: '未关闭工单 5' })).toBeInTheDocument();
    expect(screen.getByText('暂无站点')).toBeInTheDocument();
  });

  it('should speak English to an English reader', async () => {
    await changeLanguage('en-US');
    fakeApi({ 'GET /api/nio/dashboard': () => ok(DASHBOARD) });
    renderTab(<HomePage />, '/cmp-app/nio');
    expect(await screen.findByRole('link', { name: 'Remote operations failed today 4' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connected chargers 40' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '28 offline' })).toBeInTheDocument();
  });
});
