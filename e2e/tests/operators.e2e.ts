import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OperatorDetail } from '@cmp/domain/stations/operators';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

/** A demo operator no other file reads by name; its name is put back after. */
const NAME = '乐电天下';
const RENAMED = '乐电天下新能源';

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

async function operatorNamed(page: Page, name: string): Promise<OperatorDetail> {
  return page.evaluate(async (keyword) => {
    const list = await fetch(`/api/nio/operators?keyword=${encodeURIComponent(keyword)}`).then((r) =>
      r.json(),
    );
    const id = (list.items as { operatorId: string }[])[0]!.operatorId;
    return fetch(`/api/nio/operators/${id}`).then((r) => r.json());
  }, name);
}

describe('operators, owners and sub-operators', () => {
  let s: Session;
  let operator: OperatorDetail;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app/nio/resources'));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await rows(s.page).first().waitFor();
  });
  afterAll(async () => {
    if (s && operator) {
      // Put the demo name back, whatever the test left, as the signed-in operator.
      await s.page.evaluate(async (original) => {
        const now = await fetch(`/api/nio/operators/${original.operatorId}`).then((r) => r.json());
        await fetch(`/api/nio/operators/${original.operatorId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            operatorName: original.operatorName,
            operatorOrganizationCode: original.operatorOrganizationCode,
            equipmentOwnerId: original.equipmentOwnerId,
            controlledByNio: original.controlledByNio,
            isSharedPower: original.isSharedPower,
            updatedAt: now.updatedAt,
          }),
        });
      }, operator);
    }
    await s?.close();
  });
  screenshotFailures(() => s);

  it('should open the list from the menu, search it and open an operator with its stations', async () => {
    const menu = s.page.locator('.ant-layout-sider .ant-menu');
    const entry = menu.getByRole('menuitem', { name: '运营商', exact: true });
    if (!(await entry.isVisible())) await menu.getByText('资源运营', { exact: true }).click();
    await entry.click();
    await s.page.getByRole('tab', { name: '运营商', selected: true }).waitFor();
    await rows(s.page).first().waitFor();

    await s.page.getByLabel('关键字').fill(NAME);
    await s.page.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    operator = await operatorNamed(s.page, NAME);
    const row = rows(s.page).first();
    await row.getByRole('link', { name: NAME, exact: true }).waitFor();
    await settle(s.page);
    await s.snap('operators-list-zh');

    await row.getByRole('link', { name: NAME, exact: true }).click();
    await s.page.getByText(`运营的场站（共 ${operator.stationCounts.total} 个）`).waitFor();
    expect(operator.stationCounts.total).toBeGreaterThan(0);
    const station = s.page
      .locator('.ant-card')
      .filter({ hasText: '运营的场站' })
      .locator('.ant-table-row a')
      .first();
    await station.waitFor();
    expect(await station.getAttribute('href')).toMatch(
      /\/cmp-app\/nio\/resources\/(charge|swap)-station\?resourceId=/,
    );
    await settle(s.page);
    await s.snap('operator-detail-zh');
  });

  it('should edit the name, refuse a blank one, and show it saved after a reload', async () => {
    await s.page.getByRole('button', { name: /编\s*辑/ }).click();
    const name = s.page.getByLabel('运营商名称');
    await name.fill('');
    await s.page.getByRole('button', { name: /保\s*存/ }).click();
    await s.page.getByText('输入不能为空').waitFor();
    await name.fill(RENAMED);
    await s.snap('operator-editor-zh');
    await s.page.getByRole('button', { name: /保\s*存/ }).click();
    await s.page.getByTestId('operator-title').getByText(RENAMED, { exact: true }).waitFor();
    await s.page.reload();
    await s.page.getByTestId('operator-title').getByText(RENAMED, { exact: true }).waitFor();
    expect((await operatorNamed(s.page, RENAMED)).operatorName).toBe(RENAMED);
  });

  it('should show the list, the detail and the editor in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByText('Stations it runs').waitFor();
    await settle(s.page);
    await s.snap('operator-detail-en');
    await s.page.getByRole('button', { name: 'Edit' }).click();
    await s.page.getByLabel('Operator name').waitFor();
    await s.snap('operator-editor-en');
    await s.page.getByRole('button', { name: 'Cancel' }).click();
    await s.page.getByRole('link', { name: 'Back to operators' }).click();
    await s.page.getByRole('tab', { name: 'Operators', selected: true }).waitFor();
    await rows(s.page)
      .first()
      .getByText(/Yes|No/)
      .first()
      .waitFor();
    await settle(s.page);
    await s.snap('operators-list-en');
    await s.page.getByRole('tab', { name: 'Sub-operators' }).click();
    await s.page.getByRole('tab', { name: 'Sub-operators', selected: true }).waitFor();
    await chooseLanguage(s.page, 'Switch language', '中文');
  });
});
