import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicPost } from '@cmp/domain/forum/forum-contracts';
import { ForumPostPage } from './ForumPostPage';

const ANDROID_APP = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile peapp/5.2.0';
const BROWSER = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

const PAGE: PublicPost = {
  post: {
    postId: 41,
    postType: 1,
    postTopic: 'T-300',
    topicTitle: '自驾游记',
    title: '川西换电之旅',
    postContent: JSON.stringify({
      sections: [
        { sectionType: 'text', content: '一路换电很顺利', annotations: [] },
        { sectionType: 'image', image: { url: 'https://cdn.example.com/a.png' } },
        {
          sectionType: 'power',
          power: { resourceId: 'PS-1', resourceName: '康定换电站', powerType: 'swap' },
        },
      ],
      videoList: [],
    }),
    publicTime: Date.parse('2026-11-01T10:00:00+08:00'),
    imageList: [],
    videos: [],
    docs: [],
    recommendation: 0,
    replyCount: 1,
    thumbCount: 12,
    account: { accountId: 'U7', nickname: '车主甲' },
  },
  replies: [
    {
      replyId: 5,
      replyLevel: 1,
      parentReplyId: null,
      replyTime: Date.parse('2026-11-01T11:00:00+08:00'),
      replyContent: '求路线',
      replyPicture: null,
      fromAccount: { accountId: 'U2', nickname: '小明' },
      toAccount: null,
    },
  ],
  replyTotal: 1,
};

function open(url: string, userAgent: string, status = 200) {
  window.history.replaceState({}, '', url);
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      fetched.push(input);
      return new Response(JSON.stringify(status === 200 ? PAGE : { error: {} }), { status });
    }),
  );
  render(<ForumPostPage />);
  return fetched;
}

describe('the in-app post page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    delete (window as { cmpBridge?: unknown }).cmpBridge;
  });

  it("should show the post as the app lays it out and reply, like and follow through the app's bridge", async () => {
    const postMessage = vi.fn();
    (window as { cmpBridge?: unknown }).cmpBridge = { postMessage };
    const fetched = open('/h5/share?post_id=41&tenant=pe', ANDROID_APP);
    expect(await screen.findByRole('heading', { name: '川西换电之旅' })).toBeInTheDocument();
    expect(fetched).toEqual(['/api/public/forum/posts/41?tenant=pe']);
    expect(screen.getByText('一路换电很顺利')).toBeInTheDocument();
    expect(screen.getByText('康定换电站')).toBeInTheDocument();
    expect(screen.getByText('求路线')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '回复' }));
    await user.click(screen.getByRole('button', { name: '点赞（12）' }));
    await user.click(screen.getByRole('button', { name: '关注' }));
    await user.click(screen.getByRole('button', { name: '回复 小明' }));
    const sent = postMessage.mock.calls.map(([message]) => JSON.parse(message as string) as object);
    expect(sent).toEqual([
      { action: 'reply', payload: { postId: '41' }, deviceType: 'android' },
      { action: 'like', payload: { postId: '41' }, deviceType: 'android' },
      { action: 'follow', payload: { accountId: 'U7' }, deviceType: 'android' },
      { action: 'reply', payload: { postId: '41', replyId: '5' }, deviceType: 'android' },
    ]);
  });

  it('should say to open the app in a plain browser, offering no bridge calls', async () => {
    open('/h5/share?post_id=41&tenant=pe', BROWSER);
    expect(await screen.findByText('在 App 中打开可回复、点赞和关注')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回复' })).not.toBeInTheDocument();
  });

  it('should say a post the apps do not show is not there', async () => {
    open('/h5/share?post_id=41&tenant=pe', ANDROID_APP, 404);
    expect(await screen.findByText('帖子不存在或已隐藏')).toBeInTheDocument();
  });
});
