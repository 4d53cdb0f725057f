import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CommentSummary } from '@cmp/domain/comments/comment-contracts';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok } from '../../../test/fake-api';
import { comment, noOperations } from '../../comments/test-comments';
import { CommentsTab } from './CommentsTab';
import { renderTab } from './render-tab';

const summary: CommentSummary = {
  resourceId: 'CS-1',
  overallScore: 4.63,
  overallLevel: 'excellent',
  times: 12,
  notShown: 2,
  scenes: [
    {
      sceneName: 'charge',
      averageScore: 4.5,
      times: 10,
      tags: [
        { id: '充电快', name: '充电快', amount: 8 },
        { id: '环境好', name: '环境好', amount: 3 },
      ],
    },
    { sceneName: 'other', averageScore: 5, times: 2, tags: [] },
  ],
};

describe('CommentsTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should sum up the station's ratings, then list its comments, each opening in the drawer", async () => {
    const calls = fakeApi({
      'GET /api/nio/comments/summary': () => ok(summary),
      'POST /api/nio/comments/search': () => ok({ items: [comment(7, { rating: 5 })], total: 1 }),
      'GET /api/nio/comments/7': () => ok(comment(7, { rating: 5 })),
      'POST /api/nio/comments/operations': () => ok(noOperations),
    });
    renderTab(<CommentsTab resourceId="CS-1" />);

    const card = await screen.findByTestId('comment-summary');
    expect(await within(card).findByText('4.6')).toBeInTheDocument();
    expect(within(card).getByText('优秀')).toBeInTheDocument();
    expect(within(card).getByText('共 12 条评价')).toBeInTheDocument();
    // The list below holds every comment; the summary says which it left out.
    expect(within(card).getByTestId('summary-not-shown')).toHaveTextContent(
      '另有 2 条已隐藏或撤回的评价未计入，评论列表中可见',
    );
    const charge = within(card).getByTestId('summary-scene-charge');
    expect(within(charge).getByText('充电')).toBeInTheDocument();
    expect(within(charge).getByText('4.5')).toBeInTheDocument();
    expect(within(charge).getByText('共 10 条评价')).toBeInTheDocument();
    expect(within(charge).getByText('充电快 8')).toBeInTheDocument();
    expect(within(charge).getByText('环境好 3')).toBeInTheDocument();
    expect(within(card).getByTestId('summary-scene-other')).toHaveTextContent('5.0');
    expect(calls.find((c) => c.path === '/api/nio/comments/summary')?.query.get('resource_id')).toBe('CS-1');

    // The station's own comments, newest first, without the station's columns.
    const text = await screen.findByText('Comment 7: fast charging, clean site');
    expect(calls.find((c) => c.path === '/api/nio/comments/search')?.body).toEqual({
      resourceId: 'CS-1',
      pageNo: 1,
      pageSize: 20,
      sort: 'commentaryTime:desc',
    });
    const row = text.closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: '5 星' })).toBeInTheDocument();
    expect(within(row).queryByText('Station CS-1')).toBeNull();
    expect(screen.getByText('在评论列表中查看').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/feedback-list?resourceId=CS-1',
    );

    fireEvent.click(within(row).getByText('详情'));
    expect(await screen.findByText('ORDER-7')).toBeInTheDocument();
    expect(screen.getByText('评论 7')).toBeInTheDocument();
  });

  it('should say when the station has no ratings yet', async () => {
    fakeApi({
      'GET /api/nio/comments/summary': () =>
        ok({ resourceId: 'CS-1', overallScore: null, overallLevel: null, times: 0, notShown: 0, scenes: [] }),
      'POST /api/nio/comments/search': () => ok({ items: [], total: 0 }),
    });
    renderTab(<CommentsTab resourceId="CS-1" />);
    expect(await screen.findByText('该站点暂无可展示的评价')).toBeInTheDocument();
    expect(await screen.findByText('该站点暂无评论')).toBeInTheDocument();
  });
});
