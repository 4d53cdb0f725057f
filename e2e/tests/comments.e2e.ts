import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/feedback-list';
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ visible: true });

async function search(s: Session, body: object): Promise<{ items: Comment[]; total: number }> {
  const response = await s.page.request.post(s.url('/api/nio/comments/search'), {
    data: body,
    headers: { origin: s.origin },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { items: Comment[]; total: number };
}

describe('comment moderation', () => {
  let s: Session;
  /** A demo station with several comments and none of them focused yet. */
  let station: { resourceId: string; resourceName: string };

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    const recent = await search(s, { pageSize: 100 });
    for (const comment of recent.items) {
      const ofStation = await search(s, { resourceId: comment.resourceId, pageSize: 50 });
      if (ofStation.total >= 3 && ofStation.items.every((c) => !c.focused && c.replyNumber === 0)) {
        station = { resourceId: comment.resourceId, resourceName: comment.resourceName };
        break;
      }
    }
    expect(station).toBeDefined();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should list comments newest first with stars, flags and thumbnails', async () => {
    await s.snap('comments-list-zh');
    const times = await rows(s.page).locator('td.ant-table-cell:nth-child(3)').allTextContents();
    expect(times.length).toBeGreaterThan(5);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      await rows(s.page)
        .first()
        .getByRole('img', { name: /^[0-5](\.5)? 星$/ })
        .count(),
    ).toBe(1);
  });

  it('should filter by station and show only its comments', async () => {
    const { total } = await search(s, { resourceId: station.resourceId });
    await s.page.getByLabel('站点 ID').fill(station.resourceId);
    const answered = s.page.waitForResponse((r) => r.url().endsWith('/comments/search'));
    await s.page.getByRole('button', { name: '查询' }).click();
    await answered;
    await s.page.waitForURL(/resourceId=/);
    await s.page.getByText(`共 ${total} 条`).waitFor();
    await settle(s.page);
    expect(await rows(s.page).count()).toBe(total);
    expect(await rows(s.page).getByRole('link', { name: station.resourceName, exact: true }).count()).toBe(
      total,
    );
    await s.snap('comments-filtered-zh');
  });

  it('should mark the selected comments for attention after confirmation', async () => {
    await rows(s.page).nth(0).locator('.ant-checkbox-input').check();
    await rows(s.page).nth(1).locator('.ant-checkbox-input').check();
    await s.page.getByRole('button', { name: '关注', exact: true }).click();
    await s.page
      .locator('.ant-modal-confirm-title', { hasText: '确定对选中的 2 条评论执行「关注」？' })
      .waitFor();
    await s.snap('comments-batch-confirm-zh');
    await s.page
      .locator('.ant-modal-confirm-btns')
      .getByRole('button', { name: '关注', exact: true })
      .click();
    await s.page.getByText('「关注」已处理 2 条，0 条无需变更').waitFor();
    await settle(s.page);
    expect(await rows(s.page).nth(0).locator('.ant-tag', { hasText: '关注' }).count()).toBe(1);
    expect(await rows(s.page).nth(1).locator('.ant-tag', { hasText: '关注' }).count()).toBe(1);
    const focused = await search(s, { resourceId: station.resourceId, pageSize: 50 });
    expect(focused.items.filter((c) => c.focused)).toHaveLength(2);
  });

  it('should reply officially and see the reply and the marks in the history', async () => {
    await rows(s.page).nth(0).getByText('详情', { exact: true }).click();
    const panel = drawer(s.page);
    const box = s.page.getByPlaceholder('以官方身份回复该评论，App 用户可见');
    await box.fill('感谢反馈，我们已通知场站处理。');
    const history = s.page.waitForResponse((r) => r.url().endsWith('/comments/operations'));
    await panel.getByRole('button', { name: '发布回复' }).click();
    await s.page.getByText('已发布官方回复').waitFor();
    await history;
    await panel.getByText('感谢反馈，我们已通知场站处理。').first().waitFor();
    await panel.getByText('nio-operator（运营人员）').first().waitFor();
    await settle(s.page);
    const records = await panel.locator('[data-testid^="comment-operation-"]').allInnerTexts();
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records[0]).toContain('官方回复');
    expect(records[0]).toContain('感谢反馈，我们已通知场站处理。');
    expect(records.some((r) => r.includes('关注') && r.includes('否') && r.includes('是'))).toBe(true);
    await s.snap('comments-drawer-zh');
    const replied = await search(s, { resourceId: station.resourceId, replyNumberMin: 1 });
    expect(replied.items.map((c) => c.replies[0]?.text)).toContain('感谢反馈，我们已通知场站处理。');
    await panel.locator('.ant-drawer-close').click();
    await drawer(s.page).waitFor({ state: 'detached' });
  });

  it('should show the list and the drawer in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: 'Query' }).waitFor();
    await settle(s.page);
    await s.snap('comments-list-en');
    await rows(s.page).nth(0).getByText('Details', { exact: true }).click();
    await drawer(s.page).getByText('Official reply').first().waitFor();
    await settle(s.page);
    await s.snap('comments-drawer-en');
    await drawer(s.page).locator('.ant-drawer-close').click();
    await drawer(s.page).waitFor({ state: 'detached' });
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});

