import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, fail, ok, type FakeRequest } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { campaign, signedIn, upgradePackage, viewer } from './test-upgrade-packages';

const PACKAGE = '/api/nio/upgrade-packages/1';
const PAGE = '/cmp-app/nio/upgrade-packages/detail?id=1';
const OPTION = '.ant-select-item-option-content';
const noCampaigns = { [`GET ${PACKAGE}/campaigns`]: () => ok({ total: 0, items: [] }) };
const puts = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PUT');

describe('UpgradePackageDetailPage', () => {
  beforeAll(() => import('./UpgradePackageDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should show the file and its link, and release the draft after confirming the status change', async () => {
    const calls = fakeApi({
      ...signedIn(),
      ...noCampaigns,
      [`GET ${PACKAGE}`]: () => ok(upgradePackage(1, { releaseNote: 'first cut' })),
      [`PUT ${PACKAGE}`]: () => ok(upgradePackage(1, { status: 1, rowVersion: 2, releaseNote: 'first cut' })),
    });
    const { user } = renderPortal(PAGE);
    expect(await screen.findByText('直流充电桩 · 1.1.0')).toBeInTheDocument();
    for (const text of ['fw-1.bin', '3 MB', '0123456789abcdef0123456789abcdef', 'first cut', '草稿'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText(/\/api\/public\/firmware\/1\./)).toBeInTheDocument();
    expect(screen.getByText('暂无升级任务')).toBeInTheDocument();

    await user.click(screen.getByText(/^编\s?辑$/));
    await user.click(screen.getByLabelText('状态'));
    // A draft is released: it cannot be withdrawn before.
    expect(screen.queryByText('已撤回', { selector: OPTION })).toBeNull();
    await user.click(await screen.findByText('已发布', { selector: OPTION }));
    const confirm = await findDialog('修改升级包状态');
    expect(within(confirm).getByText('确定将升级包状态从“草稿”改为“已发布”吗？')).toBeInTheDocument();
    await user.click(within(confirm).getByText('确定修改'));
    await user.click(screen.getByText(/^保\s?存$/));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      status: 1,
      action: 'install_now',
      releaseNote: 'first cut',
      isPromotion: false,
      rowVersion: 1,
    });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('should offer a reload when someone saved the package since', async () => {
    fakeApi({
      ...signedIn(),
      ...noCampaigns,
      [`GET ${PACKAGE}`]: () => ok(upgradePackage(1)),
      [`PUT ${PACKAGE}`]: () =>
        fail(409, 'conflict', '该升级包已被他人修改，请刷新后重新操作', {
          key: 'upgradePackages.versionConflict',
        }),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByText(/^编\s?辑$/));
    await user.click(screen.getByText(/^保\s?存$/));
    expect(await findDialog('升级包已被他人修改')).toBeInTheDocument();
  });

  it('should start a campaign to chargers picked at a station and typed, then follow each charger', async () => {
    let campaignReads = 0;
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${PACKAGE}`]: () => ok(upgradePackage(1, { status: 1 })),
      [`GET ${PACKAGE}/campaigns`]: () => ok({ total: 0, items: [] }),
      'POST /api/nio/power-chargers/search': () =>
        ok({
          total: 3,
          items: [
            {
              chargePointId: 'CS-1-E1',
              equipmentType: 'DC',
              registered: true,
              online: true,
              firmwareVersion: '1.0.0',
            },
            {
              chargePointId: 'CS-1-E2',
              equipmentType: 'DC',
              registered: false,
              online: false,
              firmwareVersion: null,
            },
            {
              chargePointId: 'CS-1-A1',
              equipmentType: 'AC',
              registered: true,
              online: true,
              firmwareVersion: null,
            },
          ].map((c) => ({
            resourceId: 'CS-1',
            resourceName: 'S',
            power: 120,
            vendor: null,
            model: null,
            lastMessageAt: null,
            connectors: [],
            ...c,
          })),
        }),
      [`POST ${PACKAGE}/campaigns`]: () => ok(campaign(), 201),
      'GET /api/nio/upgrade-campaigns/5': () => {
        campaignReads += 1;
        return ok(campaign());
      },
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /发起升级/ }));
    const dialog = await findDialog('发起升级 · 1.1.0');
    await user.type(within(dialog).getByLabelText('场站 ID'), 'CS-1');
    await user.click(within(dialog).getByRole('button', { name: /查询充电桩/ }));
    const row = (await within(dialog).findByText('CS-1-E1')).closest('tr') as HTMLElement;
    // Only the chargers of the package's type; one not registered cannot be chosen.
    expect(within(dialog).queryByText('CS-1-A1')).toBeNull();
    const unregistered = within(dialog).getByText('CS-1-E2').closest('tr') as HTMLElement;
    expect(within(unregistered).getByRole('checkbox')).toBeDisabled();
    await user.click(within(row).getByRole('checkbox'));
    await user.type(within(dialog).getByLabelText('输入充电桩 ID'), 'CP-9{enter}');
    expect(within(dialog).getByText('已选 2 台充电桩')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /发送升级/ }));
    // Nothing goes out before the operator confirms how many chargers it reaches.
    const confirm = await findDialog('向 2 台充电桩发送 1.1.0 升级？');
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PACKAGE}/campaigns`)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: '确认发送' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === `${PACKAGE}/campaigns`)?.body).toEqual({
        chargePointIds: ['CS-1-E1', 'CP-9'],
      }),
    );
    const drawer = await findDialog('升级进度 · 任务 5');
    const installing = (await within(drawer).findByText('CS-1-E2')).closest('tr') as HTMLElement;
    expect(within(installing).getByText('下载中')).toBeInTheDocument();
    expect(within(installing).getByText('25%')).toBeInTheDocument();
    // A charger still downloading keeps the progress read again.
    await waitFor(() => expect(campaignReads).toBeGreaterThan(1));
  });

  it('should let viewers read the package but neither edit it nor start a campaign', async () => {
    fakeApi({
      ...signedIn(viewer),
      ...noCampaigns,
      [`GET ${PACKAGE}`]: () => ok(upgradePackage(1, { status: 1 })),
    });
    renderPortal(PAGE);
    expect(await screen.findByText('直流充电桩 · 1.1.0')).toBeInTheDocument();
    expect(screen.queryByText(/^编\s?辑$/)).toBeNull();
    expect(screen.queryByRole('button', { name: /发起升级/ })).toBeNull();
  });
});
