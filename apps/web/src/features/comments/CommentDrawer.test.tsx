import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { CommentOperation } from '@cmp/domain/comments/comment-contracts';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fail, fakeApi, ok } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { CommentDrawer } from './CommentDrawer';
import { comment, noOperations, reply } from './test-comments';

const PATH = '/cmp-app/nio/feedback-list';
const DETAIL = 'GET /api/nio/comments/7';
const OPERATIONS = 'POST /api/nio/comments/operations';

const operation = (recordId: number, overrides: Partial<CommentOperation>): CommentOperation => ({
  recordId,
  commentaryId: 7,
  action: 'TOP_COMMENT',
  userId: 3,
  userName: 'Alice Wang',
  userType: 'staff',
  operationTime: Date.parse('2026-03-04T11:00:00+08:00'),
  before: null,
  after: null,
  ...overrides,
});

const renderDrawer = (onClose = vi.fn()) => {
  const view = renderTab(<CommentDrawer commentaryId={7} onClose={onClose} onOpenComment={vi.fn()} />, PATH);
  return { ...view, onClose };
};
const drawer = () => screen.getAllByRole('dialog')[0] as HTMLElement;
const replySection = () => screen.getByRole('region', { name: '官方回复' });

describe('CommentDrawer', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show every field of the comment and its official reply with who wrote it', async () => {
    fakeApi({
      [DETAIL]: () => ok(comment(7, { replies: [reply()], replyNumber: 1, top: true })),
      [OPERATIONS]: () => ok(noOperations),
    });
    renderDrawer();

    expect(await screen.findByText('Thank you, we have cleaned the site.')).toBeInTheDocument();
    const panel = drawer();
    expect(within(panel).getByText('评论 7')).toBeInTheDocument();
    expect(within(panel).getByText('Comment 7: fast charging, clean site')).toBeInTheDocument();
    expect(within(panel).getByText('ORDER-7')).toBeInTheDocument();
    expect(within(panel).getByText('ET7')).toBeInTheDocument();
    expect(within(panel).getByText('120 kW')).toBeInTheDocument();
    expect(within(panel).getByText('Station CS-1').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
    );
    expect(within(panel).getByAltText('图片 1')).toHaveAttribute('src', '/files/7-s.jpg');
    const replied = dayjs(reply().createTime).format('YYYY-MM-DD HH:mm:ss');
    expect(within(replySection()).getByText(`Alice Wang（运营人员）回复于 ${replied}`)).toBeInTheDocument();
    // Pinned already: the mark offered is its opposite.
    expect(within(panel).getByRole('button', { name: /取消置顶/ })).toBeInTheDocument();
  });

  it('should edit the official reply in place and send the new text', async () => {
    const calls = fakeApi({
      [DETAIL]: () => ok(comment(7, { replies: [reply()], replyNumber: 1 })),
      [OPERATIONS]: () => ok(noOperations),
      'PUT /api/nio/comments/official-replies/51': () =>
        ok(comment(7, { replies: [reply({ text: 'Cleaned again today.' })], replyNumber: 1 })),
    });
    renderDrawer();
    await screen.findByText('Thank you, we have cleaned the site.');

    fireEvent.click(within(replySection()).getByRole('button', { name: /编辑/ }));
    const box = within(replySection()).getByRole('textbox');
    expect(box).toHaveValue('Thank you, we have cleaned the site.');
    fireEvent.change(box, { target: { value: '  Cleaned again today.  ' } });
    fireEvent.click(within(replySection()).getByRole('button', { name: '保存' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'Cleaned again today.' }),
    );
    expect(await within(replySection()).findByText('Cleaned again today.')).toBeInTheDocument();
    expect(within(replySection()).queryByRole('textbox')).toBeNull();
  });

  it('should require a reply text, and show why the server refused one in the form', async () => {
    const calls = fakeApi({
      [DETAIL]: () => ok(comment(7)),
      [OPERATIONS]: () => ok(noOperations),
      'POST /api/nio/comments/official-replies': () =>
        fail(422, 'rule_violated', '该评论已有官方回复，请编辑该回复'),
    });
    renderDrawer();
    const box = await within(await screen.findByRole('region', { name: '官方回复' })).findByRole('textbox');

    fireEvent.click(within(replySection()).getByRole('button', { name: '发布回复' }));
    expect(await within(replySection()).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/nio/comments/official-replies')).toBe(false);

    fireEvent.change(box, { target: { value: 'We are on it.' } });
    fireEvent.click(within(replySection()).getByRole('button', { name: '发布回复' }));
    expect(await within(replySection()).findByText('该评论已有官方回复，请编辑该回复')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/nio/comments/official-replies')?.body).toEqual({
      commentaryId: 7,
      text: 'We are on it.',
    });
    // What was typed stays, to be kept or copied into the existing reply.
    expect(box).toHaveValue('We are on it.');
  });

  it('should ask before closing over a reply being typed', async () => {
    fakeApi({ [DETAIL]: () => ok(comment(7)), [OPERATIONS]: () => ok(noOperations) });
    const { onClose } = renderDrawer();
    const box = await within(await screen.findByRole('region', { name: '官方回复' })).findByRole('textbox');
    fireEvent.change(box, { target: { value: 'Half a reply' } });

    fireEvent.click(within(drawer()).getByRole('button', { name: /关闭|Close/ }));
    const question = await findDialog('放弃未保存的修改？');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('should show what each operation changed, before and after, and load older ones after the last', async () => {
    const calls = fakeApi({
      [DETAIL]: () => ok(comment(7, { replies: [reply({ text: 'new text' })] })),
      [OPERATIONS]: ({ body }) =>
        (body as { lastRecordId?: number }).lastRecordId === undefined
          ? ok({
              items: [
                operation(92, {
                  action: 'UPDATE_REPLY',
                  before: { text: 'old text' },
                  after: { text: 'new text' },
                }),
                operation(91, { action: 'TOP_COMMENT', before: { top: false }, after: { top: true } }),
              ],
              total: 3,
              lastRecordId: 91,
            })
          : ok({
              items: [
                operation(90, {
                  action: 'HIDE_COMMENT',
                  userName: 'Bob',
                  before: { droppedByAdmin: false },
                  after: { droppedByAdmin: true },
                }),
              ],
              total: 3,
              lastRecordId: null,
            }),
    });
    renderDrawer();

    const edited = await screen.findByTestId('comment-operation-92');
    expect(within(edited).getByText('编辑官方回复')).toBeInTheDocument();
    expect(within(edited).getByText('Alice Wang（运营人员）')).toBeInTheDocument();
    const textRow = within(edited).getByText('回复内容').closest('tr') as HTMLElement;
    expect([...textRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['old text', 'new text']);

    const pinned = screen.getByTestId('comment-operation-91');
    const topRow = within(pinned).getByText('置顶', { selector: 'th' }).closest('tr') as HTMLElement;
    expect([...topRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['否', '是']);

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    const hidden = await screen.findByTestId('comment-operation-90');
    expect(within(hidden).getByText('Bob（运营人员）')).toBeInTheDocument();
    expect(screen.getByText('没有更多记录了')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/nio/comments/operations').map((c) => c.body)).toEqual([
      { commentaryId: 7, pageNo: 1, pageSize: 10 },
      { commentaryId: 7, pageNo: 1, pageSize: 10, lastRecordId: 91 },
    ]);
  });

  it('should ask before hiding the comment, then mark it', async () => {
    const calls = fakeApi({
      [DETAIL]: () => ok(comment(7)),
      [OPERATIONS]: () => ok(noOperations),
      'POST /api/nio/comments/7/mark': () =>
        ok(comment(7, { droppedByAdmin: true, state: 'hidden_by_admin' })),
    });
    renderDrawer();
    fireEvent.click(
      await within(await screen.findByRole('group', { name: '评论标记' })).findByRole('button', {
        name: /隐藏/,
      }),
    );

    const question = await findDialog('确定隐藏评论 7？');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/mark'))).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: '隐藏' }));

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/nio/comments/7/mark')?.body).toEqual({
        action: 'HIDE_COMMENT',
      }),
    );
    const marks = screen.getByRole('group', { name: '评论标记' });
    expect(await within(marks).findByRole('button', { name: /取消隐藏/ })).toBeInTheDocument();
    expect(within(drawer()).getAllByText('已隐藏').length).toBeGreaterThan(0);
  });
});