describe('comment vendors and a station comments', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app/nio/comment-vendors'));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url('/cmp-app/nio/comment-vendors'));
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should register a vendor and show its secret once', async () => {
    await s.page.getByText('NIO 用户评价').waitFor();
    await s.page.getByRole('button', { name: '新建供应商' }).click();
    await s.page.getByLabel('名称', { exact: true }).fill('大众点评');
    await s.page.getByLabel('来源 ID', { exact: true }).fill('dianping');
    await s.page.getByLabel('回调地址', { exact: true }).fill('https://hooks.example.com/cmp');
    await s.page.getByRole('button', { name: /^创\s*建$/ }).click();
    await s.page.getByText('「大众点评」的密钥').waitFor();
    await s.page.getByText(/^密钥只显示这一次/).waitFor();
    const code = await s.page
      .getByText(/^cmpsk_/)
      .first()
      .innerText();
    expect(code).toMatch(/^cmpsk_[A-Za-z0-9_-]{40,}$/);
    await s.snap('comment-vendor-secret-zh');
    await s.page.getByRole('button', { name: '我已保存密钥' }).click();
    await s.page.getByText('「大众点评」的密钥').waitFor({ state: 'detached' });
    await s.page.getByRole('cell', { name: 'dianping', exact: true }).waitFor();
    expect(await s.page.content()).not.toContain(code);
    await s.snap('comment-vendors-zh');
  });

  it("should sum up a station's comments in its Comments tab", async () => {
    const response = await s.page.request.post(s.url('/api/nio/comments/search'), {
      data: { pageSize: 1 },
      headers: { origin: s.origin },
    });
    const [comment] = ((await response.json()) as { items: Comment[] }).items;
    const detail = comment!.resourceType === 'PowerSwap' ? 'swap-station' : 'charge-station';
    await s.page.goto(
      s.url(
        `/cmp-app/nio/resources/${detail}?resourceId=${encodeURIComponent(comment!.resourceId)}&tab=comments`,
      ),
    );
    await s.page.getByText('评价汇总').waitFor();
    await s.page
      .getByText(/共 \d+ 条评价/)
      .first()
      .waitFor();
    await rows(s.page).first().waitFor();
    await settle(s.page);
    await s.snap('station-comments-tab-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Ratings summary').waitFor();
    await settle(s.page);
    await s.snap('station-comments-tab-en');
    await s.page.goto(s.url('/cmp-app/nio/comment-vendors'));
    await s.page.getByRole('button', { name: 'New vendor' }).waitFor();
    await settle(s.page);
    await s.snap('comment-vendors-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
