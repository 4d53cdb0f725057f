import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { pathInfo, pathRoute } from './test-charging-paths';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const DETAIL = '/cmp-app/nio/charging-paths/detail?pathId=7';

const base: Record<string, FakeHandler> = {
  'GET /api/auth/me': () => ok(viewer),
  'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
};
/** The value cell beside a bordered description's label. */
const valueOf = (label: string): HTMLElement => {
  const cell = [...document.querySelectorAll('th.ant-descriptions-item-label')].find(
    (th) => th.textContent === label,
  );
  if (!cell?.nextElementSibling) throw new Error(`no description labelled ${label}`);
  return cell.nextElementSibling as HTMLElement;
};

describe('ChargingPathDetailPage', () => {
  beforeAll(() => import('./ChargingPathDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should show the user, the trip, the values, the route on the map with its stops and the rating', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/charging-paths/7': () => ok(pathInfo(7)),
      'GET /api/nio/charging-paths/7/route': () => ok(pathRoute(7)),
    });
    renderPortal(DETAIL);

    expect(await screen.findByText('充电路径 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '张三' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/accounts/detail?accountId=ACC7',
    );
    expect(screen.getByText('小张')).toBeInTheDocument();
    expect(screen.getByText('13800000001')).toBeInTheDocument();
    expect(screen.getAllByText('已规划').length).toBeGreaterThan(0);
    expect(screen.getAllByText('推荐').length).toBeGreaterThan(0);
    expect(within(valueOf('起点')).getByText('上海虹桥站')).toBeInTheDocument();
    expect(within(valueOf('终点')).getByText('杭州西湖')).toBeInTheDocument();
    expect(within(valueOf('里程')).getByText('214.3 km')).toBeInTheDocument();
    expect(within(valueOf('时长')).getByText('2 小时 36 分')).toBeInTheDocument();
    expect(within(valueOf('补能时长')).getByText('35 分钟')).toBeInTheDocument();
    expect(within(valueOf('额定续航')).getByText('420 km')).toBeInTheDocument();
    expect(within(valueOf('出发续航')).getByText('160 km')).toBeInTheDocument();
    expect(within(valueOf('车型')).getByText('ES6')).toBeInTheDocument();

    // The stops in driving order, as numbered on the map.
    const stops = await screen.findByText('嘉兴服务区充电站');
    const first = stops.closest('tr') as HTMLElement;
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('95.0 km')).toBeInTheDocument();
    expect(within(first).getByText('42 km')).toBeInTheDocument();
    expect(within(first).getByText('336 km')).toBeInTheDocument();
    expect(within(first).getByText('25 分钟')).toBeInTheDocument();
    const second = screen.getByText('桐乡换电站').closest('tr') as HTMLElement;
    expect(within(second).getByText('换电站')).toBeInTheDocument();
    // The map draws the origin, the destination and the route's two steps.
    expect(screen.getByTitle('上海虹桥站')).toBeInTheDocument();
    expect(screen.getByTitle('杭州西湖')).toBeInTheDocument();
    expect(screen.getByTitle(/嘉兴服务区充电站/)).toBeInTheDocument();
    expect(document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')).toHaveLength(2);
    expect(screen.getByText('路线为估算路线（未配置路网），里程与时长为估算值')).toBeInTheDocument();

    expect(screen.getByText('推荐的站点在维修')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '2 星' }).length).toBeGreaterThan(0);
  });

  it('should say when no road was found and show the trip without a route', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/charging-paths/7': () =>
        ok(pathInfo(7, { status: 'no_route', distance: 0, duration: 0, routes: null, commentary: null })),
      'GET /api/nio/charging-paths/7/route': () => ok(pathRoute(7, { status: 'no_route', routes: null })),
    });
    renderPortal(DETAIL);

    expect(await screen.findByText('路线服务未找到可行道路，本次规划没有路线')).toBeInTheDocument();
    expect(screen.getAllByText('无可行路线').length).toBeGreaterThan(0);
    expect(within(valueOf('里程')).getByText('-')).toBeInTheDocument();
    expect(screen.getByText('用户尚未评价此路径')).toBeInTheDocument();
    expect(document.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive')).toHaveLength(0);
  });

  it('should answer a path that is not there with a way back to the list', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/charging-paths/7': () => fail(404, 'not_found'),
      'GET /api/nio/charging-paths/7/route': () => fail(404, 'not_found'),
    });
    renderPortal(DETAIL);
    expect(await screen.findByText('充电路径不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回充电路径列表/ })).toHaveAttribute(
      'href',
      '/cmp-app/nio/charging-paths',
    );
  });

  it('should show the detail in English', async () => {
    await changeLanguage('en-US');
    fakeApi({
      ...base,
      'GET /api/nio/charging-paths/7': () =>
        ok(
          pathInfo(7, {
            status: 'not_reachable',
            routes: { ...pathInfo(7).routes!, notArrivalCount: 2, notArrivalDistance: 23.4 },
          }),
        ),
      'GET /api/nio/charging-paths/7/route': () => ok(pathRoute(7)),
    });
    renderPortal(DETAIL);
    expect(await screen.findByText('Charging path 7')).toBeInTheDocument();
    expect(screen.getAllByText('Out of range').length).toBeGreaterThan(0);
    expect(screen.getByText('Falls short 2×, 23.4 km in all')).toBeInTheDocument();
    expect(within(valueOf('Range at start')).getByText('160 km')).toBeInTheDocument();
    expect(await screen.findByText('Swap station')).toBeInTheDocument();
  });
});
