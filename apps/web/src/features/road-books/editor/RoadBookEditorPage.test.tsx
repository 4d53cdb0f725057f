import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RoadBookRoute, RoadBookSave, RoutePlanningRequest } from '@cmp/domain/road-books/road-book';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';
import { changeLanguage } from '../../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../../test/fake-api';
import { currentUrl, renderPortal } from '../../../test/render-portal';
import { plan, planList, resourceItem, roadBookDetail } from '../test-road-books';

const me = staffUser([{ tenant: 'nio', role: 'operator' }]);
const EDITOR = '/cmp-app/nio/route-planning?roadBookId=12';

const CS1 = resourceItem('CS-1', {
  progress: 40_000,
  timesharingPrice: [
    { start: '00:00', end: '08:00', price: 0.8, discount: null },
    { start: '08:00', end: '22:00', price: 1.6, discount: null },
    { start: '22:00', end: '24:00', price: 1.05, discount: null },
  ],
});
const PS3 = resourceItem('PS-3_clone', { type: 'PowerSwap', swapUseClone: true, progress: 90_000 });

// Planned afresh, as before the save: the plans propose their own stops, CS-2 (the saved one) among none.
const options = planList([
  plan(
    ['recommended', 'least_time'],
    [{ ...CS1, selected: true }, resourceItem('CS-2', { progress: 60_000 }), PS3],
  ),
  plan(['least_distance'], [resourceItem('CS-4', { selected: true, progress: 120_000 })], {
    route: { ...options0Route(), status: 1, notArrivalDistance: 23.4, notArrivalCount: 2 },
  }),
]);

// The route through the saved stops (pinned), drawn on the tab the road book was saved from.
const throughSaved = planList([
  plan(
    ['default'],
    [
      CS1,
      resourceItem('CS-2', { selected: true, roadBookInclude: true, remark: 'coffee', progress: 60_000 }),
      PS3,
    ],
  ),
]);

function options0Route() {
  return plan(['default'], []).route;
}

/** The route saved with road book 12, from the plan tab named. */
function savedRoute(planTag: PlanTag): RoadBookRoute {
  const [drawn] = throughSaved.plans;
  return {
    roadBookId: 12,
    planTag,
    status: drawn!.status,
    distance: drawn!.route.distance,
    duration: drawn!.route.duration,
    chargingDuration: drawn!.route.chargingDuration,
    candidateCount: drawn!.candidateCount,
    route: drawn!.route,
    resources: drawn!.resources,
    filter: '{}',
    plannedAt: Date.parse('2026-05-01T10:00:00+08:00'),
  };
}

const base: Record<string, FakeHandler> = {
  'GET /api/auth/me': () => ok(me),
  'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
  'GET /api/nio/road-books/12': () => ok(roadBookDetail()),
  'GET /api/nio/road-books/12/route': () => ok(savedRoute('recommended')),
  'POST /api/nio/road-books/route/options': () => ok(options),
  'POST /api/nio/road-books/route/preview': () => ok(throughSaved),
};

const searchHit = (id: string, name: string, region: string) => ({
  id,
  name,
  region,
  address: `${region.split('/').join('')}某路1号`,
  type: 'ChargeStation',
  latitude: 39.9,
  longitude: 116.4,
  operatorId: null,
  chargerTotalNumber: 4,
  chargerTotalNumberDc: 4,
  chargerTotalNumberAc: 0,
  chargerBusyNumber: 0,
  chargerFreeNumberAc: 0,
  chargerMinOutputPower: 120,
  controlledByNio: false,
  isScannable: true,
});

const bodiesOf = <T,>(calls: ReturnType<typeof fakeApi>, key: string): T[] =>
  calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.body as T);

const candidateRow = (name: string) =>
  screen.getByText(name, { selector: '.ant-table-cell *' }).closest('tr')!;
/** Road book 12 on screen: planned, and its saved stop drawn on the tab it was saved from. */
const opened = () =>
  waitFor(() => expect(within(candidateRow('Station CS-2')).getByText('已固定')).toBeInTheDocument());

