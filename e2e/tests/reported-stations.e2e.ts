import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { AppClientSecret } from '@cmp/domain/platform/app-clients';
import type { AppReport, CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import { signedHeaders } from '../../apps/server/src/platform/signed-clients/client-signing';
import { chooseLanguage, openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const QUEUE = '/cmp-app/nio/crowdsourced-stations/review';
const REPORT_PATH = '/api/app/crowdsourced-stations';
const stamp = Date.now().toString(16).toUpperCase();
/** The app's id of the report; its -NIO- marker makes it the new station's id. */
const OBJECT_ID = `E2E-NIO-${stamp}`;
const STATION_NAME = `E2E 张江科学城充电站 ${stamp}`;

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const openDrawer = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ visible: true });

/** What the app back end does: a report with a picture, signed with the app client's secret. */
async function sendReport(
  s: Session,
  client: { clientId: string; secretCode: string },
  operatorId: string,
): Promise<Response> {
  const picture = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const report: AppReport = {
    objectId: OBJECT_ID,
    source: 'nio',
    creatorAccountId: 'ACC100007',
    stationName: STATION_NAME,
    operatorId,
    areaCode: '310115',
    address: '上海市浦东新区张江路 88 号地下停车场 B2',
    longitude: 121.6062,
    latitude: 31.2035,
    businessHours: '00:00-24:00',
    electricityFee: '0.85',
    serviceFee: '0.40',
    parkNums: 6,
    dcPower: 120,
    dcEquipmentNumber: 4,
    remark: '地库入口在张江路东侧，桩在 B2 东区',
    pictures: [{ name: 'entrance.png', data: picture.toString('base64') }],
  };
  const body = JSON.stringify(report);
  return fetch(s.url(REPORT_PATH), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(client, { method: 'POST', path: REPORT_PATH, body }),
    },
    body,
  });
}

