import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForumPost } from '@cmp/domain/forum/forum-contracts';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { toPostFilter } from './ForumPostListPage';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

const share = (postId: number, postContent: string, words: string[] = []): ForumPost => ({
  postId,
  postType: 0,
  postTopic: null,
  topicTitle: '充电日常',
  title: null,
  postContent,
  publicTime: Date.parse('2026-11-01T10:00:00+08:00'),
  imageList: [],
  videos: [],
  docs: [],
  publicStatus: 1,
  portalHaveRead: 0,
  recommendation: 0,
  selfPrivate: 0,
  portalHidden: 0,
  replyCount: 0,
  thumbCount: 0,
  illegalWords: words.join(',') || null,
  illegalWordArr: words,
  account: { accountId: 'U1', nickname: '车主甲', mobile: '13800000001' },
  version: 1,
});

describe('toPostFilter', () => {
  it('should send only the filters that are set, flags as numbers', () => {
    expect(
      toPostFilter({
        pageNo: 1,
        pageSize: 20,
        postContent: ' 代充 ',
        postId: '12',
        portalHidden: '1',
        recommendation: 0,
        publicTimeStart: 1000,
        postUserMobile: '',
      }),
    ).toEqual({ postContent: '代充', postId: 12, portalHidden: 1, recommendation: 0, publicTimeStart: 1000 });
  });
});

describe('ForumPostListPage', () => {
  beforeAll(() => import('./ForumPostListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should highlight the words found and hide a selection only once confirmed', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/nio/forum/posts': () =>
        ok({ items: [share(2, '低价代充加我', ['代充']), share(1, '今天充电很快')], total: 2 }),
      'POST /api/nio/forum/posts/marks': () => ok({ changed: 2, unchanged: 0 }),
    });
    renderPortal('/cmp-app/nio/forum-posts');
    const user = userEvent.setup();
    const marked = await screen.findAllByTestId('sensitive-word');
    expect(marked.map((node) => node.textContent)).toEqual(['代充']);
    const rows = screen.getAllByRole('row').filter((row) => within(row).queryByRole('checkbox'));
    for (const row of rows.slice(1)) await user.click(within(row).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: '隐藏' }));
    const dialog = await findDialog('对选中的 2 个帖子隐藏？');
    expect(within(dialog).getByText('隐藏后，App 里立即看不到该帖子。')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '隐藏' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        mark: 'hide',
        flag: 1,
        postIds: [2, 1],
      }),
    );
    expect(await screen.findByText('已更新 2 项，0 项本已如此')).toBeInTheDocument();
  });

  it('should let a viewer read but not select', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      'GET /api/nio/forum/posts': () => ok({ items: [share(1, '今天充电很快')], total: 1 }),
    });
    renderPortal('/cmp-app/nio/forum-posts');
    expect(await screen.findByText('今天充电很快')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
