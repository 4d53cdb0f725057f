import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupBasicInfo } from '@cmp/domain/chats/group-chats';
import type { AppShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { SharePage } from './SharePage';

const TEMPLATE: AppShareTemplate = {
  shareTempletId: 3,
  shareType: 'group_invite',
  shareInfoId: 'station-group',
  sharePic: [
    'https://cmp.example.com/api/public/share-pictures/a',
    'https://cmp.example.com/api/public/share-pictures/b',
  ],
  shareTitle: '加入车友群',
  description: '和附近车主一起充电',
  landingPage: 'https://example.com/group',
};
const GROUP: GroupBasicInfo = {
  groupId: 9,
  inviterIdEncrypt: 'token-made-by-the-portal-for-group-9-xxxxxxxxxxxxxx',
  groupName: '世纪大道站车友群',
  groupCover: null,
  groupIntro: '充电排队不再无聊',
  memberSize: 2,
  memberList: [
    { nickname: '站长', avatar: 'https://cdn.example.com/U1.png' },
    { nickname: '小明', avatar: null },
  ],
};
const INVITE = '/h5/share?share_templet_id=3&share_type=group_invite&tenant=pe&group_id=9&inviter=tok';

function open(url: string, userAgent: string, answers: Record<string, () => Response>, language = 'zh-CN') {
  window.history.replaceState({}, '', url);
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({
        url: input,
        body:
          typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init?.body,
      });
      const path = input.split('?')[0]!;
      const answer = answers[path];
      return answer ? answer() : new Response('{}', { status: 404 });
    }),
  );
  render(<SharePage />);
  return calls;
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the H5 share page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as { cmpBridge?: unknown }).cmpBridge;
  });

  it('should say the link is incomplete, never a blank page, for a missing or bad parameter', async () => {
    const calls = open('/h5/share?share_templet_id=abc&share_type=activity', 'Mozilla/5.0', {});
    expect(await screen.findByText('链接不完整或已失效')).toBeInTheDocument();
    expect(calls).toEqual([]);
    open('/h5/share?share_templet_id=3&share_type=group_invite', 'Mozilla/5.0', {}, 'en-GB');
    expect(await screen.findByText('This link is incomplete or no longer valid')).toBeInTheDocument();
  });

  it("should show a group invitation in the product's app and join the group through the app's bridge", async () => {
    const postMessage = vi.fn();
    (window as { cmpBridge?: unknown }).cmpBridge = { postMessage };
    const calls = open(INVITE, 'Mozilla/5.0 (Linux; Android 14) PEApp/5.2.0', {
      '/api/public/share/template': json(TEMPLATE),
      '/api/public/share/group-info': json(GROUP),
    });
    expect(await screen.findByRole('heading', { name: '世纪大道站车友群' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '加入车友群' })).toBeInTheDocument();
    expect(screen.getByText('2 位成员')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '站长' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/U1.png',
    );
    expect(calls[0]!.url).toBe(
      '/api/public/share/template?tenant=pe&share_type=group_invite&share_templet_id=3',
    );
    expect(calls[1]!.body).toEqual({ tenant: 'pe', groupId: 9, inviterIdEncrypt: 'tok' });

    await userEvent.click(screen.getByRole('button', { name: '加入群聊' }));
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({
      action: 'joinGroup',
      payload: { groupId: 9, inviterIdEncrypt: 'tok' },
      deviceType: 'android',
    });
  });

  it('should carry on when the app has no bridge, and offer a plain browser the link and a copy', async () => {
    open(INVITE, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', {
      '/api/public/share/template': json({ ...TEMPLATE, shareType: 'activity' }),
      '/api/public/share/group-info': json(GROUP),
    });
    const open_ = await screen.findByRole('link', { name: '在 App 中打开' });
    expect(open_).toHaveAttribute('href', 'https://example.com/group');
    expect(screen.getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加入群聊' })).toBeNull();
  });

  it('should carry on silently in the messenger when its share signature is refused', async () => {
    const calls = open(
      '/h5/share?share_templet_id=3&share_type=activity',
      'Mozilla/5.0 (iPhone) MicroMessenger/8.0.47',
      {
        '/api/public/share/template': json({ ...TEMPLATE, shareType: 'activity' }),
        '/api/public/share/wechat-sign': json({ error: { code: 'not_configured', message: '未配置' } }, 503),
      },
    );
    expect(await screen.findByText('点击右上角「···」可分享给好友或朋友圈')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/public/share/wechat-sign'));
    expect(screen.getByRole('heading', { name: '加入车友群' })).toBeInTheDocument();
    expect(screen.queryByText('未配置')).toBeNull();
    expect(document.querySelector('script[src*="jweixin"]')).toBeNull();
  });

  it('should say what was shared is gone on a 404, and offer a retry when the network fails', async () => {
    open('/h5/share?share_templet_id=3&share_type=activity', 'Mozilla/5.0', {});
    expect(await screen.findByText('分享的内容不存在或已下线')).toBeInTheDocument();
    vi.restoreAllMocks();
    let fail = true;
    open('/h5/share?share_templet_id=4&share_type=activity', 'Mozilla/5.0', {
      '/api/public/share/template': () =>
        fail
          ? new Response('{}', { status: 502 })
          : json({ ...TEMPLATE, shareType: 'activity', shareTitle: '春季充电节' })(),
    });
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '春季充电节' })).toBeInTheDocument();
  });
});
