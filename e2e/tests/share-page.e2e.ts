import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openSession, screenshotFailures, type Session } from '../support/browser';

/** The demo's nio activity template (the first the demo writes). */
const SHARE = '/h5/share?tenant=nio&share_type=activity&share_templet_id=1';
const TITLE = '双旦充电节：充电享八折';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('the H5 share page on a phone', () => {
  let s: Session;
  let phone: BrowserContext | undefined;
  beforeAll(async () => {
    s = await openSession();
  });
  afterAll(async () => {
    await phone?.close();
    await s?.close();
  });
  screenshotFailures(() => s);

  /** A 390-wide phone of that user agent, the page opened; `s.page` follows it so a failure is shot. */
  async function openAs(userAgent: string, path = SHARE) {
    await phone?.close();
    phone = await s.browser.newContext({
      userAgent,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    // The product's app injects its bridge before the page runs; record what the page sends it.
    await phone.addInitScript(() => {
      if (!navigator.userAgent.includes('NIOApp')) return;
      const sent: string[] = [];
      Object.assign(window, { cmpBridge: { postMessage: (message: string) => sent.push(message) }, sent });
    });
    s.page = await phone.newPage();
    await s.page.goto(s.url(path));
    return s.page;
  }

  it("should offer the product's app its bridge, scaled from the 750-wide design", async () => {
    const page = await openAs(`${IPHONE} NIOApp/6.1`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('52px');
    await page.getByRole('button', { name: '查看详情' }).click();
    const sent = await page.evaluate(() =>
      (window as unknown as { sent: string[] }).sent.map((m) => JSON.parse(m)),
    );
    expect(sent).toEqual([
      { action: 'openLink', payload: { url: expect.stringMatching(/^https:\/\//) }, deviceType: 'ios' },
    ]);
    expect(await page.getByRole('button', { name: '分享给好友' }).count()).toBe(1);
  });

  it('should tell a mini-program how to share, and a plain browser where to go, never a blank page', async () => {
    const mini = await openAs(`${ANDROID} MicroMessenger/8.0.47 miniProgram/wx1`);
    await mini.getByRole('heading', { name: TITLE }).waitFor();
    expect(await mini.getByText('点击右上角「···」可分享给好友').count()).toBe(1);
    expect(await mini.getByRole('button', { name: '查看详情' }).count()).toBe(1);

    const browser = await openAs(ANDROID);
    await browser.getByRole('heading', { name: TITLE }).waitFor();
    expect(await browser.getByRole('link', { name: '在 App 中打开' }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(await browser.getByRole('button', { name: '复制链接' }).count()).toBe(1);
    expect(await browser.getByRole('button', { name: '查看详情' }).count()).toBe(0);

    const bad = await openAs(ANDROID, '/h5/share?share_type=activity');
    await bad.getByText('链接不完整或已失效').waitFor();
    const gone = await openAs(ANDROID, '/h5/share?tenant=nio&share_type=activity&share_templet_id=999999');
    await gone.getByText('分享的内容不存在或已下线').waitFor();
  });
});
