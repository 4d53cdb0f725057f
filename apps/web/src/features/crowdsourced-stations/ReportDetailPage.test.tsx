import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportOnline, ReportReview } from '@cmp/domain/stations/crowdsourced-stations';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok, staffUser, type FakeHandler } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { reportDetail } from './test-report-detail';
import { report, reportPage } from './test-reports';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const DETAIL = '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-1';
const DETAIL_API = 'GET /api/nio/crowdsourced-stations/RPT-1';
const REPORTER = 'POST /api/nio/reporter-accounts/profile';

const base = (user = operator): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(user),
  'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
  [DETAIL_API]: () => ok(reportDetail()),
  [REPORTER]: () =>
    ok({ accountId: 'ACC100001', nickName: '上报达人', mobile: '13800000000', usualCity: '上海市' }),
  'GET /api/nio/operators': () =>
    ok({ items: [{ operatorId: 'OP-1', operatorName: 'Operator One' }], total: 1 }),
  'GET /api/nio/regions': () =>
    ok({
      items: [
        {
          regionId: '310000',
          name: '上海市',
          children: [{ regionId: '310115', name: '浦东新区' }],
        },
      ],
    }),
});

const openPage = async (handlers: Record<string, FakeHandler>) => {
  const calls = fakeApi(handlers);
  const view = renderPortal(DETAIL);
  await waitFor(() => expect(screen.getAllByText('字段比对').length).toBeGreaterThan(0));
  return { ...view, calls };
};

