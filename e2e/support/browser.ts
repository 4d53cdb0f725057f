import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The portal's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  url: (path: string) => string;
  /** Saves a full-page screenshot as artifacts/<name>.png for people to look at (not in CI). */
  snap: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

/** Debian's Chromium, never a downloaded one, with a fresh context: no cookies or storage from other files. */
export async function openSession(): Promise<Session> {
  const origin = inject('portalOrigin');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Reduced motion turns antd's animations off, so a click never lands on a dialog still zooming in.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    browser,
    context,
    page,
    origin,
    url: (path) => `${origin}${path}`,
    snap: async (name) => {
      // A full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, name);
    },
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

/** Fills and sends the sign-in form (in Chinese, the default language). */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

// Screens are shot for people to look at while they build them; CI keeps no artifacts, so there only a failed
// test's page is shot (170 full-page shots cost minutes of a 2-core run).
const SHOOT_ALL = process.env.CI !== 'true';

/** Waits for the page to settle and saves a full-page shot as artifacts/<name>.png (failures always). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await settle(page);
  if (!SHOOT_ALL && !name.startsWith('FAILED-')) return;
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Keeps a screenshot of the page as it was when a test failed, named after the test. */
export function screenshotFailures(session: () => Session | undefined): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    await session()?.snap(`FAILED-${name}`);
  });
}

/**
 * Waits until antd's enter and leave animations are over (infinite ones such as spinners aside): a shot taken
 * mid-animation shows half-faded drawers, and a menu clicked while it slides in may miss the click.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    // Going on is still better than failing here; the next assertion says what is wrong.
    .catch(() => undefined);
}

const openConfirm = (page: Page) => page.locator('.ant-popconfirm').filter({ visible: true });

/**
 * Answers the open Popconfirm with its OK button (named `ok`), once its opening motion has ended: a click on
 * a popover still zooming in can miss it under load. Waits until it has closed.
 */
export async function confirmPopconfirm(page: Page, ok = '确定'): Promise<void> {
  await openConfirm(page).waitFor();
  await settle(page);
  await openConfirm(page).getByRole('button', { name: ok }).click();
  await openConfirm(page).waitFor({ state: 'hidden' });
}

/** Picks a language on the language switch (named in the language shown). */
export async function chooseLanguage(page: Page, switchLabel: string, next: string): Promise<void> {
  await page.getByRole('radiogroup', { name: switchLabel }).getByText(next, { exact: true }).click();
  await page.getByRole('radio', { name: next, checked: true }).waitFor({ state: 'attached' });
  await settle(page);
}
