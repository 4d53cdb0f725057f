import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import type { SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LIST = '/cmp-app/nio/resources';
const CHARGE_DETAIL = '/cmp-app/nio/resources/charge-station';

const rows = (page: Page) => page.locator('.ant-table-row');
const basicTab = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
/** The map is loaded on demand; a shot taken before shows its placeholder. */
const mapShown = (page: Page) => basicTab(page).locator('.leaflet-marker-icon').first().waitFor();

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await item.first().waitFor();
  await settle(page);
  await item.first().click();
}

async function api<T>(s: Session, path: string): Promise<T> {
  const response = await s.page.request.get(s.url(`/api/nio${path}`));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A demo station whose hours and fees the rules let the screen edit, open on Sunday. */
async function editableChargeStation(s: Session): Promise<ChargeStationBasicInfo> {
  const page = await api<{ items: OperationListItem[] }>(
    s,
    '/stations?resourceType=ChargeStation&pageSize=50',
  );
  for (const item of page.items) {
    const info = await api<ChargeStationBasicInfo>(
      s,
      `/stations/charge-stations/${encodeURIComponent(item.resourceId)}/basic-info`,
    );
    const sunday = info.businessHours.openList.find((day) => day.dayOfWeek === 7);
    if (
      info.canModifyBusinessHours &&
      info.canModifyElectricityFee &&
      sunday?.isOpen &&
      info.electricityFee.length > 0 &&
      info.chargingMapOnline
    ) {
      return info;
    }
  }
  throw new Error('no demo charge station with editable hours and fees');
}

/** A demo swap station with a clone, so the map shows both and the line between them. */
async function swapStationWithClone(s: Session): Promise<SwapStationBasicInfo> {
  const page = await api<{ items: OperationListItem[] }>(s, '/stations?resourceType=PowerSwap&pageSize=50');
  for (const item of page.items) {
    const info = await api<SwapStationBasicInfo>(
      s,
      `/stations/swap-stations/${encodeURIComponent(item.resourceId)}/basic-info`,
    );
    if (info.hasClone) return info;
  }
  throw new Error('no demo swap station with a clone');
}

/** Filters the operations list by type and name and opens the station from its row. */
async function openFromList(s: Session, type: string, name: string): Promise<void> {
  await s.page.goto(s.url(LIST));
  await pick(s.page, '站点类型', type);
  await s.page.getByLabel('搜索').fill(name);
  await s.page.getByRole('button', { name: '查询' }).click();
  await s.page.waitForURL(/searchText=/);
  const link = rows(s.page).getByRole('link', { name, exact: true }).first();
  await link.waitFor();
  await link.click();
}

/** Opens one section for editing by the Edit in its header, named after the section ("编辑充电桩"). */
async function edit(page: Page, editLabel: string): Promise<Locator> {
  const tab = basicTab(page);
  await tab.getByRole('button', { name: editLabel, exact: true }).click();
  await tab
    .getByRole('button', { name: /^(保存|Save)$/ })
    .first()
    .waitFor();
  return tab;
}

describe('station detail', () => {
  let s: Session;
  let station: ChargeStationBasicInfo;
  let swapId = '';

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LIST));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LIST));
    await rows(s.page).first().waitFor();
    station = await editableChargeStation(s);
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should open a charge station from the filtered operations list', async () => {
    await openFromList(s, '充电站', station.resourceName);
    await s.page.waitForURL(/\/resources\/charge-station\?resourceId=/);
    expect(new URL(s.page.url()).searchParams.get('resourceId')).toBe(station.resourceId);
    await s.page.getByRole('heading', { name: station.resourceName }).waitFor();
    const crumbs = await s.page.locator('.ant-breadcrumb li').allTextContents();
    expect(crumbs.filter((c) => c !== '/')).toEqual(['NIO', '资源运营', '充电站详情']);
    await basicTab(s.page).getByText('周一至周日').first().waitFor();
    await mapShown(s.page);
    await s.snap('station-detail-charge-zh');
  });

  it('should edit business hours and fees, save only them, and show the change in the history', async () => {
    const tab = await edit(s.page, '编辑营业时间与费用');
    await tab.getByRole('switch', { name: '周日' }).click();
    const price = tab.getByLabel('电费 1 价格');
    await price.fill('1.23');
    await price.blur();
    await s.snap('station-detail-charge-edit-zh');

    const saved = s.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/basic-info'),
    );
    await tab.getByRole('button', { name: '保存' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(Object.keys(response.request().postDataJSON() as object).sort()).toEqual([
      'businessHours',
      'electricityFee',
      'version',
    ]);
    await s.page.getByText('保存成功').waitFor();
    await tab.getByRole('button', { name: '编辑营业时间与费用' }).waitFor();
    await tab.getByText(/电费:00:00~\d\d:\d\d:1\.23/).waitFor();
    expect(await tab.getByText('周日').count()).toBe(0);

    await s.page.getByRole('tab', { name: '操作记录' }).click();
    const record = s.page.getByRole('tabpanel').filter({ visible: true }).locator('.ant-card').first();
    await record.getByText('修改充电站基础信息').waitFor();
    await expect.poll(() => record.innerText()).toContain('1.23');
    await settle(s.page);
    await s.snap('station-detail-charge-history-zh');
    // Pictures are linked by name and codes read as words: no file address, no code of a dictionary.
    const history = await s.page.getByRole('tabpanel').filter({ visible: true }).innerText();
    expect(history).not.toMatch(/\/api\/files|free_while_charging|charging_discount|limited_free/);
    await chooseLanguage(s.page, '切换语言', 'English');
    await record.getByText('Charge station basic info changed').waitFor();
    await settle(s.page);
    await s.snap('station-detail-charge-history-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it('should set a tag group in the tags tab, refuse an out-of-range speed, and record the change', async () => {
    await s.page.getByRole('tab', { name: '标签' }).click();
    const tab = basicTab(s.page);
    const row = (name: string) => tab.locator('.ant-table-row').filter({ hasText: name });
    await row('开放情况').waitFor();
    // The algorithms' charging tag is read-only and says so.
    await row('蔚来充电标签').getByText('该标签为只读').waitFor();

    await row('最大充电电流').getByRole('button', { name: '修改最大充电电流' }).click();
    const speed = s.page.locator('.ant-modal').filter({ hasText: '修改最大充电电流' });
    await speed.getByLabel('值').fill('351');
    await speed.getByRole('button', { name: /确\s*定/ }).click();
    await speed.getByText('输入值不能大于350').waitFor();
    await speed.getByLabel('值').fill('250');
    await speed.getByRole('button', { name: /确\s*定/ }).click();
    await row('最大充电电流').getByText('250 A').waitFor();

    await row('开放情况').getByRole('button', { name: '修改开放情况' }).click();
    const available = s.page.locator('.ant-modal').filter({ hasText: '修改开放情况' });
    await available.locator('.ant-select').click();
    await s.page.locator('.ant-select-item-option').filter({ hasText: '限时开放' }).click();
    await available.getByRole('button', { name: /确\s*定/ }).click();
    await row('开放情况').getByText('限时开放').waitFor();
    await expect.poll(() => row('开放情况').innerText()).toContain('运营');
    await settle(s.page);
    await s.snap('station-detail-tags-zh');

    await s.page.getByRole('tab', { name: '操作记录' }).click();
    const record = s.page.getByRole('tabpanel').filter({ visible: true }).locator('.ant-card').first();
    await record.getByText('修改资源标签').waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('tab', { name: 'Tags' }).click();
    // The seeded groups and tags read in English too.
    await row('Access').getByText('Open at some hours').waitFor();
    await row('Access').getByText('Operations').waitFor();
    await row('NIO charging tag').getByText('This tag is read-only').waitFor();
    await settle(s.page);
    await s.snap('station-detail-tags-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it('should take the station off the charging map after confirmation', async () => {
    await s.page.getByRole('tab', { name: '基础信息' }).click();
    await s.page.getByRole('button', { name: '充电地图下线' }).click();
    const modal = openModal(s.page);
    await modal.getByText(`确定将「${station.resourceName}」从充电地图下线吗？`, { exact: false }).waitFor();
    await modal.getByLabel('原因（选填）').fill('e2e: station closed for works');
    await settle(s.page);
    await s.snap('station-detail-offline-confirm-zh');
    await modal.getByRole('button', { name: '确定下线' }).click();
    await expect.poll(() => s.page.getByRole('button', { name: '充电地图下线' }).isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: '一键充电下线' }).isDisabled()).toBe(false);
  });

  it('should open a swap station with its clone on the map, refuse 301 chargers, and save a valid count', async () => {
    const swap = await swapStationWithClone(s);
    await openFromList(s, '换电站', swap.resourceName);
    await s.page.waitForURL(/\/resources\/swap-station\?resourceId=/);
    swapId = new URL(s.page.url()).searchParams.get('resourceId') ?? '';
    expect(swapId).toBe(swap.resourceId);
    await basicTab(s.page).getByText('交流桩总数').waitFor();
    await mapShown(s.page);
    await expect.poll(() => basicTab(s.page).locator('.leaflet-marker-icon').count()).toBe(2);
    await expect.poll(() => basicTab(s.page).locator('path.leaflet-interactive').count()).toBe(1);
    await s.snap('station-detail-swap-zh');

    const tab = await edit(s.page, '编辑充电桩');
    const ac = tab.getByLabel('交流桩总数');
    await ac.fill('301');
    await tab.getByRole('button', { name: '保存' }).first().click();
    await tab.getByText('输入数字不能超过300').waitFor();
    await s.snap('station-detail-swap-invalid-zh');

    await ac.fill('12');
    const saved = s.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/basic-info'),
    );
    await tab.getByRole('button', { name: '保存' }).first().click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ chargerTotalNumberAc: 12 });
    await s.page.getByText('保存成功').waitFor();
    await expect.poll(() => tab.getByLabel('交流桩总数').count()).toBe(0);
  });

  it('should open the old portal links on the detail screens', async () => {
    await s.page.goto(s.url(`/charge-station-detail?resourceId=${encodeURIComponent(station.resourceId)}`));
    await s.page.waitForURL(s.url(`${CHARGE_DETAIL}?resourceId=${encodeURIComponent(station.resourceId)}`));
    await s.page.getByRole('heading', { name: station.resourceName }).waitFor();

    await s.page.goto(s.url(`/power-swap-detail?resourceId=${encodeURIComponent(swapId)}`));
    await s.page.waitForURL(/\/cmp-app\/nio\/resources\/swap-station\?resourceId=/);
    await basicTab(s.page).getByText('交流桩总数').waitFor();
  });

  it('should say plainly that an unknown station does not exist', async () => {
    await s.page.goto(s.url(`${CHARGE_DETAIL}?resourceId=NO-SUCH-STATION`));
    await s.page.getByText('场站不存在').waitFor();
    await s.snap('station-detail-not-found-zh');
    await s.page.getByRole('link', { name: '返回资源运营列表' }).click();
    await s.page.waitForURL(s.url(LIST));
  });

  it("should list a swap station's chargers in its equipment tab", async () => {
    const page = await api<{ items: OperationListItem[] }>(s, '/stations?resourceType=PowerSwap&pageSize=50');
    let swap: SwapStationBasicInfo | undefined;
    for (const item of page.items) {
      const info = await api<SwapStationBasicInfo>(
        s,
        `/stations/swap-stations/${encodeURIComponent(item.resourceId)}/basic-info`,
      );
      if (info.chargerTotalNumberDc > 0 && info.chargerTotalNumberAc > 0) swap = info;
      if (swap) break;
    }
    expect(swap, 'a demo swap station with DC and AC chargers').toBeDefined();
    const total = swap!.chargerTotalNumberDc + swap!.chargerTotalNumberAc;
    await s.page.goto(
      s.url(`/cmp-app/nio/resources/swap-station?resourceId=${encodeURIComponent(swap!.resourceId)}`),
    );
    await s.page.getByRole('tab', { name: '设备' }).click();
    const chargers = basicTab(s.page).locator('.ant-table-row');
    await expect.poll(() => chargers.count()).toBe(total);
    expect(await chargers.first().locator('td').nth(1).textContent()).toBe(`${swap!.resourceId}-E01`);
    expect(await chargers.filter({ hasText: '直流' }).count()).toBe(swap!.chargerTotalNumberDc);
    // A charger's connectors read as words: type, status and standard, never their codes.
    await chargers.first().locator('.ant-table-row-expand-icon').click();
    const connector = basicTab(s.page).locator('.ant-table-expanded-row .ant-table-row').first();
    await connector.waitFor();
    const cells = await connector.locator('td').allInnerTexts();
    expect(cells[1]).toMatch(/^(直流接口枪头（带枪线）|交流接口插头（带枪线）)$/);
    expect(cells[2]).toMatch(/^(空闲|占用|离线)$/);
    expect(cells[6]).toMatch(/^(2011 版国标|2015 版国标|-)$/);
    await s.snap('station-detail-swap-equipment-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('tab', { name: 'Equipment' }).waitFor();
    await expect
      .poll(() => connector.locator('td').nth(2).innerText())
      .toMatch(/^(Available|In use|Offline)$/);
    await s.snap('station-detail-swap-equipment-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it('should show the detail screens in English', async () => {
    await s.page.goto(s.url(`${CHARGE_DETAIL}?resourceId=${encodeURIComponent(station.resourceId)}`));
    await s.page.getByRole('heading', { name: station.resourceName }).waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');
    await basicTab(s.page).getByText('Business hours and fees').waitFor();
    await mapShown(s.page);
    await s.snap('station-detail-charge-en');
    await edit(s.page, 'Edit Business hours and fees');
    await settle(s.page);
    await s.snap('station-detail-charge-edit-en');
    await basicTab(s.page).getByRole('button', { name: 'Cancel' }).click();

    await s.page.goto(s.url(`/cmp-app/nio/resources/swap-station?resourceId=${encodeURIComponent(swapId)}`));
    await basicTab(s.page).getByText('AC chargers').waitFor();
    await mapShown(s.page);
    await s.snap('station-detail-swap-en');
    const tab = await edit(s.page, 'Edit Chargers');
    await tab.getByLabel('DC chargers').fill('301');
    await tab.getByRole('button', { name: 'Save' }).first().click();
    await tab.getByText('Enter a number no greater than 300').waitFor();
    await s.snap('station-detail-swap-invalid-en');
    await tab.getByRole('button', { name: 'Cancel' }).first().click();
    // Cancel with a change asks before throwing it away.
    await openModal(s.page).getByRole('button', { name: 'Discard changes' }).click();
    await tab.getByRole('button', { name: 'Edit Chargers' }).waitFor();

    await s.page.goto(s.url(`${CHARGE_DETAIL}?resourceId=NO-SUCH-STATION`));
    await s.page.getByText('Station not found').waitFor();
    await s.snap('station-detail-not-found-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