// The edit and going-online drawers hold long forms, as slow to render in jsdom as the station pages'.
describe('ReportDetailPage', () => {
  beforeAll(() => import('./ReportDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should compare the report with the nearest station, highlight what differs and show it on the map', async () => {
    const { user } = await openPage(base());
    const operatorRow = screen.getByRole('row', { name: '运营商' });
    expect(within(operatorRow).getByText('不一致')).toBeInTheDocument();
    expect(within(operatorRow).getByText('Operator One')).toBeInTheDocument();
    expect(within(operatorRow).getByText('Star Charge')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: '站点名称' })).queryByText('不一致')).toBeNull();
    expect(within(screen.getByRole('row', { name: '经纬度' })).getByText('相距 35 米')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: '直流功率' })).getAllByText('120 kW')).toHaveLength(2);

    // The report, the two nearest stations numbered by distance (the map waits for its tiles' settings).
    expect(await screen.findByTitle('上报位置：Reported station 1')).toBeInTheDocument();
    expect(screen.getByTitle('站点：Reported station 1，相距 35 米')).toBeInTheDocument();
    expect(screen.getByTitle('站点：Swap station far，相距 1.5 公里')).toBeInTheDocument();

    // Another station to compare with: its operator is the report's.
    await user.click(screen.getByRole('combobox', { name: '比对站点' }));
    await user.click(
      await screen.findByText('Swap station far（1.5 公里）', { selector: '.ant-select-item-option *' }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: '运营商' })).queryByText('不一致')).toBeNull(),
    );
    expect(within(screen.getByRole('row', { name: '站点名称' })).getByText('不一致')).toBeInTheDocument();
  });

  it('should list the possible duplicates with links to their pages and warn about them', async () => {
    await openPage({
      ...base(),
      [DETAIL_API]: () =>
        ok(
          reportDetail({
            duplicateCandidates: [
              {
                kind: 'station',
                id: 'PS-FAR',
                name: 'Swap station far',
                address: null,
                longitude: 121.51,
                latitude: 31.21,
                distance: 150,
              },
              {
                kind: 'report',
                id: 'RPT-9',
                name: 'Reported station 9',
                address: '9 Century Avenue',
                longitude: 121.5001,
                latitude: 31.2001,
                distance: 12,
              },
            ],
          }),
        ),
    });
    expect(screen.getByText('200 米内有 2 个疑似重复的站点或上报，请核对后再审核')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Swap station far' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/swap-station?resourceId=PS-FAR',
    );
    expect(screen.getByRole('link', { name: 'Reported station 9' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-9',
    );
    expect(await screen.findByTitle('疑似重复：Reported station 9，相距 12 米')).toBeInTheDocument();
  });

  it("should show the reporter with a link to the account and the reporter's other reports", async () => {
    await openPage(base());
    expect(await screen.findByText('上报达人')).toBeInTheDocument();
    expect(screen.getByText('上海市')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看用户详情' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/accounts/detail?accountId=ACC100001',
    );
    expect(screen.getByText('共上报 3 次')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reported station 7' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-7',
    );
  });

  it('should say so when the reporter account is not found', async () => {
    await openPage({ ...base(), [REPORTER]: () => ok({ accountId: 'notfound' }) });
    expect(await screen.findByText('账号不存在')).toBeInTheDocument();
    expect(screen.getByText('ACC100001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '查看用户详情' })).toBeNull();
  });

  it('should show the pictures as thumbnails', async () => {
    await openPage({
      ...base(),
      [DETAIL_API]: () =>
        ok(reportDetail({ pictures: [{ fileId: 'F-5', url: '/api/files/F-5', name: 'entrance.jpg' }] })),
    });
    expect(screen.getByRole('img', { name: 'entrance.jpg' })).toHaveAttribute('src', '/api/files/F-5');
  });

  it('should refuse a rejection without a reason and send the review with its notification', async () => {
    const reviews: ReportReview[] = [];
    const { user } = await openPage({
      ...base(),
      'POST /api/nio/crowdsourced-stations/RPT-1/review': ({ body }) => {
        reviews.push(body as ReportReview);
        return ok(report(1, { stationStatus: 2, rejectReason: '位置不存在', version: 2 }));
      },
    });
    await user.click(screen.getByRole('button', { name: '审核' }));
    const dialog = await findDialog('审核上报站点');
    await user.click(within(dialog).getByRole('radio', { name: '驳回' }));
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('输入不能为空')).toBeInTheDocument();
    expect(reviews).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('驳回原因'), '位置不存在');
    await user.click(within(dialog).getByRole('switch', { name: '通知上报人' }));
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    // The notification's title and content are asked for once it is on.
    await waitFor(() => expect(within(dialog).getAllByText('输入不能为空')).toHaveLength(2));
    expect(reviews).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('通知标题'), '上报审核结果');
    await user.type(within(dialog).getByLabelText('通知内容'), '您上报的站点未通过审核');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));

    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]).toEqual({
      stationStatus: 2,
      sendNotification: true,
      rejectReason: '位置不存在',
      notificationTitle: '上报审核结果',
      notificationContent: '您上报的站点未通过审核',
      version: 1,
    });
    expect(await screen.findByText('已驳回', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('should say the report changed and load it again when the review meets a newer version', async () => {
    let version = 1;
    const { user, calls } = await openPage({
      ...base(),
      [DETAIL_API]: () => ok(reportDetail({ version })),
      'POST /api/nio/crowdsourced-stations/RPT-1/review': () => {
        version = 2;
        return fail(409, 'conflict', '该上报站点已被他人修改，请刷新后重新操作', {
          key: 'crowdsourced.versionConflict',
        });
      },
    });
    await user.click(screen.getByRole('button', { name: '审核' }));
    const dialog = await findDialog('审核上报站点');
    await user.click(within(dialog).getByRole('radio', { name: '通过' }));
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(
      await within(dialog).findByText('该上报已被他人修改，已重新加载，请核对后重试'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/nio/crowdsourced-stations/RPT-1')).toHaveLength(2),
    );
  });

  it('should bring an approved report online with the form filled from it and link to the new station', async () => {
    const requests: ReportOnline[] = [];
    const approved = {
      stationStatus: 1 as const,
      electricityFee: '1.2',
      serviceFee: '0.8',
      siteGuide: 'B2 层',
    };
    const { user } = await openPage({
      ...base(),
      [DETAIL_API]: () =>
        ok(
          reportDetail(
            requests.length === 0 ? approved : { ...approved, onlineStatus: 1, stationId: 'CS-NEW' },
          ),
        ),
      'POST /api/nio/crowdsourced-stations/RPT-1/online': ({ body }) => {
        requests.push(body as ReportOnline);
        return ok({
          report: report(1, { ...approved, onlineStatus: 1, stationId: 'CS-NEW' }),
          resourceId: 'CS-NEW',
        });
      },
    });
    await user.click(screen.getByRole('button', { name: '上线' }));
    const drawer = await findDialog('上线为站点');
    expect(await within(drawer).findByDisplayValue('Reported station 1')).toBeInTheDocument();
    expect(within(drawer).getByText('上报内容：1.2')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '上线' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      resourceName: 'Reported station 1',
      operatorId: 'OP-1',
      regionId: '310115',
      address: '1 Century Avenue',
      longitude: 121.5,
      latitude: 31.2,
      guide: 'B2 层',
      electricityFee: [{ start: '00:00', end: '24:00', fee: 1.2 }],
      serviceFee: [{ start: '00:00', end: '24:00', fee: 0.8 }],
      parkNumbers: 10,
      chargers: [
        { equipmentType: 'DC', count: 2, power: 120 },
        { equipmentType: 'AC', count: 4, power: 7 },
      ],
      version: 1,
    });
    expect(requests[0]?.businessHours.openList).toHaveLength(7);
    expect(await within(drawer).findByText('已上线为站点 CS-NEW')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '查看站点' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-NEW',
    );
    // The page reloads the report, now online: no more actions, and the drawer still shows the station.
    expect(await screen.findByText('该上报已上线为站点 CS-NEW，不能再审核、编辑或删除')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull();
    expect(within(drawer).getByText('已上线为站点 CS-NEW')).toBeInTheDocument();
  });

  it('should make a new station beside possible duplicates only once the reviewer confirms, and warn no more once online', async () => {
    const requests: ReportOnline[] = [];
    const approved = {
      stationStatus: 1 as const,
      electricityFee: '1.2',
      serviceFee: '0.8',
      duplicateCandidates: [
        {
          kind: 'station' as const,
          id: 'CS-NEAR',
          name: 'Station next door',
          address: null,
          longitude: 121.5001,
          latitude: 31.2,
          distance: 12.4,
        },
      ],
    };
    const { user } = await openPage({
      ...base(),
      [DETAIL_API]: () =>
        ok(
          reportDetail(
            requests.length === 0 ? approved : { ...approved, onlineStatus: 1, stationId: 'CS-NEW' },
          ),
        ),
      'POST /api/nio/crowdsourced-stations/RPT-1/online': ({ body }) => {
        requests.push(body as ReportOnline);
        return ok({
          report: report(1, { ...approved, onlineStatus: 1, stationId: 'CS-NEW' }),
          resourceId: 'CS-NEW',
        });
      },
    });
    // Approved: the warning is now about going online, not about reviewing.
    expect(
      screen.getByText('200 米内有 1 个疑似重复的站点或上报，请确认不是重复后再上线'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '上线' }));
    const drawer = await findDialog('上线为站点');
    expect(await within(drawer).findByDisplayValue('Reported station 1')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: '上线' }));
    let confirm = await findDialog('附近有 1 个疑似重复的站点或上报，仍要新建站点吗？');
    expect(within(confirm).getByText('站点「Station next door」，相距 12 米')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(requests).toHaveLength(0);

    await user.click(within(drawer).getByRole('button', { name: '上线' }));
    confirm = await findDialog('附近有 1 个疑似重复的站点或上报，仍要新建站点吗？');
    await user.click(within(confirm).getByRole('button', { name: '不是重复，新建站点' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ duplicatesConfirmed: true, version: 1 });
    expect(await screen.findByText('该上报已上线为站点 CS-NEW，不能再审核、编辑或删除')).toBeInTheDocument();
    expect(screen.queryByText(/疑似重复的站点或上报，请/)).toBeNull();
  });

  it('should lead back to the review queue, with its filters, when the report was opened from it', async () => {
    const { router } = await openPage(base());
    expect(screen.getByRole('link', { name: /返回众包站点列表/ })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations',
    );
    const queue = '/cmp-app/nio/crowdsourced-stations/review?source=mini';
    await router.navigate(DETAIL, { state: { from: queue } });
    expect(await screen.findByRole('link', { name: /返回审核队列/ })).toHaveAttribute('href', queue);
  });

  it('should not offer going online before the report is approved', async () => {
    await openPage(base());
    expect(screen.getByRole('button', { name: '审核' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '上线' })).toBeNull();
  });

  it('should show an online report read-only with its station', async () => {
    await openPage({
      ...base(),
      [DETAIL_API]: () => ok(reportDetail({ stationStatus: 1, onlineStatus: 1, stationId: 'CS-NEAR' })),
    });
    expect(screen.getByText('该上报已上线为站点 CS-NEAR，不能再审核、编辑或删除')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '查看站点' })[0]).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-NEAR',
    );
    for (const action of ['审核', '上线', '编辑', '删除']) {
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    }
  });

  it('should edit the report, keeping unsaved changes on cancel and saying that another reporter moves the discoverer relation', async () => {
    const updates: unknown[] = [];
    const { user } = await openPage({
      ...base(),
      [DETAIL_API]: () => ok(reportDetail({ stationId: 'CS-NEAR' })),
      'PUT /api/nio/crowdsourced-stations/RPT-1': ({ body }) => {
        updates.push(body);
        return ok(report(1, { stationName: '世纪大道充电站', version: 2 }));
      },
    });
    await user.click(screen.getByRole('button', { name: '编辑' }));
    const drawer = await findDialog('编辑上报站点');
    const name = await within(drawer).findByDisplayValue('Reported station 1');
    // Set at once rather than typed: the drawer's long form re-renders on every key.
    fireEvent.change(name, { target: { value: '世纪大道充电站' } });
    fireEvent.change(within(drawer).getByDisplayValue('ACC100001'), { target: { value: 'ACC100002' } });
    expect(
      await within(drawer).findByText('更换上报人后，站点 CS-NEAR 的发现者关系将从原上报人转给新上报人。'),
    ).toBeInTheDocument();
    // Cancel does not drop the changes without asking.
    await user.click(within(drawer).getByRole('button', { name: '取消' }));
    const ask = await findDialog('放弃未保存的修改？');
    await user.click(within(ask).getByRole('button', { name: '继续编辑' }));
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({
      stationName: '世纪大道充电站',
      creatorAccountId: 'ACC100002',
      stationId: 'CS-NEAR',
      operatorId: 'OP-1',
      operatorName: 'Operator One',
      electricityFee: null,
      version: 1,
    });
  });

  it('should ask before deleting and go back to the list after', async () => {
    let deleted = '';
    const { user, router } = await openPage({
      ...base(),
      'DELETE /api/nio/crowdsourced-stations/RPT-1': ({ query }) => {
        deleted = query.get('version') ?? '';
        return noContent();
      },
      'POST /api/nio/crowdsourced-stations/search': () => ok(reportPage([])),
    });
    await user.click(screen.getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除上报站点“Reported station 1”？');
    expect(deleted).toBe('');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/crowdsourced-stations'));
    expect(deleted).toBe('1');
  });

  it('should offer a viewer no action', async () => {
    await openPage(base(viewer));
    expect(
      screen.getByText('Reported station 1', { selector: '.ant-card-head-title span' }),
    ).toBeInTheDocument();
    for (const action of ['审核', '上线', '编辑', '删除']) {
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    }
  });

  it('should answer a report that is not there with a way back to the list', async () => {
    fakeApi({ ...base(), [DETAIL_API]: () => fail(404, 'not_found') });
    renderPortal(DETAIL);
    expect(await screen.findByText('上报站点不存在或已被删除')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回众包站点列表/ })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations',
    );
  });

  it('should show the review page in English', async () => {
    await changeLanguage('en-US');
    fakeApi(base());
    renderPortal(DETAIL);
    expect(await screen.findByText('Field comparison')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Operator' })).getByText('Differs')).toBeInTheDocument();
    expect(screen.getByText('3 reports in all')).toBeInTheDocument();
  });
});
