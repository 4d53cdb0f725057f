import type { WechatSignature } from '@cmp/domain/share-page/share-page';

const JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

interface ShareCard {
  title: string;
  description: string;
  link: string;
  image?: string;
}

interface WxSdk {
  config(options: WechatSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(card: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(card: { title: string; link: string; imgUrl: string }): void;
}

const loadSdk = () =>
  new Promise<WxSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JS_SDK;
    script.onload = () => {
      const wx = (window as { wx?: WxSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error('no wx'));
    };
    script.onerror = reject;
    document.head.appendChild(script);
  });

/**
 * In the messenger: signs the page's address and hands the share card to its JS-SDK, so a share to a chat or
 * Moments shows the template's title, text and picture. Every failure (no signing configured, the SDK not
 * loading, a refused signature) is ignored silently, as the spec says: the messenger then shares a plain link.
 */
export async function setUpMessengerShare(tenant: string, card: ShareCard): Promise<void> {
  try {
    const form = new URLSearchParams({ url: location.href.split('#')[0]!, tenant, terminal: 'h5' });
    const response = await fetch('/api/public/share/wechat-sign', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (!response.ok) return;
    const signature = (await response.json()) as WechatSignature;
    const wx = await loadSdk();
    wx.config({
      ...signature,
      debug: false,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    wx.error(() => undefined);
    wx.ready(() => {
      const imgUrl = card.image ?? '';
      wx.updateAppMessageShareData({ title: card.title, desc: card.description, link: card.link, imgUrl });
      wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl });
    });
  } catch {
    // Ignored: sharing still works, as a plain link.
  }
}

/**
 * In a mini-program's web view: opens the landing page in the mini-program's own page for links
 * (`/pages/share/landing?link=`, docs/decisions.md "The H5 share page"). Failures are ignored as above.
 */
export async function openInMiniProgram(link: string): Promise<void> {
  try {
    const wx = (await loadSdk()) as WxSdk & { miniProgram?: { navigateTo(options: { url: string }): void } };
    wx.miniProgram?.navigateTo({ url: `/pages/share/landing?link=${encodeURIComponent(link)}` });
  } catch {
    // Ignored: the hint on the page still tells the user how to go on.
  }
}