describe('RoadBookEditorPage', () => {
  beforeAll(() => import('./RoadBookEditorPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should start a new road book at a range of 200 of 200 km', async () => {
    fakeApi(base);
    renderPortal('/cmp-app/nio/route-planning');

    expect(await screen.findByLabelText('当前续航')).toHaveValue('200');
    expect(screen.getByLabelText('最大续航')).toHaveValue('200');
  });

  it('should open a saved road book planned as before, its saved stops on the recommended plan it was saved from', async () => {
    const calls = fakeApi(base);
    renderPortal(EDITOR);
    await opened();

    const [request] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options');
    expect(request).toMatchObject({
      tactics: 4,
      currentRange: 150,
      maxRange: 400,
      planningResourceTypes: ['CS_DC', 'PS'],
      waypointResourceSeq: [],
    });
    const [through] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/preview');
    expect(through).toMatchObject({
      ...request,
      waypointResourceSeq: [{ resourceId: 'CS-2', remark: 'coffee' }],
    });
    expect(screen.getByLabelText('路书名称')).toHaveValue('Weekend trip');
    expect(screen.getByLabelText('当前续航')).toHaveValue('150');
    const tags = screen.getByRole('radiogroup', { name: '方案' });
    // One tab per plan, named by all its tags: the first plan is both the recommended and the fastest.
    expect(
      within(tags)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['推荐、时间最短', '距离最短']);
    expect(within(tags).getByRole('radio', { name: '推荐、时间最短' })).toBeChecked();
    expect(within(candidateRow('Station CS-2')).getByRole('checkbox')).toBeChecked();
    expect(within(candidateRow('Station CS-1')).getByRole('checkbox')).not.toBeChecked();
    expect(within(candidateRow('Station CS-2')).getByText('1.20')).toBeInTheDocument();
    // A schedule of several periods is its range on one line, the periods in a popover.
    expect(candidateRow('Station CS-1')).toHaveTextContent('0.80–1.60（3 个时段）');
    expect(screen.queryByText('08:00~22:00 1.60')).not.toBeInTheDocument();
    expect(screen.getByText('可到达')).toBeInTheDocument();
  });

  it('should reopen a road book on the plan tab it was saved from, with its stops there and the other tabs as planned', async () => {
    fakeApi({ ...base, 'GET /api/nio/road-books/12/route': () => ok(savedRoute('least_distance')) });
    const { user } = renderPortal(EDITOR);
    await opened();

    const tags = screen.getByRole('radiogroup', { name: '方案' });
    expect(within(tags).getByRole('radio', { name: '距离最短' })).toBeChecked();
    expect(within(candidateRow('Station CS-2')).getByRole('checkbox')).toBeChecked();
    expect(screen.queryByText('Station CS-4', { selector: '.ant-table-cell *' })).not.toBeInTheDocument();

    await user.click(screen.getByText('推荐、时间最短'));
    expect(within(candidateRow('Station CS-1')).getByRole('checkbox')).toBeChecked();
    expect(within(candidateRow('Station CS-2')).getByRole('checkbox')).not.toBeChecked();
    expect(within(candidateRow('Station CS-2')).queryByText('已固定')).not.toBeInTheDocument();
  });

  it('should show the saved stops on the recommended plan when the route of the road book was deleted', async () => {
    fakeApi({ ...base, 'GET /api/nio/road-books/12/route': () => fail(404, 'not_found') });
    renderPortal(EDITOR);
    await opened();

    const tags = screen.getByRole('radiogroup', { name: '方案' });
    expect(within(tags).getByRole('radio', { name: '推荐、时间最短' })).toBeChecked();
    expect(within(candidateRow('Station CS-2')).getByRole('checkbox')).toBeChecked();
  });

  it('should show how far the planner has loaded its stations, and plan by itself once it is ready', async () => {
    let asked = 0;
    const loading = fail(503, 'planner_loading', '正在加载充电站… 45%', {
      loaded: 450_000,
      total: 1_000_000,
    });
    fakeApi({
      ...base,
      'POST /api/nio/road-books/route/options': () => ({
        ...(++asked === 1 ? loading : ok(options)),
        headers: { 'Retry-After': '1' },
      }),
    });
    renderPortal(EDITOR);

    expect((await screen.findAllByText('正在加载充电站… 45%')).length).toBeGreaterThan(0);
    await opened();
    expect(asked).toBe(2);
    expect(screen.queryByText(/正在加载充电站/)).not.toBeInTheDocument();
  });

  it('should show the schedule of a station in a popover from its price range', async () => {
    fakeApi(base);
    const { user } = renderPortal(EDITOR);
    await opened();

    await user.hover(within(candidateRow('Station CS-1')).getByText(/0\.80–1\.60/));
    expect(await screen.findByText('08:00~22:00 1.60')).toBeInTheDocument();
    expect(screen.getByText('22:00~24:00 1.05')).toBeInTheDocument();
  });

  it('should show a viewer the saved road book to read, with nothing to change', async () => {
    fakeApi({ ...base, 'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'viewer' }])) });
    renderPortal(EDITOR);
    await opened();

    expect(screen.getByRole('heading', { name: '查看路书' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '编辑路书' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('路书名称')).not.toBeInTheDocument();
    expect(screen.getByText('Weekend trip')).toBeInTheDocument();
    // The waypoint is listed without its move and remove buttons, and nothing can be added or planned.
    expect(screen.getByText('Jiaxing')).toBeInTheDocument();
    for (const name of [/^上移/, /^下移/, /^移除/, /^保存路书$/, /^规划路线$/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '添加途经点' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('当前续航')).toBeDisabled();
    expect(within(candidateRow('Station CS-2')).getByRole('checkbox')).toBeDisabled();
    expect(within(candidateRow('Station CS-2')).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(candidateRow('Station CS-2')).getByText('coffee')).toBeInTheDocument();
  });

  it('should plan with the power features ticked, and without them once unticked', async () => {
    const calls = fakeApi(base);
    const { user } = renderPortal(EDITOR);
    await opened();
    // This road book was saved without power features: it opens planned without them.
    const [first] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options');
    expect(first).not.toHaveProperty('powerFeatures');
    expect(screen.getByRole('checkbox', { name: '仅高速服务区' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '仅蔚来' }));
    await user.click(screen.getByRole('checkbox', { name: '仅高速服务区' }));
    await user.click(screen.getByRole('button', { name: '规划路线' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST /api/nio/road-books/route/options')).toHaveLength(2));
    const [, ticked] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options');
    expect(ticked?.powerFeatures).toEqual(['only_service_area_power', 'only_nio']);

    await user.click(screen.getByRole('checkbox', { name: '仅蔚来' }));
    await user.click(screen.getByRole('checkbox', { name: '仅高速服务区' }));
    await user.click(screen.getByRole('button', { name: '规划路线' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST /api/nio/road-books/route/options')).toHaveLength(3));
    expect(
      bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options')[2],
    ).not.toHaveProperty('powerFeatures');
  });

  it('should reopen a road book with the power features and the arrival reserve it was saved with, and plan with them', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/nio/road-books/12': () =>
        ok(roadBookDetail({ powerFeatures: ['only_service_area_power'], arrivalReserve: 35 })),
    });
    renderPortal(EDITOR);
    await opened();

    const [first] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options');
    expect(first).toMatchObject({ powerFeatures: ['only_service_area_power'], arrivalReserve: 35 });
    expect(screen.getByRole('checkbox', { name: '仅高速服务区' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '仅蔚来' })).not.toBeChecked();
    expect(screen.getByLabelText('到站最低剩余续航')).toHaveValue('35');
  });

  it('should plan with the arrival reserve typed, show the portal default, and refuse one above the range', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/portal-config': () =>
        ok({ tileUrl: null, tileAttribution: null, uploadMaxBytes: 1024, routeArrivalReservePercent: 10 }),
    });
    const { user } = renderPortal(EDITOR);
    await opened();
    const [first] = bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options');
    expect(first).not.toHaveProperty('arrivalReserve');
    const reserve = screen.getByLabelText('到站最低剩余续航');
    // The saved road book's car has 400 km of range.
    await waitFor(() => expect(reserve).toHaveAttribute('placeholder', '默认 40 km（最大续航的 10%）'));

    await user.type(reserve, '35');
    await user.click(screen.getByRole('button', { name: '规划路线' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST /api/nio/road-books/route/options')).toHaveLength(2));
    expect(bodiesOf<RoutePlanningRequest>(calls, 'POST /api/nio/road-books/route/options')[1]).toMatchObject({
      arrivalReserve: 35,
    });

    await user.clear(reserve);
    await user.type(reserve, '450');
    expect(await screen.findByText('剩余续航不能大于最大续航')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '规划路线' })).toBeDisabled();

    await changeLanguage('en-US');
    expect(await screen.findByText('The reserve cannot exceed the maximum range')).toBeInTheDocument();
    expect(screen.getByLabelText('Arrival reserve')).toBeInTheDocument();
  });

  it('should list each place found with its region, in the order the server ranks them', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/road-books/power/search': () =>
        ok({
          result_code: 'success',
          data: {
            values: [
              searchHit('BJ-1', '国家电网北京朝阳公园超级充电站', '北京市/朝阳区'),
              searchHit('HN-1', '京港澳高速耒阳服务区（北京方向）充电站', '湖南省/衡阳市/耒阳市'),
            ],
          },
        }),
    });
    const { user } = renderPortal(EDITOR);
    await opened();

    await user.type(screen.getByRole('combobox', { name: '添加途经点' }), '北京');

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.getAttribute('title'))).toEqual([
      '国家电网北京朝阳公园超级充电站',
      '京港澳高速耒阳服务区（北京方向）充电站',
    ]);
    expect(screen.getByText('北京市 朝阳区')).toBeInTheDocument();
    expect(screen.getByText('湖南省 衡阳市 耒阳市')).toBeInTheDocument();
  });

  it('should offer no stations and say so when the station search fails', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/road-books/power/search': () => fail(503, 'unavailable', 'search is down'),
    });
    const { user } = renderPortal(EDITOR);
    await opened();

    await user.type(screen.getByRole('combobox', { name: '添加途经点' }), '充电');

    expect(await screen.findByText('站点搜索失败，请重试')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('should switch plans by tag and say how far the range falls short', async () => {
    fakeApi(base);
    const { user } = renderPortal(EDITOR);
    await opened();

    await user.click(screen.getByText('距离最短'));
    await screen.findByText('Station CS-4', { selector: '.ant-table-cell *' });
    expect(screen.queryByText('Station CS-1', { selector: '.ant-table-cell *' })).not.toBeInTheDocument();
    expect(screen.getByText('无法到达')).toBeInTheDocument();
    expect(screen.getByText(/续航不足 2 处，共差 23\.4 km/)).toBeInTheDocument();

    await user.click(screen.getByText('推荐、时间最短'));
    await opened();
  });

  it('should save only the waypoints and the chosen stops after a stop is changed', async () => {
    const calls = fakeApi({
      ...base,
      'PUT /api/nio/road-books/12': (request) => ok({ ...roadBookDetail(), ...(request.body as object) }),
    });
    const { user, router } = renderPortal(EDITOR);
    await opened();

    await user.click(within(candidateRow('Station CS-2')).getByRole('checkbox'));
    await user.click(within(candidateRow('Station PS-3_clone')).getByRole('checkbox'));
    await user.type(within(candidateRow('Station PS-3_clone')).getByRole('textbox'), 'swap');
    expect(screen.getByText('停靠站已改动，路线、里程和用时仍是改动前的结果')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '保存路书' }));
    await screen.findByText('已保存');
    const [saved] = bodiesOf<RoadBookSave>(calls, 'PUT /api/nio/road-books/12');
    expect(saved?.waypoints).toEqual(roadBookDetail().waypoints);
    expect(saved?.waypointResourceSeq).toEqual([
      {
        resourceId: 'PS-3',
        swapUseClone: true,
        type: 'PowerSwap',
        legIndex: 0,
        latitude: 30.8,
        longitude: 120.9,
        name: 'Station PS-3_clone',
        remark: 'swap',
      },
    ]);
    expect(saved).toMatchObject({ planTag: 'recommended', name: 'Weekend trip', tactics: 4 });
    expect(saved).not.toHaveProperty('resources');

    // Saved: leaving asks nothing.
    await router.navigate('/cmp-app/nio/road-books');
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/road-books'));
  });

  it('should ask before leaving with unsaved changes, stay when told to and leave when told to', async () => {
    fakeApi({
      ...base,
      'GET /api/nio/road-books': () => ok({ items: [], total: 0 }),
      'GET /api/nio/regions': () => ok({ items: [] }),
    });
    const { user, router } = renderPortal(EDITOR);
    await opened();

    await user.click(within(candidateRow('Station CS-1')).getByRole('checkbox'));
    void router.navigate('/cmp-app/nio/road-books');
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(currentUrl(router)).toBe(EDITOR));

    void router.navigate('/cmp-app/nio/road-books');
    // The answered question may still be in the document, closing; the new one comes after it.
    const again = await waitFor(() => {
      const dialogs = screen.getAllByRole('dialog', { name: '放弃未保存的修改？' });
      expect(dialogs.length).toBeGreaterThan(1);
      return dialogs.at(-1)!;
    });
    await user.click(within(again).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/road-books'));
  });
});
