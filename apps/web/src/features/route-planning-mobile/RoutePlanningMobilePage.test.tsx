import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicRoadBookData } from '@cmp/domain/road-books/road-book';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { plan, resourceItem, roadBookDetail } from '../road-books/test-road-books';

const TOKEN = 'k'.repeat(43);

function shared(): PublicRoadBookData {
  const { creator: _c, tenantName: _t, onlineState: _o, state: _s, ...info } = roadBookDetail();
  const drawn = plan(
    ['recommended'],
    [
      resourceItem('CS-2', {
        selected: true,
        remark: 'coffee',
        progress: 60_000,
        estimateChargeDuration: 1_500,
      }),
      resourceItem('PS-9', { selected: true, type: 'PowerSwap', legIndex: 1, progress: 130_000 }),
    ],
  );
  return {
    road_book_info: info,
    route_info: {
      roadBookId: info.roadBookId,
      planTag: 'recommended',
      status: 0,
      distance: drawn.route.distance,
      duration: drawn.route.duration,
      chargingDuration: drawn.route.chargingDuration,
      candidateCount: 2,
      route: drawn.route,
      resources: drawn.resources,
      filter: '{}',
      plannedAt: Date.parse('2026-05-01T10:00:00+08:00'),
    },
  };
}

describe('RoutePlanningMobilePage', () => {
  beforeAll(() => import('./RoutePlanningMobilePage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should say in words that an unknown or revoked link is invalid, without a session', async () => {
    const calls = fakeApi({
      [`GET /api/public/road-books/${TOKEN}`]: () => ({
        status: 404,
        body: { result_code: 'error', message: 'not data' },
      }),
    });
    renderPortal(`/route-planning/${TOKEN}`);

    // Other status regions (the page's loading line) may come and go first: wait for this one.
    const title = await screen.findByText('路书不存在或已停止分享');
    const state = title.closest('[role="status"]') as HTMLElement;
    expect(state).toHaveAttribute('data-result-code', 'error');
    expect(within(state).getByText('链接无效或已被撤销，请联系分享人获取新链接。')).toBeInTheDocument();
    expect(state).not.toHaveTextContent('not data');
    // A public page: it never asks who is signed in.
    expect(calls.map((c) => c.path)).toEqual([`/api/public/road-books/${TOKEN}`]);
  });

  it('should offer a retry when the server fails rather than claim the road book is gone', async () => {
    fakeApi({ [`GET /api/public/road-books/${TOKEN}`]: () => fail(503, 'unavailable') });
    renderPortal(`/route-planning/${TOKEN}`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败，请检查网络后重试')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('should list origin, stops with remarks and waypoints in driving order, and scale the root font', async () => {
    fakeApi({
      [`GET /api/public/road-books/${TOKEN}`]: () => ok({ result_code: 'success', data: shared() }),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
    });
    // A 375-wide phone: 1rem is 100 design px of the 750-wide design, so 50 px.
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    onTestFinished(() => {
      delete (document.documentElement as { clientWidth?: number }).clientWidth;
    });
    renderPortal(`/route-planning/${TOKEN}`);

    await screen.findByRole('heading', { name: 'Weekend trip' });
    expect(screen.getByText('172.4 km · 约 2 小时 30 分 · 补能约 40 分钟')).toBeInTheDocument();
    const stops = within(screen.getByRole('region', { name: '停靠站' }));
    const entries = stops.getAllByRole('listitem').map((li) => li.textContent);
    expect(entries).toEqual([
      expect.stringContaining('People Square'),
      expect.stringContaining('Station CS-2'),
      expect.stringContaining('Jiaxing'),
      expect.stringContaining('Station PS-9'),
      expect.stringContaining('West Lake'),
    ]);
    expect(stops.getByText('备注：coffee')).toBeInTheDocument();
    expect(entries[1]).toContain('充电站 · 距起点 60.0 km · 补能约 25 分钟');
    expect(document.documentElement.style.fontSize).toBe('50px');
    // Turned sideways: the font follows once resizing has stopped for 300 ms, not at the event itself.
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 750 });
    fireEvent(window, new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('50px');
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('100px'));
    // The legend names the blue route line; no step lacks range here, so no dashed entry.
    const legend = within(screen.getByRole('list', { name: '图例' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['路线']);
  });

  it("should speak the browser's language to a driver who chose none, and lead each stop to a map app", async () => {
    localStorage.clear();
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB', 'zh-CN'], language: 'en-GB' });
    fakeApi({
      [`GET /api/public/road-books/${TOKEN}`]: () => ok({ result_code: 'success', data: shared() }),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
    });
    renderPortal(`/route-planning/${TOKEN}`);

    const stops = within(await screen.findByRole('region', { name: 'Stops' }));
    expect(stops.getByText('Remark: coffee')).toBeInTheDocument();
    // Not remembered: the portal itself still starts in Chinese for staff.
    expect(localStorage.getItem('cmp.language')).toBeNull();
    const links = stops.getAllByRole('link', { name: 'Navigate in a map app' });
    // Two stops and the destination.
    expect(links).toHaveLength(3);
    const first = new URL(links[0]!.getAttribute('href')!);
    expect(first.origin + first.pathname).toBe('https://uri.amap.com/navigation');
    const { location } = shared().route_info.resources[0]!;
    expect(Object.fromEntries(first.searchParams)).toMatchObject({
      to: `${location.longitude},${location.latitude},Station CS-2`,
      mode: 'car',
      coordinate: 'gaode',
      callnative: '1',
    });
  });

  it('should explain the red dashed part of a route the range does not cover', async () => {
    const data = shared();
    const [first, ...rest] = data.route_info.route.steps;
    data.route_info.route.steps = [{ ...first!, status: 1 }, ...rest];
    fakeApi({
      [`GET /api/public/road-books/${TOKEN}`]: () => ok({ result_code: 'success', data }),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
    });
    renderPortal(`/route-planning/${TOKEN}`);

    const legend = within(await screen.findByRole('list', { name: '图例' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '路线',
      '红色虚线：超出续航的路段，需在此前补能',
    ]);
  });
});
