import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { operationLog } from './test-remote-operations';

const LIST = '/api/nio/remote-operations';
const me = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const listQueries = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === LIST).map((c) => Object.fromEntries(c.query));

const firmware = operationLog(12, {
  resourceId: 'CS-9',
  chargePointId: 'CS-9-E2',
  operationType: 'UPDATE_FIRMWARE',
  operatorType: 'system',
  operator: '升级任务 4',
  command: 'UpdateFirmware',
  commandInfo: { location: 'http://portal.test/firmware/abc', retrieveDate: '2026-03-02T01:30:00.000Z' },
  status: 3,
  progress: 'Installing',
  percentage: 75,
  upgradeInfo: { upgradePackageId: 2, version: '2.5.0', campaignId: 4, firmwareStatus: 'Installing' },
});

describe('RemoteOperationListPage', () => {
  beforeAll(() => import('./RemoteOperationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it("should list the network's unfinished operations by default, running upgrades with their progress", async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [firmware] }),
      [`GET ${LIST}/12`]: () => ok(firmware),
    });
    const { router, user } = renderPortal('/cmp-app/nio/remote-operations');

    const station = await screen.findByRole('link', { name: 'CS-9' });
    expect(station).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-9&tab=remote-operations',
    );
    const row = station.closest('tr') as HTMLElement;
    for (const text of ['固件升级', '系统 · 升级任务 4', '执行中', '安装中', '75%'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    // The default is named in the URL, so the form shows it.
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/remote-operations?status=open'));
    expect(listQueries(calls).at(-1)).toEqual({ pageNo: '1', pageSize: '20', status: '0,3' });
    expect(screen.getAllByText('远程操作').length).toBeGreaterThan(0);

    await user.click(within(row).getByRole('button', { name: '12' }));
    const payload = await screen.findByTestId('operation-payload');
    expect(JSON.parse(payload.textContent ?? '')).toEqual(firmware.commandInfo);
    const answer = JSON.parse(screen.getByTestId('operation-answer').textContent ?? '') as Record<
      string,
      unknown
    >;
    expect(answer).toMatchObject({ status: 3, progress: 'Installing', percentage: 75 });
  });

  it('should send the filter from the URL in the API names', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [operationLog(3, { status: 2, reason: 'timeout' })] }),
    });
    renderPortal(
      '/cmp-app/nio/remote-operations?status=all&resource_id=CS-1&charge_point_id=CS-1-E1' +
        '&operation_type=RESET_SOFT&create_time_begin=1000&create_time_end=2000&pageNo=2&sort=createAt:asc',
    );
    const row = (await screen.findByText('充电桩未在规定时间内应答')).closest('tr');
    expect(row).not.toBeNull();
    expect(listQueries(calls).at(-1)).toEqual({
      pageNo: '2',
      pageSize: '20',
      sort: 'createAt:asc',
      status: '0,1,2,3',
      resource_id: 'CS-1',
      charge_point_id: 'CS-1-E1',
      operation_type: 'RESET_SOFT',
      create_time_begin: '1000',
      create_time_end: '2000',
    });
  });

  it('should export the list as filtered with the visible columns', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(me),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [operationLog(1)] }),
      [`GET ${LIST}/export`]: () => ({ status: 202, body: { jobId: 1, kind: 'export', state: 'queued' } }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal('/cmp-app/nio/remote-operations?status=2');
    await screen.findByRole('link', { name: 'CS-1' });
    await user.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.some((c) => c.path === `${LIST}/export`)).toBe(true));
    const query = Object.fromEntries(calls.find((c) => c.path === `${LIST}/export`)?.query ?? []);
    expect(query).toMatchObject({ status: '2' });
    expect(query.columns?.split(',').slice(0, 4)).toEqual([
      'remoteOperationLogId',
      'createAt',
      'resourceId',
      'chargePointId',
    ]);
    expect(query).not.toHaveProperty('pageNo');
  });
});
