import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@cmp/domain';
import type { CrowdsourcedListRequest } from '@cmp/domain/stations/crowdsourced-stations';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler, type FakeRequest } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { report, reportPage } from './test-reports';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const SEARCH = '/api/nio/crowdsourced-stations/search';
const CREATE = '/api/nio/crowdsourced-stations';

const lookups = (user: CurrentUser): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(user),
  'GET /api/nio/regions': () =>
    ok({
      items: [
        {
          regionId: '310000',
          name: '上海市',
          children: [
            { regionId: '310100', name: '上海市', children: [{ regionId: '310115', name: '浦东新区' }] },
          ],
        },
      ],
    }),
  'GET /api/nio/operators': () =>
    ok({ items: [{ operatorId: 'OP-1', operatorName: 'Operator One' }], total: 1 }),
});
const searchBodies = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === SEARCH).map((c) => c.body as CrowdsourcedListRequest);

const pending = report(1, {
  duplicateCandidates: [
    {
      kind: 'station',
      id: 'CS-9',
      name: 'Near 9',
      address: null,
      longitude: 121.5,
      latitude: 31.2,
      distance: 40,
    },
    {
      kind: 'report',
      id: 'RPT-8',
      name: 'Near 8',
      address: null,
      longitude: 121.5,
      latitude: 31.2,
      distance: 90,
    },
  ],
  isChargingBlindSpot: true,
});
const online = report(2, {
  source: 'staff',
  stationStatus: 1,
  onlineStatus: 1,
  stationId: 'CS-NEW-2',
  reviewUser: 'reviewer-li',
  reviewTime: Date.parse('2026-03-03T10:00:00+08:00'),
  creatorAccountId: null,
  createUserNickName: null,
  createUserMobile: null,
});

