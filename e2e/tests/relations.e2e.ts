import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Relation, RelationListRequest } from '@cmp/domain/accounts/relation-contracts';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/relations';
const BIND_REASON = 'E2E：车主社群站长，负责巡检';
const UNBIND_REASON = 'E2E：维护协议到期';

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const shownTab = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
const rowWith = (page: Page, text: string): Locator => rows(page).filter({ hasText: text });

async function search(s: Session, body: RelationListRequest): Promise<{ items: Relation[]; total: number }> {
  const response = await s.page.request.post(s.url('/api/nio/relations/search'), {
    data: body,
    headers: { origin: s.origin },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { items: Relation[]; total: number };
}

describe('relations of app users to stations', () => {
  let s: Session;
  /** A demo station with users tied to it, and a demo user who is not yet its maintainer. */
  let station: Relation;
  let accountId: string;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    const live = await search(s, { state: 'bind', pageSize: 50 });
    station = live.items[0]!;
    for (const other of live.items.filter((r) => r.resourceId !== station.resourceId)) {
      const taken = await search(s, {
        resource_id: station.resourceId,
        account_id: other.accountId,
        relation_type: 'maintainer',
        state: 'bind',
      });
      if (taken.total === 0) {
        accountId = other.accountId;
        break;
      }
    }
    expect(accountId).toBeDefined();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it("should list the demo relations with their users' masked-or-whole mobiles, types and states", async () => {
    await settle(s.page);
    await s.snap('relations-list-zh');
    expect(await rows(s.page).count()).toBeGreaterThan(5);
    expect(await rows(s.page).first().locator('.ant-tag').count()).toBeGreaterThanOrEqual(2);
  });

  it("should bind a user in the station's Relations tab, unbind with a reason, and record both", async () => {
    const detail = station.resourceType === 'PowerSwap' ? 'swap-station' : 'charge-station';
    await s.page.goto(
      s.url(
        `/cmp-app/nio/resources/${detail}?resourceId=${encodeURIComponent(station.resourceId)}&tab=relations`,
      ),
    );
    await rows(s.page).first().waitFor();
    await settle(s.page);
    await s.snap('station-relations-tab-zh');

    await shownTab(s.page).getByRole('button', { name: '绑定用户' }).click();
    const dialog = openModal(s.page);
    await dialog.getByText('绑定用户与站点').waitFor();
    await dialog.getByLabel('账户 ID').fill(accountId);
    await dialog.getByLabel('关系类型').click();
    const option = s.page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="维护者"]');
    await option.waitFor();
    await settle(s.page);
    await option.click();
    await dialog.getByLabel('绑定原因').fill(BIND_REASON);
    await s.snap('station-relations-bind-zh');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '绑定' }).click();
    await s.page.getByText(`已绑定用户 ${accountId}`).waitFor();
    const bound = rowWith(s.page, BIND_REASON);
    await bound.waitFor();
    expect(await bound.locator('.ant-tag', { hasText: '维护者' }).count()).toBe(1);
    expect(await bound.locator('.ant-tag', { hasText: '已绑定' }).count()).toBe(1);

    await bound.getByRole('button', { name: '解绑' }).click();
    const confirm = openModal(s.page);
    await confirm.getByText(/^解绑用户 .+？$/).waitFor();
    const unbind = confirm.locator('.ant-modal-footer').getByRole('button', { name: '解绑' });
    expect(await unbind.isDisabled()).toBe(true);
    await confirm.getByLabel('解绑原因').fill(UNBIND_REASON);
    await settle(s.page);
    await s.snap('station-relations-unbind-zh');
    await unbind.click();
    await s.page.getByText(/^已解绑关系 \d+$/).waitFor();
    const unbound = rowWith(s.page, UNBIND_REASON);
    await unbound.waitFor();
    expect(await unbound.locator('.ant-tag', { hasText: '已解绑' }).count()).toBe(1);
    expect(await unbound.getByRole('button', { name: '解绑' }).count()).toBe(0);
    await settle(s.page);
    await s.snap('station-relations-unbound-zh');

    await s.page.getByRole('tab', { name: '操作记录' }).click();
    const history = shownTab(s.page);
    const unbindRecord = history.locator('.ant-card').filter({ hasText: UNBIND_REASON }).first();
    await unbindRecord.waitFor();
    expect(await unbindRecord.locator('.ant-tag', { hasText: '解绑用户' }).count()).toBe(1);
    expect(await unbindRecord.getByText(accountId).count()).toBeGreaterThan(0);
    const bindRecord = history.locator('.ant-card').filter({ hasText: BIND_REASON }).first();
    expect(await bindRecord.locator('.ant-tag', { hasText: '绑定用户' }).count()).toBe(1);
    await settle(s.page);
    await s.snap('station-relations-history-zh');
  });

  it('should filter the relation list by account and show only its relations', async () => {
    await s.page.goto(s.url(LIST));
    await rows(s.page).first().waitFor();
    const { total } = await search(s, { account_id: accountId });
    await s.page.getByLabel('账户 ID').fill(accountId);
    const answered = s.page.waitForResponse((r) => r.url().endsWith('/relations/search'));
    await s.page.getByRole('button', { name: '查询' }).click();
    await answered;
    await s.page.waitForURL(/account_id=/);
    await s.page.getByText(`共 ${total} 条`).waitFor();
    await settle(s.page);
    expect(await rows(s.page).count()).toBe(total);
    expect(await rows(s.page).filter({ hasText: accountId }).count()).toBe(total);
    expect(await rowWith(s.page, UNBIND_REASON).count()).toBe(1);
    await s.snap('relations-by-account-zh');
  });

  it('should show the list and the Relations tab in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('User–station relations').waitFor();
    await settle(s.page);
    await s.snap('relations-by-account-en');
    const detail = station.resourceType === 'PowerSwap' ? 'swap-station' : 'charge-station';
    await s.page.goto(
      s.url(
        `/cmp-app/nio/resources/${detail}?resourceId=${encodeURIComponent(station.resourceId)}&tab=relations`,
      ),
    );
    await shownTab(s.page).getByRole('button', { name: 'Bind a user' }).waitFor();
    await rowWith(s.page, UNBIND_REASON).waitFor();
    expect(await rowWith(s.page, UNBIND_REASON).locator('.ant-tag', { hasText: 'Unbound' }).count()).toBe(1);
    await settle(s.page);
    await s.snap('station-relations-tab-en');
    await s.page.getByRole('tab', { name: 'History' }).click();
    await shownTab(s.page).locator('.ant-card').filter({ hasText: UNBIND_REASON }).first().waitFor();
    await settle(s.page);
    await s.snap('station-relations-history-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
