import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForumPostDetail } from '@cmp/domain/forum/forum-contracts';
import type { ArticleContent } from '@cmp/domain/forum/post-content';
import { changeLanguage } from '../../i18n';
import { fakeApi, fail, ok, staffUser } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const ONE = '/api/nio/forum/posts/7';

const ARTICLE: ArticleContent = {
  cover: { url: 'https://cdn.example.com/cover.png' },
  sections: [
    {
      sectionType: 'text',
      content: '周末 #川西# 自驾，找人代充',
      annotations: [{ type: 'topic', start: 3, end: 7, value: 'T-1' }],
    },
    { sectionType: 'image', image: { url: 'https://cdn.example.com/a.png', description: '雪山' } },
    {
      sectionType: 'video',
      video: { video_url: 'https://cdn.example.com/v.mp4', cover_url: 'https://cdn.example.com/v.png' },
    },
    { sectionType: 'poi', poi: { name: '康定', address: '四川甘孜', longitude: 101.9, latitude: 30 } },
    { sectionType: 'power', power: { resourceId: 'PS-1', resourceName: '康定换电站', powerType: 'swap' } },
  ],
  videoList: [{ video_url: 'https://cdn.example.com/list.mp4' }],
};

const note = (overrides: Partial<ForumPostDetail> = {}): ForumPostDetail => ({
  postId: 7,
  postType: 1,
  postTopic: 'T-1',
  topicTitle: '川西',
  title: '川西换电之旅',
  postContent: JSON.stringify(ARTICLE),
  article: ARTICLE,
  publicTime: Date.parse('2026-11-01T10:00:00+08:00'),
  imageList: [],
  videos: [],
  docs: [{ docUrl: 'https://cdn.example.com/route.pdf', docName: '路线.pdf' }],
  publicStatus: 0,
  portalHaveRead: 0,
  recommendation: 0,
  selfPrivate: 0,
  portalHidden: 0,
  replyCount: 2,
  thumbCount: 5,
  illegalWords: '代充',
  illegalWordArr: ['代充'],
  account: { accountId: 'U1', nickname: '车主甲', mobile: '138****0001' },
  version: 1,
  ...overrides,
});

const handlers = (user = operator, post = note()) => ({
  'GET /api/auth/me': () => ok(user),
  [`GET ${ONE}`]: () => ok(post),
  [`GET ${ONE}/operations`]: () =>
    ok({
      items: [
        {
          recordId: 3,
          action: 'FORUM_POST_HIDE',
          flag: 1,
          bulk: true,
          operator: 'nio-operator',
          operatedAt: Date.now(),
        },
      ],
    }),
});

describe('ForumPostDetailPage', () => {
  beforeAll(() => import('./ForumPostDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should render every section of a note as the app shows it, with the sensitive words marked', async () => {
    fakeApi(handlers());
    renderPortal('/cmp-app/nio/forum-posts/detail?id=7');
    const article = await screen.findByTestId('post-article');
    expect(within(article).getByText('#川西#').closest('[data-annotation]')).toHaveAttribute(
      'data-annotation',
      'topic',
    );
    expect(screen.getAllByTestId('sensitive-word').map((node) => node.textContent)).toEqual(['代充']);
    expect(within(article).getByAltText('封面')).toHaveAttribute('src', 'https://cdn.example.com/cover.png');
    expect(within(article).getByAltText('雪山')).toBeInTheDocument();
    expect(article.querySelectorAll('video')).toHaveLength(2);
    expect(within(screen.getByTestId('poi-card')).getByText('康定')).toBeInTheDocument();
    expect(within(screen.getByTestId('power-card')).getByText('换电站 · PS-1')).toBeInTheDocument();
    expect(screen.getByText('路线.pdf').closest('a')).toHaveAttribute(
      'href',
      'https://cdn.example.com/route.pdf',
    );
    expect(screen.getByText('笔记')).toBeInTheDocument();
    expect(screen.getByText('未发布')).toBeInTheDocument();
    const history = screen.getByTestId('post-history');
    expect(await within(history).findByText('隐藏')).toBeInTheDocument();
    expect(within(history).getByText('批量')).toBeInTheDocument();
  });

  it('should publish the post only once confirmed, through publish-post/{postId}/1', async () => {
    const calls = fakeApi({
      ...handlers(),
      'POST /api/nio/forum/publish-post/7/1': () => ok(note({ publicStatus: 1 })),
    });
    renderPortal('/cmp-app/nio/forum-posts/detail?id=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '发布' }));
    const dialog = await findDialog('发布帖子 7？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/nio/forum/publish-post/7/1')).toBe(true));
  });

  it('should offer no moderation to a viewer and say when the post does not exist', async () => {
    fakeApi(handlers(viewer, note({ postType: 0, postContent: '代充找我', article: null, title: null })));
    renderPortal('/cmp-app/nio/forum-posts/detail?id=7');
    expect((await screen.findAllByTestId('sensitive-word')).map((node) => node.textContent)).toEqual([
      '代充',
    ]);
    expect(screen.getByText('动态')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '隐藏' })).not.toBeInTheDocument();

    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      [`GET ${ONE}`]: () => fail(404, 'forum_post_not_found', '帖子 7 不存在'),
    });
    renderPortal('/cmp-app/nio/forum-posts/detail?id=7');
    expect(await screen.findByText('帖子 7 不存在')).toBeInTheDocument();
  });

  it('should speak English too', async () => {
    await changeLanguage('en-US');
    fakeApi(handlers());
    renderPortal('/cmp-app/nio/forum-posts/detail?id=7');
    expect(await screen.findByText('Note')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.getByText('Swap station · PS-1')).toBeInTheDocument();
  });
});
