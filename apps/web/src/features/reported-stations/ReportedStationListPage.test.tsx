import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { lookups, operator, viewer, reportedStation } from './test-reported-stations';

const LIST = '/api/nio/reported-stations';
const listQueries = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.method === 'GET' && c.path === LIST).map((c) => Object.fromEntries(c.query));

describe('ReportedStationListPage', () => {
  beforeAll(() => import('./ReportedStationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show each station with its parties, labels and counts, in the menu of the resources', async () => {
    fakeApi({
      ...lookups(operator),
      [`GET ${LIST}`]: () =>
        ok({
          total: 2,
          items: [
            reportedStation(1, { source: 'nio', subOperatorId: 'SUB1', subOperatorName: '城市合伙人' }),
            reportedStation(2, {
              source: 'mini',
              stationStatus: 3,
              operatorId: 'OP9',
              operatorName: null,
              dcEquipmentNumber: 7,
            }),
          ],
        }),
    });
    renderPortal('/cmp-app/nio/reported-stations');

    const first = await screen.findByRole('link', { name: 'CN-1' });
    expect(first).toHaveAttribute('href', '/cmp-app/nio/reported-stations/edit?connectorId=CN-1');
    const row1 = first.closest('tr') as HTMLElement;
    for (const text of [
      '站点 1',
      '星星充电',
      '城市合伙人',
      '星星设备',
      '蔚来 App',
      '上海市/黄浦区',
      '正常',
    ]) {
      expect(within(row1).getByText(text)).toBeInTheDocument();
    }
    const row2 = screen.getByRole('link', { name: 'CN-2' }).closest('tr') as HTMLElement;
    // An operator the portal no longer knows reads as its id; the status and the source by their labels.
    for (const text of ['OP9', '小程序', '已下线', '7'])
      expect(within(row2).getByText(text)).toBeInTheDocument();
    expect(screen.getAllByText('运营商上报站点').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新建站点/ })).toBeInTheDocument();
  });

  it('should send the reported station filter from the URL, the source among them', async () => {
    const calls = fakeApi({
      ...lookups(viewer),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [reportedStation(3, { source: 'mini' })] }),
    });
    renderPortal(
      '/cmp-app/nio/reported-stations?source=mini&equipmentOwnerId=OWN2&stationName=%E5%B9%BF%E5%9C%BA' +
        '&address=%E9%BB%84%E6%B5%A6&createTimeStart=1000&createTimeEnd=2000&sort=stationName:asc&pageSize=50',
    );
    await screen.findByRole('link', { name: 'CN-3' });
    expect(listQueries(calls).at(-1)).toEqual({
      pageNo: '1',
      pageSize: '50',
      sort: 'stationName:asc',
      source: 'mini',
      equipmentOwnerId: 'OWN2',
      stationName: '广场',
      address: '黄浦',
      createTimeStart: '1000',
      createTimeEnd: '2000',
    });
    // Viewers read: no new station.
    expect(screen.queryByRole('button', { name: /新建站点/ })).toBeNull();
  });

  it('should filter by the source the user picks', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [reportedStation(1)] }),
    });
    const { user } = renderPortal('/cmp-app/nio/reported-stations');
    await screen.findByRole('link', { name: 'CN-1' });
    expect(listQueries(calls).at(-1)).toMatchObject({ sort: 'createdAt:desc' });

    await user.click(screen.getByRole('combobox', { name: '来源' }));
    await user.click(await screen.findByText('小程序', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ source: 'mini', pageNo: '1' }));
  });

  it('should export the list as filtered with the visible columns', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`GET ${LIST}`]: () => ok({ total: 1, items: [reportedStation(1)] }),
      [`GET ${LIST}/export`]: () => ({ status: 202, body: { jobId: 1, kind: 'export', state: 'queued' } }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal('/cmp-app/nio/reported-stations?source=nio');
    await screen.findByRole('link', { name: 'CN-1' });
    await user.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.some((c) => c.path === `${LIST}/export`)).toBe(true));
    const query = Object.fromEntries(calls.find((c) => c.path === `${LIST}/export`)?.query ?? []);
    expect(query).toMatchObject({ source: 'nio', sort: 'createdAt:desc' });
    expect(query.columns?.split(',').slice(0, 4)).toEqual([
      'connectorId',
      'stationName',
      'operator',
      'subOperator',
    ]);
    expect(query).not.toHaveProperty('pageNo');
  });
});
