import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupChat, GroupChatPage, GroupNotice } from '@cmp/domain/chats/group-chats';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/group-chats';
const stamp = Date.now().toString(36);

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });

// A demo group opened from the list, its members shown, and a notice sent to them with the confirmation the
// member count asks for, landing as pending rows of the outbox.
describe('group chats', () => {
  let s: Session;
  let group: GroupChat;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    const page = await s.page.request.get(s.url('/api/nio/group-chats?chatStatus=NORMAL&sort=id:asc'));
    group = ((await page.json()) as GroupChatPage).items[0]!;
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should open a group from the list and show its members', async () => {
    await s.page.getByRole('link', { name: String(group.id), exact: true }).click();
    await s.page.waitForURL(/group-chats\/detail\?id=/);
    await expect.poll(() => s.page.getByRole('heading', { name: group.groupName }).isVisible()).toBe(true);
    const members = s.page.locator('.ant-card').filter({ hasText: `成员（${group.detail!.memberNum}）` });
    await members.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await expect.poll(() => members.getByText('群主', { exact: true }).count()).toBe(1);
    await expect.poll(() => members.getByText(group.owner, { exact: true }).isVisible()).toBe(true);
  });

  it('should send an appNotify to the members once confirmed, and show it waiting for push', async () => {
    const title = `站点通知 ${stamp}`;
    await s.page.getByRole('button', { name: '发送通知' }).click();
    const dialog = openModal(s.page);
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('今晚 22:00 起 2 号桩检修一小时。');
    await dialog.getByRole('button', { name: '发送', exact: true }).click();
    const confirm = s.page.locator('.ant-modal-confirm').filter({ visible: true });
    await expect
      .poll(() => confirm.locator('.ant-modal-confirm-title').textContent())
      .toBe(`确认发送给 ${group.detail!.memberNum} 位成员？`);
    await confirm.getByRole('button', { name: '确认发送' }).click();
    await expect
      .poll(() => s.page.getByText(`已为 ${group.detail!.memberNum} 位成员排队推送`).isVisible())
      .toBe(true);
    const notices = s.page.locator('.ant-card').filter({ hasText: '群通知' });
    await expect.poll(() => notices.getByText(title).isVisible()).toBe(true);
    const answer = await s.page.request.get(s.url(`/api/nio/group-chats/${group.id}/notices`));
    const sent = ((await answer.json()) as { items: GroupNotice[] }).items.find((n) => n.title === title)!;
    expect(sent).toMatchObject({ recipients: group.detail!.memberNum, pending: group.detail!.memberNum });
  });
});
