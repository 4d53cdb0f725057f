import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppIntakeResult, AppPostCreate } from '@cmp/domain/forum/forum-contracts';
import type { AppClientSecret } from '@cmp/domain/platform/app-clients';
import { signedHeaders } from '../../apps/server/src/platform/signed-clients/client-signing';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/forum-posts';
const POSTS = '/api/app/forum/posts';
const stamp = Date.now().toString(36);
const WORD = `违禁${stamp}`;
const TITLE = `川西换电自驾 ${stamp}`;

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').filter({ visible: true });

// A note that came in through the signed app API with a sensitive word, held by the hold rule: found in the
// list with the word highlighted, opened, published and hidden by a moderator once confirmed, each step
// seen in the apps' read and the post's history.
describe('forum moderation', () => {
  let s: Session;
  let client: { clientId: string; secretCode: string };
  let postId = 0;

  /** What the app back end sends: signed with its client's secret. */
  const signed = (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    return fetch(s.url(path), {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...signedHeaders(client, { method, path, body }),
      },
      ...(payload === undefined ? {} : { body }),
    });
  };
  const staff = (method: 'post' | 'put', path: string, data: unknown) =>
    s.page.request[method](s.url(`/api/nio/forum${path}`), { headers: { origin: s.origin }, data });

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    const rotated = await s.page.request.post(s.url('/api/nio/app-clients/demo-nio-app/rotate-secret'), {
      headers: { origin: s.origin },
    });
    expect(rotated.status()).toBe(200);
    const secret = (await rotated.json()) as AppClientSecret;
    client = { clientId: secret.client.clientId, secretCode: secret.secretCode };
    expect((await staff('post', '/sensitive-words', { word: WORD })).status()).toBe(201);
    expect((await staff('put', '/sensitive-word-rule', { matchRule: 'hold' })).status()).toBe(200);
  });
  afterAll(async () => {
    await staff('put', '/sensitive-word-rule', { matchRule: 'flag' }).catch(() => undefined);
    await s?.close();
  });
  screenshotFailures(() => s);

  it('should hold a note with a sensitive word that came through the app API, highlighted in the list', async () => {
    const post: AppPostCreate = {
      accountId: 'ACC100003',
      postType: 1,
      title: TITLE,
      topicTitle: '自驾游记',
      postContent: {
        cover: { url: 'https://picsum.photos/seed/e2e-cover/750/420' },
        sections: [
          {
            sectionType: 'text',
            content: `一路换电很顺利，顺便问问${WORD}哪里有。`,
            annotations: [{ type: 'bold', start: 0, end: 4 }],
          },
          { sectionType: 'poi', poi: { name: '康定情歌广场', longitude: 101.96, latitude: 30.05 } },
          {
            sectionType: 'power',
            power: { resourceId: 'PS-E2E', resourceName: '康定换电站', powerType: 'swap' },
          },
        ],
      },
    };
    const sent = await signed('POST', POSTS, post);
    expect(sent.status).toBe(201);
    const intake = (await sent.json()) as AppIntakeResult;
    expect(intake).toMatchObject({ illegalWordArr: [WORD], shown: false });
    postId = intake.id;
    expect((await signed('GET', `${POSTS}/${postId}`)).status).toBe(404);

    await s.page.goto(s.url(`${LIST}?postId=${postId}`));
    const row = rows(s.page).filter({ hasText: TITLE });
    await row.waitFor();
    expect(await rows(s.page).count()).toBe(1);
    await expect.poll(() => row.locator('mark').first().textContent()).toBe(WORD);
    await expect.poll(() => row.getByText('未发布', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('笔记', { exact: true }).isVisible()).toBe(true);
  });

  it('should publish the held note once confirmed, and the apps then read it', async () => {
    await s.page.getByRole('link', { name: String(postId), exact: true }).click();
    await s.page.waitForURL(/forum-posts\/detail\?id=/);
    await expect.poll(() => s.page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByTestId('poi-card').textContent()).toContain('康定情歌广场');
    await expect.poll(() => s.page.getByTestId('power-card').textContent()).toContain('换电站 · PS-E2E');
    await expect.poll(() => s.page.getByTestId('post-article').locator('mark').textContent()).toBe(WORD);

    await s.page.getByRole('button', { name: '发布', exact: true }).click();
    await expect
      .poll(() => confirmDialog(s.page).locator('.ant-modal-confirm-title').textContent())
      .toBe(`发布帖子 ${postId}？`);
    await confirmDialog(s.page).getByRole('button', { name: '发布' }).click();
    await expect.poll(() => s.page.getByRole('button', { name: '取消发布' }).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByText('已发布', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => (await signed('GET', `${POSTS}/${postId}`)).status).toBe(200);
    const history = s.page.getByTestId('post-history');
    await expect.poll(() => history.getByText('发布', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => history.getByText(/nio-admin/).isVisible()).toBe(true);
  });

  it('should hide the note once confirmed, and the apps no longer read it', async () => {
    await s.page.getByRole('button', { name: '隐藏', exact: true }).click();
    const dialog = confirmDialog(s.page);
    await expect.poll(() => dialog.getByText('隐藏后，App 里立即看不到该帖子。').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '隐藏' }).click();
    await expect.poll(() => s.page.getByRole('button', { name: '取消隐藏' }).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByText('已隐藏', { exact: true }).isVisible()).toBe(true);
    expect((await signed('GET', `${POSTS}/${postId}`)).status).toBe(404);
    const list = (await (await signed('GET', `${POSTS}?pageSize=100`)).json()) as {
      items: { postId: number }[];
    };
    expect(list.items.map((p) => p.postId)).not.toContain(postId);
    await s.snap('forum-post-detail-zh');
  });
});
