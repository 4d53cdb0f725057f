import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { pathItem } from './test-charging-paths';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const LIST = '/api/nio/charging-paths';
const listQueries = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === LIST).map((c) => Object.fromEntries(c.query));
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ChargingPathListPage', () => {
  beforeAll(() => import('./ChargingPathListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should search with every filter of the spec and show each path with its labels', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${LIST}`]: () =>
        ok({
          items: [
            pathItem(7),
            pathItem(8, {
              status: 'not_reachable',
              tag: 'least_time',
              commentaryRating: null,
              name: null,
              mobile: '139****0002',
            }),
          ],
          total: 42,
        }),
    });
    const start = Date.parse('2026-11-01T08:00:00+08:00');
    const end = Date.parse('2026-11-20T18:30:59.999+08:00');
    renderPortal(
      `/cmp-app/nio/charging-paths?startTime=${start}&endTime=${end}&commentaryRating=1&commentaryRating=2` +
        `&name=${encodeURIComponent('张')}&mobile=13800000001&originPoint=${encodeURIComponent('上海')}` +
        `&destinationPoint=${encodeURIComponent('杭州')}`,
    );

    const user = await screen.findByText('用户7');
    expect(listQueries(calls).at(-1)).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'searchTime:desc',
      startTime: String(start),
      endTime: String(end),
      commentaryRating: '1,2',
      name: '张',
      mobile: '13800000001',
      originPoint: '上海',
      destinationPoint: '杭州',
    });

    expect(user.closest('a')).toHaveAttribute('href', '/cmp-app/nio/accounts/detail?accountId=ACC7');
    expect(screen.getByRole('link', { name: '查看路径 7' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/charging-paths/detail?pathId=7',
    );
    const row = rowOf('用户7');
    expect(within(row).getByText('昵称7')).toBeInTheDocument();
    expect(within(row).getByText('上海虹桥站')).toBeInTheDocument();
    expect(within(row).getByText('杭州西湖')).toBeInTheDocument();
    expect(within(row).getByText('推荐')).toBeInTheDocument();
    expect(within(row).getByText('214.3 km')).toBeInTheDocument();
    expect(within(row).getByText('2 小时 36 分')).toBeInTheDocument();
    expect(within(row).getByText('已规划')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '4 星' })).toBeInTheDocument();
    expect(within(row).getByText('420 km')).toBeInTheDocument();

    // Without a name the nickname links to the account; the mobile is as the server masked it.
    const other = rowOf('昵称8');
    expect(within(other).getByText('续航不足')).toBeInTheDocument();
    expect(within(other).getByText('时间最短')).toBeInTheDocument();
    expect(within(other).getByText('未评价')).toBeInTheDocument();
    expect(within(other).getByText('139****0002')).toBeInTheDocument();
    expect(screen.getByText('共 42 条')).toBeInTheDocument();
  });

  it('should offer the ratings as a multiple choice, sent comma-joined', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${LIST}`]: () => ok({ items: [pathItem(7)], total: 1 }),
    });
    const { user } = renderPortal('/cmp-app/nio/charging-paths');
    await screen.findByText('用户7');

    await user.click(screen.getByLabelText('评分'));
    await user.click(await screen.findByTitle('5 星'));
    await user.click(await screen.findByTitle('1 星'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ commentaryRating: '1,5' }));
  });

  it('should export the list as filtered with the visible columns', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${LIST}`]: () => ok({ items: [pathItem(7)], total: 1 }),
      [`GET ${LIST}/export`]: () => ({ status: 202, body: { jobId: 1, kind: 'export', state: 'queued' } }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal('/cmp-app/nio/charging-paths?commentaryRating=5&originPoint=上海');
    await screen.findByText('用户7');

    await user.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.some((c) => c.path === `${LIST}/export`)).toBe(true));
    const query = Object.fromEntries(calls.find((c) => c.path === `${LIST}/export`)?.query ?? []);
    expect(query).toMatchObject({ sort: 'searchTime:desc', commentaryRating: '5', originPoint: '上海' });
    expect(query).not.toHaveProperty('pageNo');
    expect(query.columns?.split(',').slice(0, 5)).toEqual([
      'pathId',
      'searchTime',
      'user',
      'mobile',
      'origPoi',
    ]);
  });

  it('should label statuses and plans in English', async () => {
    await changeLanguage('en-US');
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      [`GET ${LIST}`]: () => ok({ items: [pathItem(7, { status: 'no_route', tag: 'reachable' })], total: 1 }),
    });
    renderPortal('/cmp-app/nio/charging-paths');
    const row = rowOf(await screen.findByText('用户7').then((el) => el.textContent!));
    expect(within(row).getByText('No route')).toBeInTheDocument();
    expect(within(row).getByText('Range reserve')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '4 stars' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Planned at' })).toBeInTheDocument();
  });
});