// The crowd-sourced flow (an app's report reviewed and brought online as a network station), then the
// reported stations operators describe, which the same menu group lists.
describe('crowd-sourced and reported stations', () => {
  let s: Session;
  let duplicateName = '';

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(QUEUE));
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(QUEUE));
    await rows(s.page).first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should take a signed report from the app back end into the review queue', async () => {
    const rotated = await s.page.request.post(s.url('/api/nio/app-clients/demo-nio-app/rotate-secret'), {
      headers: { origin: s.origin },
    });
    expect(rotated.status()).toBe(200);
    const { client, secretCode } = (await rotated.json()) as AppClientSecret;
    const operators = await s.page.request.get(s.url('/api/nio/operators?pageSize=1'));
    const { items } = (await operators.json()) as { items: { operatorId: string }[] };
    const sent = await sendReport(s, { clientId: client.clientId, secretCode }, items[0]!.operatorId);
    expect(sent.status).toBe(201);
    const report = (await sent.json()) as CrowdsourcedStation;
    expect(report).toMatchObject({ objectId: OBJECT_ID, stationStatus: 0, onlineStatus: 0, acPower: 0 });
    // The demo network has a station 145 m from 张江路 88 号, so the report arrives as a likely duplicate
    // and going online asks the reviewer to look at it again.
    expect(report.duplicateCandidates.map((candidate) => candidate.kind)).toContain('station');
    duplicateName = report.duplicateCandidates[0]!.name;

    await s.page.goto(s.url(`${QUEUE}?stationName=${encodeURIComponent(STATION_NAME)}`));
    const row = rows(s.page).filter({ hasText: STATION_NAME });
    await row.waitFor();
    expect(await rows(s.page).count()).toBe(1);
    await s.snap('crowdsourced-stations-queue-zh');
    await row.getByRole('link', { name: '审核' }).click();
    await s.page.waitForURL(/crowdsourced-stations\/detail\?objectId=/);
    await s.page.getByText('字段比对').waitFor();
    await s.page.getByText('共上报').first().waitFor();
    await s.snap('crowdsourced-stations-review-zh');
  });

  it('should approve the report and notify the reporter', async () => {
    await s.page.getByRole('button', { name: '审核', exact: true }).click();
    const modal = openModal(s.page);
    await modal.getByText('通过', { exact: true }).click();
    await modal.getByRole('switch').click();
    await modal.getByLabel('通知标题').fill('你上报的站点已通过审核');
    await modal.getByLabel('通知内容').fill('感谢上报，站点即将上线。');
    await modal.getByRole('button', { name: '提交' }).click();
    await s.page.getByText('已审核通过').first().waitFor();
    await modal.waitFor({ state: 'hidden' });
  });

  it('should bring the approved report online as a charge station with the report id', async () => {
    await s.page.getByRole('button', { name: '上线', exact: true }).click();
    const drawer = openDrawer(s.page);
    await expect.poll(() => drawer.getByLabel('站点名称').inputValue()).toBe(STATION_NAME);
    await s.snap('crowdsourced-stations-online-form-zh');
    await drawer.getByRole('button', { name: '上线', exact: true }).click();
    const confirm = openModal(s.page).filter({ hasText: '仍要新建站点吗？' });
    await confirm.getByTestId('online-duplicates').getByText(duplicateName).waitFor();
    await confirm.getByRole('button', { name: '不是重复，新建站点' }).click();
    await drawer.getByText(`已上线为站点 ${OBJECT_ID}`, { exact: true }).waitFor();
    await drawer.getByText('关闭', { exact: true }).click();
    await s.page.getByText(`该上报已上线为站点 ${OBJECT_ID}`).waitFor();
    await s.snap('crowdsourced-stations-online-zh');
  });

  it('should show the new station in the operations list', async () => {
    await s.page.goto(
      s.url(`/cmp-app/nio/resources?searchName=resourceName&searchText=${encodeURIComponent(STATION_NAME)}`),
    );
    const row = rows(s.page).filter({ hasText: STATION_NAME });
    await row.waitFor();
    // The station's own page is the report's id: the -NIO- marker made it the station id.
    expect(await row.locator(`a[href*="resourceId=${OBJECT_ID}"]`).count()).toBeGreaterThan(0);
    await s.snap('crowdsourced-stations-operations-list-zh');
  });

  it("should list the reporter's reports on the account page", async () => {
    await s.page.goto(s.url('/cmp-app/nio/accounts/detail?accountId=ACC100007&tab=reports'));
    const row = rows(s.page).filter({ hasText: STATION_NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain('已上线');
    await s.snap('crowdsourced-stations-account-tab-zh');
  });

  it('should open the staff report form over the report list', async () => {
    await s.page.goto(s.url('/cmp-app/nio/crowdsourced-stations'));
    await rows(s.page).first().waitFor();
    await s.page.getByRole('button', { name: '新增上报' }).click();
    const drawer = openDrawer(s.page);
    await drawer.getByText('新增上报站点').waitFor();
    await drawer.getByLabel('站点名称').waitFor();
    await s.snap('crowdsourced-stations-staff-form-zh');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('should list reported stations and open one in the editor', async () => {
    const answer = await s.page.request.get(s.url('/api/nio/reported-stations?pageSize=1'));
    const first = ((await answer.json()) as { items: { connectorId: string; stationName: string }[] })
      .items[0]!;
    await s.page.goto(s.url('/cmp-app/nio/reported-stations'));
    await rows(s.page).filter({ hasText: first.stationName }).first().waitFor();
    await s.snap('reported-stations-list-zh');
    await s.page.goto(
      s.url(`/cmp-app/nio/reported-stations/edit?connectorId=${encodeURIComponent(first.connectorId)}`),
    );
    await s.page.getByText(first.connectorId).first().waitFor();
    await s.page.getByText(first.stationName).first().waitFor();
    await s.snap('reported-stations-editor-zh');
  });

  it('should read the review page in English', async () => {
    await s.page.goto(s.url(`/cmp-app/nio/crowdsourced-stations/detail?objectId=${OBJECT_ID}`));
    await s.page.getByText('字段比对').waitFor();
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText(`This report is online as station ${OBJECT_ID}`, { exact: false }).waitFor();
    await s.snap('crowdsourced-stations-review-en');
    await s.page.goto(s.url('/cmp-app/nio/crowdsourced-stations'));
    await rows(s.page).first().waitFor();
    await s.page.getByRole('button', { name: 'New report' }).waitFor();
    await s.snap('crowdsourced-stations-list-en');
    await s.page.goto(s.url(`${QUEUE}?stationName=${encodeURIComponent('E2E')}`));
    await s.page.getByText('Station review').first().waitFor();
    await s.snap('crowdsourced-stations-queue-en');
    await s.page.goto(s.url('/cmp-app/nio/accounts/detail?accountId=ACC100007&tab=reports'));
    await rows(s.page).filter({ hasText: STATION_NAME }).waitFor();
    await s.snap('crowdsourced-stations-account-tab-en');
  });

  // English since the test before chose it.
  it('should read the reported station list in English', async () => {
    await s.page.goto(s.url('/cmp-app/nio/reported-stations'));
    await rows(s.page).first().waitFor();
    await s.page.getByText('Operator-reported stations').first().waitFor();
    await s.snap('reported-stations-list-en');
  });
});
