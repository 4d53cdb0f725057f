import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
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

const rows = (page: Page) => page.locator('.ant-table-row');
const basicTab = (page: Page) => page.getByRole('tabpanel').filter({ visible: true });
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
/** The question of the unsaved-changes guard, once it is open. */
const discardQuestion = (page: Page) =>
  page.locator('.ant-modal-confirm-title').filter({ hasText: '放弃未保存的修改？' });

/** A demo charge station whose fees the rules let the screen edit. */
async function editableChargeStation(s: Session): Promise<ChargeStationBasicInfo> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await s.page.request.get(s.url(`/api/nio${path}`));
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const page = await get<{ items: OperationListItem[] }>('/stations?resourceType=ChargeStation&pageSize=50');
  for (const item of page.items) {
    const info = await get<ChargeStationBasicInfo>(
      `/stations/charge-stations/${encodeURIComponent(item.resourceId)}/basic-info`,
    );
    if (info.canModifyElectricityFee && info.electricityFee.length > 0) return info;
  }
  throw new Error('no demo charge station with editable fees');
}

/** Searches the operations list by station name and opens the station from its row, inside the app. */
async function openFromList(s: Session, name: string): Promise<void> {
  await s.page.goto(s.url(LIST));
  await rows(s.page).first().waitFor();
  await s.page.getByLabel('搜索').fill(name);
  await s.page.getByRole('button', { name: '查询' }).click();
  await s.page.waitForURL(/searchText=/);
  const link = rows(s.page).getByRole('link', { name, exact: true }).first();
  await link.waitFor();
  await link.click();
  await s.page.waitForURL(/\/resources\/charge-station\?resourceId=/);
  await s.page.getByRole('heading', { name }).waitFor();
}

describe('input rules', () => {
  let s: Session;
  let station: ChargeStationBasicInfo;

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

  it('should say a 300-character search is too long beside the field, keeping the table', async () => {
    await s.page.goto(s.url(LIST));
    await rows(s.page).first().waitFor();
    const search = s.page.getByLabel('搜索');
    await search.fill('站'.repeat(300));
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.getByText('输入长度不能超过128个字符').waitFor();
    expect(await s.page.getByText('数据加载失败').count()).toBe(0);
    expect(await rows(s.page).count()).toBeGreaterThan(0);
    await settle(s.page);
    await s.snap('input-rules-search-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('button', { name: /^(Search|Query)$/ }).click();
    await s.page.getByText('Enter at most 128 characters').waitFor();
    await settle(s.page);
    await s.snap('input-rules-search-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
  });

  it('should refuse a negative price with a message and not save it', async () => {
    await openFromList(s, station.resourceName);
    const tab = basicTab(s.page);
    await tab.getByRole('button', { name: '编辑营业时间与费用', exact: true }).click();
    const price = tab.getByLabel('电费 1 价格');
    await price.fill('-5');
    await price.blur();
    await tab.getByText('时段1：价格不能为负数').waitFor();
    let saves = 0;
    s.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/basic-info')) saves += 1;
    });
    await tab.getByRole('button', { name: '保存' }).click();
    await tab.getByText('请先修正费用时段中的问题').waitFor();
    expect(await price.inputValue()).toBe('-5.00');
    expect(saves).toBe(0);
    await settle(s.page);
    await s.snap('input-rules-price-zh');
    await chooseLanguage(s.page, '切换语言', 'English');
    await tab.getByText('Period 1: A price cannot be negative').waitFor();
    await settle(s.page);
    await s.snap('input-rules-price-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
    await tab.getByRole('button', { name: '取消' }).click();
    await openModal(s.page).getByRole('button', { name: '放弃修改' }).click();
  });

  it("should ask before the browser's Back leaves an editor with unsaved changes", async () => {
    await openFromList(s, station.resourceName);
    const detail = s.page.url();
    const tab = basicTab(s.page);
    await tab.getByRole('button', { name: '编辑基本信息', exact: true }).click();
    await tab.getByLabel('场站名称').fill(`${station.resourceName}（改）`);

    await s.page.goBack();
    await discardQuestion(s.page).waitFor();
    await settle(s.page);
    await s.snap('input-rules-back-guard-zh');
    await openModal(s.page).getByRole('button', { name: '继续编辑' }).click();
    await openModal(s.page).waitFor({ state: 'hidden' });
    expect(s.page.url()).toBe(detail);
    expect(await tab.getByLabel('场站名称').inputValue()).toBe(`${station.resourceName}（改）`);

    await s.page.goBack();
    await discardQuestion(s.page).waitFor();
    await openModal(s.page).getByRole('button', { name: '放弃修改' }).click();
    await s.page.waitForURL(/\/resources\?/);
    await rows(s.page).first().waitFor();
  });
});
