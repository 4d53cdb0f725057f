import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { THROTTLE_MS } from '@cmp/domain/shared/throttle';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok, type FakeRequest } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { lookups, operator, viewer, reportedStation } from './test-reported-stations';

const STATIONS = '/api/nio/reported-stations';
const NEW = '/cmp-app/nio/reported-stations/edit';
const posts = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'POST' && c.path === STATIONS);

/** Clicks an option of the open select or cascader. */
const choose = async (user: ReturnType<typeof renderPortal>['user'], text: string, selector: string) =>
  user.click(await screen.findByText(text, { selector }));
const OPTION = '.ant-select-item-option-content';
/** A form takes one save per throttle window (a double click is one save); a test's next save waits it out. */
const throttleWindow = () => new Promise((resolve) => setTimeout(resolve, THROTTLE_MS + 100));
const CASCADE = '.ant-cascader-menu-item-content';

describe('ReportedStationEditorPage', () => {
  beforeAll(() => import('./ReportedStationEditorPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  /** Fills what a new station needs at the least, plus one charger. */
  async function fillNewStation(user: ReturnType<typeof renderPortal>['user']) {
    await user.type(await screen.findByLabelText(/^充电枪 ID/), 'CN-9:A');
    await user.type(screen.getByLabelText('站点名称'), '人民广场超充站');
    await user.click(screen.getByLabelText('运营商'));
    await choose(user, '特来电', OPTION);
    await user.click(screen.getByLabelText('设备所属方'));
    await choose(user, '特来电设备', OPTION);
    await user.click(screen.getByLabelText('区域'));
    await choose(user, '上海市', CASCADE);
    await choose(user, '市辖区', CASCADE);
    await choose(user, '黄浦区', CASCADE);
    await user.type(screen.getByLabelText('地址'), '人民大道 1 号');
    await user.type(screen.getByLabelText('经度'), '121.4737');
    await user.type(screen.getByLabelText('纬度'), '31.2304');
    await user.click(screen.getByText('添加充电桩'));
    await user.type(screen.getByLabelText('第 1 个充电桩 桩 ID'), 'E1');
    await user.type(screen.getByLabelText('第 1 个充电桩 功率（kW）'), '120');
  }

  it('should create a station with the defaults of the contract and open it', async () => {
    const created = reportedStation(9, { connectorId: 'CN-9:A', stationName: '人民广场超充站' });
    const calls = fakeApi({
      ...lookups(operator),
      [`POST ${STATIONS}`]: () => ok(created, 201),
      [`GET ${STATIONS}/CN-9%3AA`]: () => ok(created),
    });
    const { user, router } = renderPortal(NEW);
    expect(await screen.findByText('新建运营商上报站点')).toBeInTheDocument();
    await fillNewStation(user);
    await user.click(screen.getByText(/^创\s?建$/));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      connectorId: 'CN-9:A',
      stationName: '人民广场超充站',
      operatorId: 'OP2',
      equipmentOwnerId: 'OWN2',
      areaCode: '310101',
      address: '人民大道 1 号',
      longitude: 121.4737,
      latitude: 31.2304,
      source: 'staff',
      countryCode: 'CN',
      stationStatus: 50,
      supportOrder: false,
      electricitySel: '0',
      pictures: [],
      equipments: [{ equipmentType: 'DC', connectorCount: 1, equipmentId: 'E1', power: 120 }],
    });
    await waitFor(() => expect(currentUrl(router)).toBe(`${NEW}?connectorId=CN-9%3AA`));
    expect(await screen.findByText('人民广场超充站 · CN-9:A')).toBeInTheDocument();
    expect(screen.getByText(/^删\s?除$/)).toBeInTheDocument();
  });

  it("should show the server's refusals on their fields: a taken connector, a field it finds wrong", async () => {
    let answer = fail(409, 'conflict', '充电枪 CN-9:A 已有运营商上报站点', {
      key: 'reportedStations.connectorTaken',
      params: { connectorId: 'CN-9:A' },
    });
    const calls = fakeApi({ ...lookups(operator), [`POST ${STATIONS}`]: () => answer });
    const { user } = renderPortal(NEW);
    await fillNewStation(user);
    await user.click(screen.getByText(/^创\s?建$/));

    await waitFor(() => expect(screen.getAllByText('充电枪 CN-9:A 已有运营商上报站点')).toHaveLength(2));
    const connector = screen.getByLabelText(/^充电枪 ID/).closest('.ant-form-item') as HTMLElement;
    expect(within(connector).getByText('充电枪 CN-9:A 已有运营商上报站点')).toBeInTheDocument();

    await throttleWindow();
    answer = fail(400, 'validation_failed', 'invalid', [
      { path: 'body.address', message: '输入长度不能超过255个字符' },
    ]);
    await user.click(screen.getByText(/^创\s?建$/));
    await waitFor(() => expect(screen.getAllByText('请检查标红的字段。').length).toBeGreaterThan(0));
    const address = screen.getByLabelText('地址').closest('.ant-form-item') as HTMLElement;
    expect(within(address).getByText('输入长度不能超过255个字符')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });

  it('should refuse an incomplete charger before sending anything', async () => {
    const calls = fakeApi({ ...lookups(operator) });
    const { user } = renderPortal(NEW);
    await fillNewStation(user);
    await user.clear(screen.getByLabelText('第 1 个充电桩 功率（kW）'));
    await user.click(screen.getByText(/^创\s?建$/));
    expect(
      await screen.findByText('请填写每个充电桩的 ID、功率（0–1000）和枪数（1–16）'),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('should delete a station after confirmation and go back to the list', async () => {
    const station: ReportedStation = reportedStation(4, {
      version: 3,
      pictures: ['https://img.example/4.png'],
    });
    const calls = fakeApi({
      ...lookups(operator),
      [`GET ${STATIONS}/CN-4`]: () => ok(station),
      [`DELETE ${STATIONS}/CN-4`]: () => noContent(),
      [`GET ${STATIONS}`]: () => ok({ total: 0, items: [] }),
    });
    const { user, router } = renderPortal(`${NEW}?connectorId=CN-4`);
    expect(await screen.findByText('站点 4 · CN-4')).toBeInTheDocument();
    expect(await screen.findByText('上海市/市辖区/黄浦区')).toBeInTheDocument();
    expect(screen.getByText('https://img.example/4.png').closest('a')).toHaveAttribute(
      'href',
      'https://img.example/4.png',
    );

    await user.click(screen.getByText(/^删\s?除$/));
    const dialog = await findDialog('删除站点 站点 4？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByText(/^删\s?除$/));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/reported-stations'));
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(Object.fromEntries(removal?.query ?? [])).toEqual({ version: '3' });
  });

  it('should save an edited section with the version read, and offer to reload a station changed since', async () => {
    const station = reportedStation(5, { version: 2 });
    let answer = ok({ ...station, stationName: '新名称', version: 3 });
    const calls = fakeApi({
      ...lookups(operator),
      [`GET ${STATIONS}/CN-5`]: () => ok(station),
      [`PUT ${STATIONS}/CN-5`]: () => answer,
    });
    const { user } = renderPortal(`${NEW}?connectorId=CN-5`);
    await screen.findByText('站点 5 · CN-5');
    await user.click(screen.getByLabelText('编辑基本信息'));
    const name = screen.getByLabelText('站点名称');
    await user.clear(name);
    await user.type(name, '新名称');
    await user.click(screen.getByText(/^保\s?存$/));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ stationName: '新名称', operatorId: 'OP1', areaCode: '310101', version: 2 });
    expect(body).not.toHaveProperty('connectorId');
    expect(await screen.findByText('新名称 · CN-5')).toBeInTheDocument();

    answer = fail(409, 'conflict', '该站点已被他人修改', { key: 'station.versionConflict' });
    await throttleWindow();
    await user.click(screen.getByLabelText('编辑基本信息'));
    await user.click(screen.getByText(/^保\s?存$/));
    expect(await findDialog('站点已被他人修改')).toBeInTheDocument();
  });

  it('should show a viewer the station without edit or delete', async () => {
    fakeApi({ ...lookups(viewer), [`GET ${STATIONS}/CN-6`]: () => ok(reportedStation(6)) });
    renderPortal(`${NEW}?connectorId=CN-6`);
    expect(await screen.findByText('站点 6 · CN-6')).toBeInTheDocument();
    expect(await screen.findByText('星星充电')).toBeInTheDocument();
    expect(screen.queryByText(/^编\s?辑$/)).toBeNull();
    expect(screen.queryByText(/^删\s?除$/)).toBeNull();
  });

  it('should say so for a station that does not exist', async () => {
    fakeApi({ ...lookups(operator), [`GET ${STATIONS}/NOPE`]: () => fail(404, 'not_found') });
    renderPortal(`${NEW}?connectorId=NOPE`);
    expect(await screen.findByText('没有这个运营商上报站点，可能已被删除')).toBeInTheDocument();
  });
});
