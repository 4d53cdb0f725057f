import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { CurrentUser } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fakeApi, ok, staffUser, type FakeHandler } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { comment, noOperations } from './test-comments';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

const lookups = (me: CurrentUser): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(me),
  'GET /api/nio/operators': () =>
    ok({ items: [{ operatorId: 'op-1', operatorName: 'Star Charge' }], total: 1 }),
  'GET /api/nio/equipment-owners': () =>
    ok({ items: [{ equipmentOwnerId: 'own-1', equipmentOwnerName: 'Owner One' }], total: 1 }),
  'GET /api/nio/regions': () =>
    ok({
      items: [
        {
          regionId: '310000',
          name: '上海市',
          children: [
            { regionId: '310100', name: '市辖区', children: [{ regionId: '310101', name: '黄浦区' }] },
          ],
        },
      ],
    }),
});

const SEARCH = '/api/nio/comments/search';
const searchBodies = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.method === 'POST' && c.path === SEARCH).map((c) => c.body);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('CommentListPage', () => {
  beforeAll(() => import('./CommentListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should search with the filter mapped to the contract and show each comment', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () =>
        ok({
          items: [
            comment(7, { top: true, focused: true, replyNumber: 1 }),
            comment(8, {
              resourceId: 'PS-1',
              resourceName: 'Swap PS-1',
              resourceType: 'PowerSwap',
              rating: 2,
            }),
          ],
          total: 2,
        }),
    });
    const start = Date.parse('2026-03-01T15:00:00+08:00');
    const end = Date.parse('2026-03-02T09:00:00+08:00');
    renderPortal(
      '/cmp-app/nio/feedback-list?chargeStationOperatorId=op-1&chargeStationRegions=310000' +
        `&chargeStationRegions=310100&startTime=${start}&endTime=${end}&hasCommentaryText=true` +
        '&replyNumberMin=1&commentaryIdList=7,%208,x&client=nio_app&mobile=138&sort=rating:asc',
    );

    const station = await screen.findByText('Station CS-1');
    expect(searchBodies(calls).at(-1)).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: 'rating:asc',
      chargeStationOperatorId: 'op-1',
      chargeStationRegionId: '310100',
      startTime: dayjs(start).startOf('day').valueOf(),
      endTime: dayjs(end).endOf('day').valueOf(),
      mobile: '138',
      client: 'nio_app',
      hasCommentaryText: true,
      replyNumberMin: 1,
      commentaryIdList: [7, 8],
    });

    expect(station.closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
    );
    expect(screen.getByText('Swap PS-1').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/swap-station?resourceId=PS-1',
    );
    const row = rowOf('Station CS-1');
    expect(within(row).getByRole('img', { name: '4 星' })).toBeInTheDocument();
    expect(within(row).getByText('Comment 7: fast charging, clean site')).toBeInTheDocument();
    expect(within(row).getByText('充电快')).toBeInTheDocument();
    expect(within(row).getByAltText('图片 1')).toHaveAttribute('src', '/files/7-s.jpg');
    expect(within(row).getByText('User 7')).toBeInTheDocument();
    expect(within(row).getByText('蔚来 App')).toBeInTheDocument();
    expect(within(row).getByText('充电')).toBeInTheDocument();
    expect(within(row).getByText('展示中')).toBeInTheDocument();
    expect(within(row).getByText('置顶')).toBeInTheDocument();
    expect(within(row).getByText('关注')).toBeInTheDocument();
    expect(within(rowOf('Swap PS-1')).getByRole('img', { name: '2 星' })).toBeInTheDocument();
    // Comment vendors are the admin's: an operator is offered them neither in the menu nor in the toolbar.
    expect(screen.queryByText('评论供应商')).not.toBeInTheDocument();
  });

  it('should ask before a batch mark, send the selected ids and say what changed', async () => {
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${SEARCH}`]: () => ok({ items: [comment(7), comment(8), comment(9)], total: 3 }),
      'POST /api/nio/comments/batch-mark': () => ok({ changed: 1, unchanged: 1 }),
    });
    renderPortal('/cmp-app/nio/feedback-list');
    await screen.findByText('User 7');

    fireEvent.click(within(rowOf('User 7')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('User 9')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: '置顶' }));

    const dialog = await findDialog('确定对选中的 2 条评论执行「置顶」？');
    expect(calls.some((c) => c.path === '/api/nio/comments/batch-mark')).toBe(false);
    const searches = searchBodies(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '置顶' }));

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/nio/comments/batch-mark')?.body).toEqual({
        commentaryIds: [7, 9],
        action: 'TOP_COMMENT',
      }),
    );
    expect(await screen.findByText('「置顶」已处理 1 条，1 条无需变更')).toBeInTheDocument();
    // The list shows the marks as they are now, and the selection is gone.
    await waitFor(() => expect(searchBodies(calls).length).toBeGreaterThan(searches));
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消置顶' })).not.toBeInTheDocument());
  });

  it('should let a viewer read the list and a comment without offering any action', async () => {
    fakeApi({
      ...lookups(viewer),
      [`POST ${SEARCH}`]: () => ok({ items: [comment(7, { userMobile: '138****0000' })], total: 1 }),
      'GET /api/nio/comments/7': () => ok(comment(7, { userMobile: '138****0000' })),
      'POST /api/nio/comments/operations': () => ok(noOperations),
    });
    // Old portal links open the comment they name.
    const { router } = renderPortal('/cmp-app/nio/feedback-list?commentId=7');

    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('ORDER-7')).toBeInTheDocument();
    expect(within(drawer).getByText('暂无官方回复')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /置顶|关注|隐藏|编辑|发布回复/ })).toBeNull();
    expect(within(drawer).queryByRole('textbox')).toBeNull();

    await screen.findAllByText('138****0000');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);

    fireEvent.click(within(drawer).getByRole('button', { name: /Close|关闭/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/feedback-list'));
  });

  it('should export the list as filtered, the ids comma-joined', async () => {
    const calls = fakeApi({
      ...lookups(staffUser([{ tenant: 'nio', role: 'admin' }])),
      [`POST ${SEARCH}`]: () => ok({ items: [comment(7)], total: 1 }),
      'GET /api/nio/comments/export': () => ({
        status: 202,
        body: { jobId: 1, kind: 'export', state: 'queued' },
      }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal(
      '/cmp-app/nio/feedback-list?resourceId=CS-1&commentaryIdList=7,8&sort=thumbs:desc',
    );
    await screen.findByText('User 7');
    // Admins reach the comment vendors from the list.
    expect(screen.getByRole('button', { name: /评论供应商/ }).closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/comment-vendors',
    );

    await user.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/nio/comments/export')).toBe(true));
    const query = Object.fromEntries(calls.find((c) => c.path === '/api/nio/comments/export')?.query ?? []);
    expect(query).toMatchObject({
      sort: 'thumbs:desc',
      resourceId: 'CS-1',
      commentaryIdList: '7,8',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(query.columns?.split(',').slice(0, 4)).toEqual([
      'commentaryId',
      'commentaryTime',
      'rating',
      'commentaryText',
    ]);
    expect(query).not.toHaveProperty('pageNo');
  });
});