describe('CrowdsourcedListPage', () => {
  beforeAll(() => import('./CrowdsourcedListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each report with its labels, flags and links', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () => ok(reportPage([pending, online])),
    });
    renderPortal('/cmp-app/nio/crowdsourced-stations');

    const id = await screen.findByRole('link', { name: 'RPT-1' });
    expect(id).toHaveAttribute('href', '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-1');
    expect(searchBodies(calls).at(-1)).toEqual({ pageNo: 1, pageSize: 20, sort: 'createdAt:desc' });

    const first = id.closest('tr') as HTMLElement;
    expect(within(first).getByText('蔚来 App')).toBeInTheDocument();
    expect(within(first).getByText('上海市 浦东新区')).toBeInTheDocument();
    expect(within(first).getByText('待审核')).toBeInTheDocument();
    expect(within(first).getByText('未上线')).toBeInTheDocument();
    expect(within(first).getByText('盲点')).toBeInTheDocument();
    expect(within(first).getByText('疑似重复 2')).toBeInTheDocument();
    expect(within(first).getByText('13800000000')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Reporter 1' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/accounts/detail?accountId=ACC100001',
    );

    const second = screen.getByRole('link', { name: 'RPT-2' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('员工')).toBeInTheDocument();
    expect(within(second).getByText('审核通过')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '已上线' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-NEW-2',
    );
    expect(within(second).getByText('未关联用户')).toBeInTheDocument();
    expect(within(second).getByText('reviewer-li')).toBeInTheDocument();
    expect(within(second).queryByText(/疑似重复/)).toBeNull();
    expect(screen.getByText('新增上报').closest('button')).toBeInTheDocument();
    // Both screens are in the menu.
    expect(screen.getAllByText('众包站点').length).toBeGreaterThan(0);
    expect(screen.getAllByText('站点审核').length).toBeGreaterThan(0);
  });

  it('should send the whole review filter from the URL', async () => {
    const calls = fakeApi({ ...lookups(operator), [`POST ${SEARCH}`]: () => ok(reportPage([pending])) });
    renderPortal(
      '/cmp-app/nio/crowdsourced-stations?stationStatus=2&source=pe&stationName=%20Hub%20&areaRegions=310000' +
        '&areaRegions=310100&areaRegions=310115&address=Century&mobile=13800000000&onlineStatus=0' +
        '&createTimeStart=1000&createTimeEnd=2000&reviewTimeStart=3000&reviewTimeEnd=4000&reviewUser=li' +
        '&creatorAccountId=ACC100001&chargingBlindSpot=1&suspectedDuplicate=true&sort=reviewTime:desc&pageSize=50',
    );
    await screen.findByRole('link', { name: 'RPT-1' });
    expect(searchBodies(calls).at(-1)).toEqual({
      pageNo: 1,
      pageSize: 50,
      sort: 'reviewTime:desc',
      source: 'pe',
      stationName: 'Hub',
      areaCode: '310115',
      address: 'Century',
      mobile: '13800000000',
      creatorAccountId: 'ACC100001',
      onlineStatus: 0,
      createTimeStart: 1000,
      createTimeEnd: 2000,
      reviewTimeStart: 3000,
      reviewTimeEnd: 4000,
      reviewUser: 'li',
      stationStatus: 2,
      chargingBlindSpot: 1,
      suspectedDuplicate: true,
    });
  });

  it('should filter by the review status the user picks', async () => {
    const calls = fakeApi({ ...lookups(operator), [`POST ${SEARCH}`]: () => ok(reportPage([pending])) });
    const { user } = renderPortal('/cmp-app/nio/crowdsourced-stations');
    await screen.findByRole('link', { name: 'RPT-1' });

    await user.click(screen.getByRole('combobox', { name: '审核状态' }));
    await user.click(await screen.findByText('已驳回', { selector: '.ant-select-item-option-content' }));
    // A role query over the whole list takes long in jsdom; the button's text is enough.
    await user.click(screen.getByText(/^查\s*询$/));

    await waitFor(() => expect(searchBodies(calls).at(-1)).toMatchObject({ stationStatus: 2, pageNo: 1 }));
  });

  it('should sort by the clicked column on the server and show the rows in its order', async () => {
    const older = report(3, { createdAt: Date.parse('2026-01-01T08:00:00+08:00') });
    const newer = report(4, { createdAt: Date.parse('2026-02-01T08:00:00+08:00') });
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: (request) =>
        ok(
          reportPage(
            (request.body as CrowdsourcedListRequest).sort === 'createdAt:asc'
              ? [older, newer]
              : [newer, older],
          ),
        ),
    });
    const { user } = renderPortal('/cmp-app/nio/crowdsourced-stations');
    await screen.findByRole('link', { name: 'RPT-3' });

    await user.click(screen.getByRole('columnheader', { name: /上报时间/ }));

    await waitFor(() => expect(searchBodies(calls).at(-1)).toMatchObject({ sort: 'createdAt:asc' }));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /^RPT-/ }).map((a) => a.textContent)).toEqual([
        'RPT-3',
        'RPT-4',
      ]),
    );
  });

  it('should create a staff report with every value entered, then reload the list', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () => ok(reportPage([pending])),
      [`POST ${CREATE}`]: () => ok(report(9, { objectId: 'CSR-00000000000000a9', source: 'staff' }), 201),
    });
    const { user } = renderPortal('/cmp-app/nio/crowdsourced-stations');
    await screen.findByRole('link', { name: 'RPT-1' });
    const searchesBefore = searchBodies(calls).length;

    await user.click(screen.getByText('新增上报'));
    const drawer = (await screen.findByText('新增上报站点')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('站点名称'), { target: { value: '新站' } });
    fireEvent.change(within(drawer).getByLabelText('地址'), { target: { value: '世纪大道 100 号' } });
    fireEvent.change(within(drawer).getByLabelText('区域代码'), { target: { value: '310115' } });
    fireEvent.change(within(drawer).getByLabelText('经度'), { target: { value: '121.5' } });
    fireEvent.change(within(drawer).getByLabelText('纬度'), { target: { value: '31.2' } });
    fireEvent.change(within(drawer).getByLabelText('直流桩数'), { target: { value: '3' } });
    fireEvent.change(within(drawer).getByLabelText('上报人账户 ID'), { target: { value: 'ACC100001' } });
    await user.click(within(drawer).getByText(/^创\s*建$/));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === CREATE)).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === CREATE)?.body).toEqual({
      stationName: '新站',
      address: '世纪大道 100 号',
      areaCode: '310115',
      longitude: 121.5,
      latitude: 31.2,
      source: 'staff',
      dcPower: 0,
      dcCurrent: 0,
      dcEquipmentNumber: 3,
      acPower: 0,
      acCurrent: 0,
      acEquipmentNumber: 0,
      isChargingBlindSpot: false,
      creatorAccountId: 'ACC100001',
    });
    expect(await screen.findByText('已新增上报站点 CSR-00000000000000a9')).toBeInTheDocument();
    await waitFor(() => expect(searchBodies(calls).length).toBeGreaterThan(searchesBefore));
  });

  it("should refuse what the contract refuses and mark the server's complaints", async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () => ok(reportPage([pending])),
      [`POST ${CREATE}`]: () => fail(404, 'user_not_found', 'account not found'),
    });
    const { user } = renderPortal('/cmp-app/nio/crowdsourced-stations');
    await screen.findByRole('link', { name: 'RPT-1' });

    await user.click(screen.getByText('新增上报'));
    const drawer = (await screen.findByText('新增上报站点')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('地址'), { target: { value: '世纪大道 100 号' } });
    fireEvent.change(within(drawer).getByLabelText('经度'), { target: { value: '200' } });
    fireEvent.change(within(drawer).getByLabelText('纬度'), { target: { value: '31.2' } });
    await user.click(within(drawer).getByText(/^创\s*建$/));

    await waitFor(() => expect(within(drawer).getAllByText('输入不能为空').length).toBeGreaterThan(0));
    expect(within(drawer).getByText('输入数字不能超过180')).toBeInTheDocument();
    expect(calls.some((c) => c.path === CREATE)).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('站点名称'), { target: { value: '新站' } });
    fireEvent.change(within(drawer).getByLabelText('经度'), { target: { value: '121.5' } });
    fireEvent.change(within(drawer).getByLabelText('上报人账户 ID'), { target: { value: 'ACC404' } });
    await user.click(within(drawer).getByText(/^创\s*建$/));

    await waitFor(() =>
      expect(within(drawer).getByText('该区域没有此账户，请核对账户 ID')).toBeInTheDocument(),
    );
    expect(within(drawer).getByText('请按提示修改标出的字段。')).toBeInTheDocument();
  });

  it('should offer a viewer no create button', async () => {
    fakeApi({
      ...lookups(viewer),
      [`POST ${SEARCH}`]: () => ok(reportPage([report(5, { createUserMobile: '138****0000' })])),
    });
    renderPortal('/cmp-app/nio/crowdsourced-stations');
    expect(await screen.findByText('138****0000')).toBeInTheDocument();
    expect(screen.queryByText('新增上报')).toBeNull();
    expect(screen.getByText('导出')).toBeInTheDocument();
  });

  it('should export the list as filtered, with the visible columns', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () => ok(reportPage([pending])),
      'GET /api/nio/crowdsourced-stations/export': () => ({
        status: 202,
        body: { jobId: 1, kind: 'export', state: 'queued' },
      }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal(
      '/cmp-app/nio/crowdsourced-stations?stationStatus=0&suspectedDuplicate=true',
    );
    await screen.findByRole('link', { name: 'RPT-1' });
    await user.click(screen.getByText('导出'));
    const exported = () => calls.find((c) => c.path === '/api/nio/crowdsourced-stations/export');
    await waitFor(() => expect(exported()).toBeDefined());
    const query = Object.fromEntries(exported()?.query ?? []);
    expect(query).toMatchObject({ sort: 'createdAt:desc', stationStatus: '0', suspectedDuplicate: 'true' });
    expect(query.columns?.split(',').slice(0, 8)).toEqual([
      'objectId',
      'stationName',
      'source',
      'area',
      'address',
      'reporter',
      'mobile',
      'stationStatus',
    ]);
    expect(query).not.toHaveProperty('pageNo');
  });
});
