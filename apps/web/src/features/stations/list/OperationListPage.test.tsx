import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import { columnStateStorageKey } from '../../../components';
import { changeLanguage } from '../../../i18n';
import { OPERATION_LIST } from '../../worksheets/worksheets-api';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../../test/fake-api';
import { renderPortal } from '../../../test/render-portal';

const me = staffUser([{ tenant: 'nio', role: 'operator' }]);

const station = (resourceId: string, overrides: Partial<OperationListItem> = {}): OperationListItem => ({
  resourceId,
  resourceType: 'ChargeStation',
  resourceName: `Station ${resourceId}`,
  description: null,
  remark: null,
  operatorId: 'op-1',
  operatorName: 'Star Charge',
  equipmentOwnerId: 'own-1',
  equipmentOwner: 'Owner One',
  recommendationCode: null,
  regionId: '310101',
  region: '上海市/市辖区/黄浦区',
  address: '1 Main St',
  active: true,
  commentaryNumber: 4,
  focusedCommentaryNumber: 1,
  worksheetNumber: 3,
  openWorksheetNumber: 2,
  basicInfoUpdateTime: Date.parse('2026-03-01T10:00:00+08:00'),
  bizScenes: [{ code: 5, desc: '高速服务区' }],
  ...overrides,
});

const lookups: Record<string, FakeHandler> = {
  'GET /api/auth/me': () => ok(me),
  'GET /api/nio/operators': () =>
    ok({ items: [{ operatorId: 'op-1', operatorName: 'Star Charge' }], total: 1 }),
  'GET /api/nio/equipment-owners': () =>
    ok({ items: [{ equipmentOwnerId: 'own-1', equipmentOwnerName: 'Owner One' }], total: 1 }),
  'GET /api/nio/regions': () =>
    ok({
      items: [
        {
          regionId: '310000',
          name: '上海市',
          children: [
            { regionId: '310100', name: '市辖区', children: [{ regionId: '310101', name: '黄浦区' }] },
          ],
        },
      ],
    }),
  'GET /api/nio/dictionaries': () => ok({ items: [] }),
};

const queryOf = (calls: ReturnType<typeof fakeApi>, path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path).at(-1)?.query ?? []);

describe('OperationListPage', () => {
  beforeAll(() => import('./OperationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it('should ask the server with the screen filter mapped and link each row to its detail', async () => {
    const calls = fakeApi({
      ...lookups,
      'GET /api/nio/stations': () =>
        ok({ items: [station('CS-1'), station('PS-1', { resourceType: 'PowerSwap' })], total: 2 }),
    });
    const updatedFrom = Date.parse('2024-05-01T10:30:00+08:00');
    const updatedTo = Date.parse('2024-05-02T08:00:00+08:00');
    renderPortal(
      '/cmp-app/nio/resources?searchName=address&searchText=Main&isWorksheetOpen=false' +
        '&focusedCommentaryNumber=true' +
        `&basicInfoUpdateTimeBegin=${updatedFrom}&basicInfoUpdateTimeEnd=${updatedTo}` +
        '&resourceRegions=310000&resourceRegions=310100&sort=commentaryNumber:desc',
    );
    // The first render of the whole portal is the slow one on a busy machine.
    const link = await screen.findByText('Station CS-1');
    expect(link.closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
    );
    expect(screen.getByText('Station PS-1').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/swap-station?resourceId=PS-1',
    );
    expect(queryOf(calls, '/api/nio/stations')).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'commentaryNumber:desc',
      address: 'Main',
      openWorksheetNumberMin: '0',
      openWorksheetNumberMax: '0',
      // Focused yes is at least one; the update range covers whole days of the viewer, in ms.
      focusedCommentaryNumberMin: '1',
      basicInfoUpdateTimeBegin: String(dayjs(updatedFrom).startOf('day').valueOf()),
      basicInfoUpdateTimeEnd: String(dayjs(updatedTo).endOf('day').valueOf()),
      regionId: '310100',
    });
    // The operator and owner pickers offer every one, not the first page.
    expect(queryOf(calls, '/api/nio/operators')).toMatchObject({ pageSize: '1000' });
    expect(queryOf(calls, '/api/nio/equipment-owners')).toMatchObject({ pageSize: '1000' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('上海市/市辖区/黄浦区')).toBeInTheDocument();
    expect(within(row).getByText('高速服务区')).toBeInTheDocument();
    // Open worksheets lead to the worksheet list of the station.
    expect(within(row).getByText('2').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/worksheets?resourceId=CS-1&status=open',
    );
  });

  it('should show the failure and offer a retry when the list cannot load', async () => {
    fakeApi({ ...lookups, 'GET /api/nio/stations': () => fail(500, 'internal_error', 'boom') });
    renderPortal('/cmp-app/nio/resources');
    expect(await screen.findByText('重试')).toBeInTheDocument();
  });

  it('should export the current filter and order without paging, busy until the file is saved', async () => {
    let finish: (() => void) | undefined;
    const calls = fakeApi({
      ...lookups,
      'GET /api/nio/stations': () => ok({ items: [station('CS-1')], total: 1 }),
      'GET /api/nio/stations/export': () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              status: 200,
              body: 'xlsx-bytes',
              headers: {
                'Content-Disposition': `attachment; filename="stations.xlsx"; filename*=UTF-8''${encodeURIComponent('资源运营.xlsx')}`,
              },
            });
        }),
    });
    // jsdom has no object URLs; the download needs one for the saved file.
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    // The user's saved layout: region hidden, address shown; the export sends what the table shows.
    localStorage.setItem(
      columnStateStorageKey('nio', OPERATION_LIST),
      JSON.stringify({ region: { show: false }, address: { show: true } }),
    );
    onTestFinished(() => localStorage.clear());
    const { user } = renderPortal(
      '/cmp-app/nio/resources?pageNo=3&resourceType=PowerSwap&sort=resourceId:asc',
    );
    await screen.findByText('Station CS-1');
    await user.click(screen.getByText('导出'));
    const busy = await screen.findByText('导出中…');
    expect(busy.closest('button')).toBeDisabled();
    expect(queryOf(calls, '/api/nio/stations/export')).toEqual({
      sort: 'resourceId:asc',
      resourceType: 'PowerSwap',
      columns: [
        'resourceName',
        'resourceType',
        'operatorName',
        'address',
        'active',
        'commentaryNumber',
        'worksheetNumber',
        'openWorksheetNumber',
        'basicInfoUpdateTime',
        'bizScenes',
        'actions',
      ].join(','),
      // The file's times are written in the zone the screen shows them in.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    finish?.();
    expect(await screen.findByText('已导出 资源运营.xlsx')).toBeInTheDocument();
    expect(clicked).toEqual(['资源运营.xlsx']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('导出').closest('button')).toBeEnabled());
  });

  it('should say why an export was refused', async () => {
    fakeApi({
      ...lookups,
      'GET /api/nio/stations': () => ok({ items: [station('CS-1')], total: 1 }),
      'GET /api/nio/stations/export': () =>
        fail(422, 'rule_violated', '导出将包含 120000 行，请缩小筛选范围至最多 100000 行'),
    });
    const { user } = renderPortal('/cmp-app/nio/resources');
    await screen.findByText('Station CS-1');
    await user.click(screen.getByText('导出'));
    expect(
      await screen.findByText('导出失败：导出将包含 120000 行，请缩小筛选范围至最多 100000 行'),
    ).toBeInTheDocument();
    expect(screen.getByText('导出').closest('button')).toBeEnabled();
  });
});
