import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, fail, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const operatorUser = staffUser([{ tenant: 'nio', role: 'operator' }]);

const TELD = {
  operatorId: 'OP-TLD',
  operatorName: '特来电',
  operatorOrganizationCode: '91310101MA1FPX009Y',
  equipmentOwnerId: 'OWN-TLD',
  equipmentOwnerName: '特来电新能源股份有限公司',
  controlledByNio: true,
  isSharedPower: false,
};
const DETAIL = {
  ...TELD,
  equipmentOwnerOrganizationCode: null,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_123,
  stationCounts: { total: 3, active: 2, chargeStations: 2, swapStations: 1 },
};
const station = (resourceId: string, resourceType: string, resourceName: string) => ({
  resourceId,
  resourceType,
  resourceName,
  description: null,
  remark: null,
  operatorId: 'OP-TLD',
  operatorName: '特来电',
  equipmentOwnerId: 'OWN-TLD',
  equipmentOwner: '特来电新能源股份有限公司',
  recommendationCode: null,
  regionId: '310101',
  region: '上海市 市辖区 黄浦区',
  address: '人民广场 1 号',
  active: true,
  commentaryNumber: 0,
  focusedCommentaryNumber: 0,
  worksheetNumber: 0,
  openWorksheetNumber: 0,
  basicInfoUpdateTime: 1_700_000_000_000,
  bizScenes: [],
});
const queries = (calls: FakeRequest[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => Object.fromEntries(c.query));

describe('operators screens', () => {
  beforeAll(async () => {
    await import('./OperatorsPage');
    await import('./OperatorDetailPage');
  }, 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should list operators with labelled flags, search them and switch to the owners tab', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      'GET /api/nio/operators': () => ok({ items: [TELD], total: 1 }),
      'GET /api/nio/equipment-owners': () =>
        ok({
          items: [
            {
              equipmentOwnerId: 'OWN-MALL',
              equipmentOwnerName: '商场停车场',
              equipmentOwner: '商场停车场',
              organizationCode: null,
              operatorId: null,
              operatorName: null,
            },
          ],
          total: 1,
        }),
    });
    renderPortal('/cmp-app/nio/operators?keyword=特来');
    const link = await screen.findByRole('link', { name: '特来电' });
    expect(link).toHaveAttribute('href', '/cmp-app/nio/operators/detail?operatorId=OP-TLD');
    expect(queries(calls, '/api/nio/operators').at(-1)).toMatchObject({ keyword: '特来', pageNo: '1' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('是')).toBeInTheDocument();
    expect(within(row).getByText('否')).toBeInTheDocument();
    expect(within(row).getByText('特来电新能源股份有限公司')).toBeInTheDocument();
    // A viewer reads and exports, and creates nothing. Text and node queries: role queries over the whole
    // portal (menu, table, toolbar) are slow in jsdom.
    expect(screen.getByText(/导\s*出/)).toBeInTheDocument();
    expect(screen.queryByText('新建运营商')).not.toBeInTheDocument();

    const ownersTab = document.querySelector('[data-node-key="equipmentOwners"] .ant-tabs-tab-btn');
    fireEvent.click(ownersTab as HTMLElement);
    expect(await screen.findByText('商场停车场')).toBeInTheDocument();
    expect(screen.getByText('无（只拥有他人运营的设备）')).toBeInTheDocument();
  });

  it("should show an operator, its owner, counts and stations linking to the station's page", async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      'GET /api/nio/operators/OP-TLD': () => ok(DETAIL),
      'GET /api/nio/operators/OP-TLD/stations': () =>
        ok({
          items: [station('S-1', 'ChargeStation', '浦东站'), station('S-3', 'PowerSwap', '换电站一号')],
          total: 3,
        }),
      'GET /api/nio/equipment-owners': () => ok({ items: [], total: 0 }),
    });
    await changeLanguage('en-US');
    renderPortal('/cmp-app/nio/operators/detail?operatorId=OP-TLD');
    expect(await screen.findByRole('link', { name: '浦东站' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=S-1',
    );
    expect(screen.getByRole('link', { name: '换电站一号' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/swap-station?resourceId=S-3',
    );
    expect(screen.getByText('Stations it runs (3)')).toBeInTheDocument();
    expect(screen.getByText('Swap stations')).toBeInTheDocument();
    // The station type is a label, never the code.
    const swapRow = screen.getByRole('link', { name: '换电站一号' }).closest('tr') as HTMLElement;
    expect(within(swapRow).getByText('Swap station')).toBeInTheDocument();
    expect(screen.queryByText('PowerSwap')).not.toBeInTheDocument();
    expect(screen.getByText('91310101MA1FPX009Y')).toBeInTheDocument();
    // A viewer is shown no Edit.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('should edit an operator, refuse a bad credit code on the client and show the server message', async () => {
    let saved: unknown;
    let refuse = true;
    // What the server holds: the detail read again after the save shows the saved name.
    let stored = DETAIL;
    fakeApi({
      'GET /api/auth/me': () => ok(operatorUser),
      'GET /api/nio/operators/OP-TLD': () => ok(stored),
      'GET /api/nio/operators/OP-TLD/stations': () => ok({ items: [], total: 0 }),
      'GET /api/nio/equipment-owners': () => ok({ items: [], total: 0 }),
      'PUT /api/nio/operators/OP-TLD': (request) => {
        saved = request.body;
        if (refuse)
          return fail(409, 'conflict', 'operators.nameTaken', {
            key: 'operators.nameTaken',
            params: { operatorName: '星星充电' },
          });
        stored = { ...DETAIL, operatorName: '特来电新能源', updatedAt: DETAIL.updatedAt + 1 };
        return ok(stored);
      },
    });
    renderPortal('/cmp-app/nio/operators/detail?operatorId=OP-TLD');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const name = screen.getByLabelText('运营商名称');
    fireEvent.change(name, { target: { value: '星星充电' } });
    fireEvent.change(screen.getByLabelText('统一社会信用代码'), { target: { value: '91310101MA1FPX0000' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入 18 位统一社会信用代码（含校验位）')).toBeInTheDocument();
    expect(saved).toBeUndefined();

    fireEvent.change(screen.getByLabelText('统一社会信用代码'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已有名为 星星充电 的运营商')).toBeInTheDocument();

    refuse = false;
    fireEvent.change(name, { target: { value: '特来电新能源' } });
    // Saves within 1.5 s of the refused one are dropped (the portal's double-submit guard): click until one runs.
    await waitFor(
      () => {
        const savedName = (saved as { operatorName?: string } | undefined)?.operatorName;
        if (savedName !== '特来电新能源') fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
        expect(saved).toMatchObject({ operatorName: '特来电新能源' });
      },
      { timeout: 5_000, interval: 300 },
    );
    await waitFor(() => expect(screen.getByTestId('operator-title')).toHaveTextContent('特来电新能源'));
    expect(saved).toEqual({
      operatorName: '特来电新能源',
      operatorOrganizationCode: null,
      equipmentOwnerId: 'OWN-TLD',
      controlledByNio: true,
      isSharedPower: false,
      updatedAt: DETAIL.updatedAt,
    });
  });
});
