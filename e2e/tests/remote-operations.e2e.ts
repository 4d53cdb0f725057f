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
/** An option of the open select dropdown (antd also renders a hidden list of options for screen readers). */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ visible: true }).getByText(text, { exact: true });

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

describe("remote operations: a charger's configuration and the other OCPP 1.6 commands", () => {
  let s: Session;
  let charger: PowerCharger;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL((url) => url.pathname === LIST);
    charger = await stationWithOnlineCharger(s);
  }, CONNECT_WAIT_MS + 60_000);
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  const openDrawerOf = async () => {
    const row = await chargerRow(s, charger);
    await row.getByRole('button', { name: '配置', exact: true }).click();
    const drawer = openDrawer(s.page);
    await drawer.getByText(`充电桩 ${charger.chargePointId} 的配置`).waitFor();
    return drawer;
  };
  const keyRow = (drawer: ReturnType<typeof openDrawer>, key: string) =>
    drawer.locator('.ant-table-row').filter({ has: s.page.getByRole('cell', { name: key, exact: true }) });

  it("should read the charger's configuration keys onto its page, read-only ones marked", async () => {
    await s.page.goto(s.url(stationPage(charger, 'equipment')));
    const drawer = await openDrawerOf();
    await drawer.getByRole('button', { name: '从充电桩读取配置' }).click();
    const heartbeat = keyRow(drawer, 'HeartbeatInterval');
    await heartbeat.waitFor();
    expect(await heartbeat.textContent()).toContain('可修改');
    const maxLength = keyRow(drawer, 'LocalAuthListMaxLength');
    await maxLength.getByText('只读').waitFor();
    // A read-only key offers no change.
    expect(await maxLength.getByRole('button', { name: '修改' }).count()).toBe(0);
    await drawer.getByText(/由 nio-operator 读取/).waitFor();
    await s.snap('remote-operations-configuration-zh');
  });

  it('should change a writable key, show what the charger answered as a label, and show the new value', async () => {
    const drawer = openDrawer(s.page);
    await keyRow(drawer, 'HeartbeatInterval').getByRole('button', { name: '修改' }).click();
    const modal = openModal(s.page);
    await modal.getByText(`向充电桩 ${charger.chargePointId} 发送“修改配置”？`).waitFor();
    expect(await modal.getByLabel('配置项').inputValue()).toBe('HeartbeatInterval');
    await modal.getByLabel('新值').fill('120');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByText('修改配置：充电桩已执行').waitFor();
    await modal.getByTestId('answer-status').getByText('已接受').waitFor();
    await s.snap('remote-operations-configuration-change-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await drawer.getByTestId('configuration-change').getByText('HeartbeatInterval 改为 120：').waitFor();
    await keyRow(drawer, 'HeartbeatInterval').getByRole('cell', { name: '120', exact: true }).waitFor();

    // A key that takes effect after a restart says so.
    await keyRow(drawer, 'WebSocketPingInterval').getByRole('button', { name: '修改' }).click();
    await modal.getByLabel('新值').fill('45');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByTestId('answer-status').getByText('需重启生效').waitFor();
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await drawer.getByTestId('configuration-change').getByText('需重启生效').waitFor();
    await s.snap('remote-operations-configuration-reboot-zh');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('should send a full local list once each id tag has a status, then read its version', async () => {
    const modal = await openCommand(s, charger, '下发本地授权列表');
    await modal.getByRole('combobox').first().click();
    await option(s.page, '全量替换').click();
    await modal.getByLabel('列表版本').fill('3');
    await modal.getByLabel('授权标识（idTag）').fill('CARD0001');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    // A full list replaces the charger's: an id tag without a status is refused before anything is sent.
    await modal.getByText('输入不能为空').first().waitFor();
    await modal.getByLabel('授权状态').click();
    await option(s.page, '允许').click();
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByText('下发本地授权列表：充电桩已执行').waitFor();
    await modal.getByTestId('answer-status').getByText('已接受').waitFor();
    await s.snap('remote-operations-local-list-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await modal.waitFor({ state: 'hidden' });

    const version = await openCommand(s, charger, '查询本地授权列表版本');
    await version.getByRole('button', { name: /发\s*送/ }).click();
    await version.getByTestId('list-version').getByText('本地授权列表版本：3').waitFor();
    await version
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await version.waitFor({ state: 'hidden' });
  });

  it('should show the composite schedule the charger answers', async () => {
    const modal = await openCommand(s, charger, '查询综合充电计划');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await modal.getByText('查询综合充电计划：充电桩已执行').waitFor();
    const schedule = modal.getByTestId('composite-schedule');
    await schedule.locator('.ant-table-row').first().waitFor();
    expect(await schedule.textContent()).toMatch(/\d+ W/);
    await s.snap('remote-operations-composite-schedule-zh');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('should list each wrong row of a bulk registration sheet and register none', async () => {
    await s.page.goto(s.url(LIST));
    await s.page.getByRole('button', { name: '批量接入充电桩' }).click();
    const modal = openModal(s.page);
    await modal.getByText('批量接入充电桩（OCPP）').waitFor();
    await modal.locator('input[type=file]').setInputFiles({
      name: 'chargers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`设备编号\r\n${charger.chargePointId}\r\nNO-SUCH-CHARGER\r\nbad id!\r\n`),
    });
    await modal.getByRole('button', { name: '接入并下载密码' }).click();
    await modal.getByText('表格中有 3 行无法接入，未接入任何充电桩：').waitFor();
    const errors = modal.getByTestId('bulk-errors');
    await errors.getByText('该充电桩已注册').waitFor();
    await errors.getByText('没有此编号的设备').waitFor();
    await errors.getByText('充电桩编号格式不正确').waitFor();
    await s.snap('remote-operations-bulk-errors-zh');
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('should read the configuration in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.goto(s.url(stationPage(charger, 'equipment')));
    const row = await chargerRow(s, charger, 'Online');
    await row.getByRole('button', { name: 'Configuration', exact: true }).click();
    const drawer = openDrawer(s.page);
    await drawer.getByText(`Configuration of charger ${charger.chargePointId}`).waitFor();
    await keyRow(drawer, 'LocalAuthListMaxLength').getByText('Read-only').waitFor();
    await keyRow(drawer, 'HeartbeatInterval').getByRole('button', { name: 'Change' }).waitFor();
    await s.snap('remote-operations-configuration-en');
  });
});
