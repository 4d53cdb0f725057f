import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import type { PowerCharger, PowerChargerList } from '@cmp/domain/stations/remote-operations';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/remote-operations';
/** The simulated chargers start with the portal and connect within seconds; a busy machine needs more. */
const CONNECT_WAIT_MS = 90_000;
/**
 * A charger back from a reset shows online at the next presence read (every 10 s); this stays within the
 * limit of a test.
 */
const ONLINE_WAIT_MS = 40_000;
/** A session id no charger has open. */
const UNKNOWN_SESSION = '999999999';

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const openDrawer = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ visible: true });
const activeTab = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });

/**
 * A demo charge station with a simulated charger online, found through the API as a person would find it on
 * the equipment tab: the demo registers the first station's first charger, so the first pages hold one.
 */
async function onlineCharger(s: Session): Promise<PowerCharger | undefined> {
  const list = await s.page.request.get(
    s.url('/api/nio/stations?resourceType=ChargeStation&pageSize=50&sort=resourceId:asc'),
  );
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: OperationListItem[] };
  for (const item of items) {
    const answer = await s.page.request.post(s.url('/api/nio/power-chargers/search'), {
      headers: { origin: s.origin },
      data: { group_id: item.resourceId },
    });
    expect(answer.status()).toBe(200);
    const { items: chargers } = (await answer.json()) as PowerChargerList;
    const online = chargers.find((charger) => charger.online);
    if (online) return online;
  }
  return undefined;
}

/** Waits until a simulated charger has connected (they start after the portal is ready). */
function stationWithOnlineCharger(s: Session): Promise<PowerCharger> {
  return vi.waitFor(
    async () => {
      const online = await onlineCharger(s);
      if (!online) throw new Error('no simulated charger came online');
      return online;
    },
    { timeout: CONNECT_WAIT_MS, interval: 2_000 },
  );
}

const stationPage = (charger: PowerCharger, tab: string) =>
  `/cmp-app/nio/resources/charge-station?resourceId=${encodeURIComponent(charger.resourceId)}&tab=${tab}`;

/** The charger's row on the equipment tab, once it shows the charger online. */
async function chargerRow(s: Session, charger: PowerCharger, online = '在线') {
  const row = rows(s.page).filter({ hasText: charger.chargePointId }).first();
  await row.waitFor();
  await row.getByText(online, { exact: true }).waitFor({ timeout: ONLINE_WAIT_MS });
  return row;
}

/** Opens a command of the charger's menu and waits for its dialog. */
async function openCommand(s: Session, charger: PowerCharger, command: string) {
  const row = await chargerRow(s, charger);
  await row.getByRole('button', { name: /远程指令/ }).click();
  await s.page.getByRole('menuitem', { name: command }).click();
  const modal = openModal(s.page);
  await modal.getByText(`向充电桩 ${charger.chargePointId} 发送“${command}”？`).waitFor();
  await settle(s.page);
  return modal;
}

describe('remote operations: commands from the equipment tab to a simulated charger', () => {
  let s: Session;
  let charger: PowerCharger;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    // The sign-in page's own address names the list it leads back to.
    await s.page.waitForURL((url) => url.pathname === LIST);
    charger = await stationWithOnlineCharger(s);
  }, CONNECT_WAIT_MS + 60_000);
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it("should show the charger's OCPP state on the equipment tab", async () => {
    await s.page.goto(s.url(stationPage(charger, 'equipment')));
    const row = await chargerRow(s, charger);
    expect(await row.textContent()).toContain(charger.vendor ?? '');
    await row.getByRole('button', { name: '展开行' }).click();
    await s.page.getByText('OCPP 状态').first().waitFor();
    await s.snap('remote-operations-equipment-zh');
  });

  it('should say in words why a stop of a session the charger does not have failed', async () => {
    const modal = await openCommand(s, charger, '远程停止充电');
    await modal.getByRole('combobox').fill(UNKNOWN_SESSION);
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByText('远程停止充电失败：该充电桩没有此编号的进行中充电会话').waitFor();
    await s.snap('remote-operations-stop-failed-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('should send a soft reset once confirmed and show that the charger did it', async () => {
    const modal = await openCommand(s, charger, '软重启');
    await s.snap('remote-operations-reset-confirm-zh');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByText('软重启：充电桩已执行').waitFor();
    await s.snap('remote-operations-reset-answer-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await modal.waitFor({ state: 'hidden' });
  });

  it("should show both operations on the station's remote operations tab, each at its end", async () => {
    await s.page.getByRole('tab', { name: '远程操作' }).click();
    const tab = activeTab(s.page);
    await tab.getByText('全部', { exact: true }).click();
    const reset = rows(s.page).filter({ hasText: '软重启' }).first();
    await reset.getByText('成功', { exact: true }).waitFor();
    expect(await reset.textContent()).toContain('nio-operator');
    const stop = rows(s.page).filter({ hasText: '远程停止充电' }).first();
    await stop.getByText('失败', { exact: true }).waitFor();
    await stop.getByText('该充电桩没有此编号的进行中充电会话').waitFor();
    await s.snap('remote-operations-tab-zh');
  });

  it('should list them network-wide and open one onto its command and answer', async () => {
    await s.page.goto(
      s.url(`${LIST}?status=all&charge_point_id=${encodeURIComponent(charger.chargePointId)}`),
    );
    const reset = rows(s.page).filter({ hasText: '软重启' }).first();
    await reset.getByText('成功', { exact: true }).waitFor();
    await s.snap('remote-operations-list-zh');
    await reset.locator('td').first().getByRole('button').click();
    const drawer = openDrawer(s.page);
    await drawer.getByText('发送的指令').waitFor();
    expect(await drawer.getByTestId('operation-payload').textContent()).toContain('"type": "Soft"');
    expect(await drawer.getByTestId('operation-answer').textContent()).toContain('"status": 1');
    await settle(s.page);
    await s.snap('remote-operations-drawer-zh');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('should read the screens in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Remote operations').first().waitFor();
    await rows(s.page).filter({ hasText: 'Soft reset' }).first().getByText('Succeeded').waitFor();
    await s.snap('remote-operations-list-en');

    await s.page.goto(s.url(stationPage(charger, 'remote-operations')));
    const tab = activeTab(s.page);
    await tab.getByText('All', { exact: true }).click();
    await rows(s.page).filter({ hasText: 'Soft reset' }).first().getByText('Succeeded').waitFor();
    await s.snap('remote-operations-tab-en');

    await s.page.getByRole('tab', { name: 'Equipment' }).click();
    await chargerRow(s, charger, 'Online');
    await s.snap('remote-operations-equipment-en');
  });
});
