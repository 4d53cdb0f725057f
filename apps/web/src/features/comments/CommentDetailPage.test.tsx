import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommentOperation, CommentOperationPage } from '@cmp/domain/comments/comment-contracts';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { comment } from './test-comments';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const OPERATIONS = 'POST /api/nio/comments/operations';
const PAGE = '/cmp-app/nio/comments/detail?commentId=7';

const operation = (recordId: number, overrides: Partial<CommentOperation> = {}): CommentOperation => ({
  recordId,
  commentaryId: 7,
  action: 'FOCUSED',
  userId: 3,
  userName: 'nio-operator',
  userType: 'staff',
  operationTime: Date.parse('2026-03-04T11:00:00+08:00'),
  before: { focused: false },
  after: { focused: true },
  ...overrides,
});
const pageOf = (items: CommentOperation[], total = items.length): CommentOperationPage => ({
  items,
  total,
  lastRecordId: null,
});

describe('CommentDetailPage', () => {
  beforeAll(() => import('./CommentDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show the comment, act on it as the list does, and page its history', async () => {
    let marked = false;
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/nio/comments/7': () => ok(comment(7, { focused: marked })),
      'POST /api/nio/comments/7/mark': () => {
        marked = true;
        return ok(comment(7, { focused: true }));
      },
      [OPERATIONS]: () => ok(marked ? pageOf([operation(2)], 21) : pageOf([])),
    });
    renderPortal(PAGE);

    expect(await screen.findByText('ORDER-7')).toBeInTheDocument();
    expect(screen.getByText('评论 7')).toBeInTheDocument();
    expect(screen.getByText('Station CS-1').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
    );
    expect(screen.getByRole('link', { name: /返回评论列表/ })).toHaveAttribute(
      'href',
      '/cmp-app/nio/feedback-list',
    );
    const history = screen.getByRole('region', { name: '操作记录' });
    expect(await within(history).findByText('暂无操作记录')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /关\s*注/ }));

    expect(await within(history).findByText('nio-operator')).toBeInTheDocument();
    expect(within(history).getByText('运营人员')).toBeInTheDocument();
    expect(within(history).getByText('共 21 条记录')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/nio/comments/7/mark')).toBe(true);

    fireEvent.click(within(history).getByTitle('2'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/operations')).at(-1)?.body).toEqual({
        commentaryId: 7,
        pageNo: 2,
        pageSize: 10,
      }),
    );
  });

  it('should say clearly when the comment is not in this area, with the way back', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/nio/comments/99': () => fail(404, 'not_found', 'comment 99 not found'),
    });
    renderPortal('/cmp-app/nio/comments/detail?commentId=99');

    expect(await screen.findByText('评论 99 不存在或已删除')).toBeInTheDocument();
    expect(screen.getByText(/属于其他区域/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /返回评论列表/ }).length).toBeGreaterThan(0);
  });

  it('should say when the link names no comment, in English too', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(operator) });
    await changeLanguage('en-US');
    renderPortal('/cmp-app/nio/comments/detail?commentId=abc');

    expect(await screen.findByText('The link names no comment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to comments/ })).toBeInTheDocument();
  });
});
