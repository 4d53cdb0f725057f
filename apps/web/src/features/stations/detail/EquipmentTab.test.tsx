import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import { changeLanguage } from '../../../i18n';
import { fail, fakeApi, ok, staffUser, type FakeHandler } from '../../../test/fake-api';
import { findDialog } from '../../../test/find-dialog';
import { operationLog, powerCharger, powerChargerList } from '../../remote-operations/test-remote-operations';
import { renderTab } from '../tabs/render-tab';
import { EquipmentTab } from './EquipmentTab';
import { UPDATED_AT } from './test-stations';

const equipment: Equipment = {
  equipmentId: 'CS-1-E1',
  equipmentType: 'DC',
  equipmentLng: 121.5,
  equipmentLat: 31.23,
  power: 240,
  updateTime: UPDATED_AT,
  connectors: [
    {
      connectorId: 'CS-1-E1-C1',
      connectorType: 4,
      voltageUpperLimits: 750,
      current: 250,
      power: 120,
      nationalStandard: 2,
      status: 'busy',
      updateTime: UPDATED_AT,
    },
  ],
};

const EQUIPMENTS = 'GET /api/nio/stations/CS-1/equipments';
const POWER_CHARGERS = 'POST /api/nio/power-chargers/search';
const COMMANDS = 'POST /api/nio/charge-points/CS-1-E1/commands';
const PAGE = '/cmp-app/nio/resources/charge-station?resourceId=CS-1&tab=equipment';

/** The station's one charger, as the portal lists it and as OCPP knows it. */
const withCharger = (charger = powerCharger(), more: Record<string, FakeHandler> = {}) =>
  fakeApi({
    [EQUIPMENTS]: () => ok({ items: [equipment] }),
    [POWER_CHARGERS]: () => ok(powerChargerList(charger)),
    ...more,
  });

const commandsButton = async () => (await screen.findByText('远程指令')).closest('button') as HTMLElement;

describe('EquipmentTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list the equipment and open each onto its connectors', async () => {
    fakeApi({
      [EQUIPMENTS]: () => ok({ items: [equipment] }),
      [POWER_CHARGERS]: () => ok(powerChargerList()),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />);
    const row = (await screen.findByText('CS-1-E1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('240')).toBeInTheDocument();
    expect(within(row).getByText('121.5, 31.23')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '展开行' }));
    const connector = (await screen.findByText('CS-1-E1-C1')).closest('tr') as HTMLElement;
    // Codes read as their labels: status busy, connector type 4, national standard 2.
    expect(within(connector).getByText('占用')).toBeInTheDocument();
    expect(within(connector).getByText('直流接口枪头（带枪线）')).toBeInTheDocument();
    expect(within(connector).getByText('2015 版国标')).toBeInTheDocument();
    expect(within(connector).getByText('750')).toBeInTheDocument();
  });

  it('should say when the station has no equipment', async () => {
    fakeApi({ [EQUIPMENTS]: () => ok({ items: [] }), [POWER_CHARGERS]: () => ok(powerChargerList()) });
    renderTab(<EquipmentTab resourceId="CS-1" />);
    expect(await screen.findByText('暂无设备')).toBeInTheDocument();
  });

  it('should show a failed load with a retry', async () => {
    fakeApi({
      [EQUIPMENTS]: () => fail(500, 'internal_error'),
      [POWER_CHARGERS]: () => ok(powerChargerList()),
    });
    renderTab(<EquipmentTab resourceId="CS-1" />);
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it("should show each charger's OCPP state and each connector's status, error and session", async () => {
    const calls = withCharger(
      powerCharger({
        connectors: [
          {
            connectorNo: 1,
            connectorId: 'CS-1-E1-C1',
            status: 'Faulted',
            errorCode: 'GroundFailure',
            statusAt: UPDATED_AT,
            chargeSessionId: '41',
          },
        ],
      }),
    );
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    const row = (await screen.findByText('CS-1-E1')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('在线')).toBeInTheDocument();
    expect(within(row).getByText('Star Charge / DC240 / 2.4.1')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ group_id: 'CS-1' });

    await user.click(within(row).getByRole('button', { name: '展开行' }));
    const connector = (await screen.findByText('CS-1-E1-C1')).closest('tr') as HTMLElement;
    expect(within(connector).getByText('故障')).toBeInTheDocument();
    expect(within(connector).getByText('接地故障')).toBeInTheDocument();
    expect(within(connector).getByText('41')).toBeInTheDocument();
  });

  it('should send a soft reset once confirmed and show that the charger did it', async () => {
    const calls = withCharger(powerCharger(), { [COMMANDS]: () => ok(operationLog(7)) });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await user.click(await commandsButton());
    await user.click(await screen.findByText('软重启'));
    const dialog = await findDialog('向充电桩 CS-1-E1 发送“软重启”？');
    expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(false);

    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(dialog).findByText('软重启：充电桩已执行')).toBeInTheDocument();
    // The lists open on unfinished operations; this one has ended, so the answer leads to where it is listed.
    expect(within(dialog).getByRole('link', { name: '在全部操作中查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/remote-operations?status=all&charge_point_id=CS-1-E1',
    );
    expect(calls.find((c) => c.path.endsWith('/commands'))?.body).toEqual({ operationType: 'RESET_SOFT' });
    // The charger is read again after its answer (whatever the list's own polling reads besides).
    await waitFor(() => {
      const sent = calls.findIndex((c) => c.path.endsWith('/commands'));
      expect(calls.slice(sent + 1).some((c) => c.path.endsWith('/power-chargers/search'))).toBe(true);
    });
  });

  it('should stop a running session, or say in words why the charger could not', async () => {
    const calls = withCharger(powerCharger(), {
      [COMMANDS]: () =>
        ok(
          operationLog(8, {
            operationType: 'REMOTE_STOP',
            status: 2,
            reason: 'noSession',
            chargeSessionId: '41',
          }),
        ),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await user.click(await commandsButton());
    await user.click(await screen.findByText('远程停止充电'));
    const dialog = await findDialog('远程停止充电');
    // The running session is offered first.
    expect(within(dialog).getByRole('combobox')).toHaveValue('41');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(
      await within(dialog).findByText('远程停止充电失败：该充电桩没有此编号的进行中充电会话'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/commands'))?.body).toEqual({
      operationType: 'REMOTE_STOP',
      chargeSessionId: '41',
    });
  });

  it('should ask a remote start for its id tag before sending it', async () => {
    const calls = withCharger(powerCharger(), {
      [COMMANDS]: () => ok(operationLog(9, { operationType: 'REMOTE_START', status: 3, connectorNo: 1 })),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await user.click(await commandsButton());
    await user.click(await screen.findByText('远程启动充电'));
    const dialog = await findDialog('以所给授权标识');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(dialog).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(false);

    await user.type(within(dialog).getByLabelText('授权标识（idTag）'), 'TAG-0001');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(dialog).findByText('远程启动充电：充电桩已接受，执行中')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/commands'))?.body).toEqual({
      operationType: 'REMOTE_START',
      idTag: 'TAG-0001',
    });
  });

  it('should reserve a connector for an id tag until a time in the future, as ReserveNow takes them', async () => {
    const calls = withCharger(powerCharger(), {
      [COMMANDS]: () => ok(operationLog(12, { operationType: 'RESERVE_NOW', status: 1, connectorNo: 1 })),
      'GET /api/nio/remote-operations': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await user.click(await commandsButton());
    await user.hover(await screen.findByText('预约'));
    await user.click(await screen.findByText('预约充电枪'));
    const dialog = await findDialog('为所给授权标识预约一把枪');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    // Connector and id tag are asked for; the expiry starts 30 minutes ahead.
    await waitFor(() => expect(within(dialog).getAllByText('输入不能为空')).toHaveLength(2));
    expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(false);

    await user.click(within(dialog).getByLabelText('枪号'));
    await user.click(await screen.findByTitle('#1 CS-1-E1-C1'));
    await user.type(within(dialog).getByLabelText('授权标识（idTag）'), 'TAG-0002');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(true));
    const body = calls.find((c) => c.path.endsWith('/commands'))!.body as Record<string, unknown>;
    expect(body).toMatchObject({ operationType: 'RESERVE_NOW', connectorNo: 1, idTag: 'TAG-0002' });
    expect(body.expiryDate).toBeGreaterThan(before + 25 * 60_000);
    expect(body.expiryDate).toBeLessThanOrEqual(before + 30 * 60_000);
  });

  it('should send a charging profile with its schedule periods, asking for each limit first', async () => {
    const calls = withCharger(powerCharger(), {
      [COMMANDS]: () => ok(operationLog(13, { operationType: 'SET_CHARGING_PROFILE', status: 1 })),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await user.click(await commandsButton());
    await user.hover(await screen.findByText('智能充电'));
    await user.click(await screen.findByText('设置充电曲线'));
    const dialog = await findDialog('下发充电曲线');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(dialog).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(false);

    await user.type(within(dialog).getByLabelText('限值'), '7400');
    await user.click(within(dialog).getByRole('button', { name: /添加时段/ }));
    // The first period starts at 0 and stays there; the added one starts an hour in.
    expect(within(dialog).getAllByLabelText('开始')[0]).toBeDisabled();
    await user.type(within(dialog).getAllByLabelText('开始')[1]!, '3600');
    await user.type(within(dialog).getAllByLabelText('限值')[1]!, '3700');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/commands'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/commands'))?.body).toEqual({
      operationType: 'SET_CHARGING_PROFILE',
      connectorNo: 0,
      chargingProfileId: 1,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: {
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 7400 },
          { startPeriod: 3600, limit: 3700 },
        ],
      },
    });
  });

  it('should keep commands from offline chargers and from viewers, saying why', async () => {
    withCharger(powerCharger({ online: false }));
    const { user, unmount } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    const offline = await commandsButton();
    await waitFor(() => expect(offline).toBeDisabled());
    await user.hover(offline.parentElement!);
    expect(await screen.findByText('充电桩离线，无法发送指令')).toBeInTheDocument();
    unmount();

    withCharger();
    const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
    renderTab(<EquipmentTab resourceId="CS-1" />, PAGE, viewer);
    await waitFor(async () => expect(await commandsButton()).toBeDisabled());
    expect(screen.queryByText('重置 OCPP 密码')).toBeNull();
  });

  it('should register a charger and show its password and address once', async () => {
    const calls = withCharger(powerCharger({ registered: false, online: false }), {
      'POST /api/nio/charge-points': () =>
        ok(
          {
            chargePointId: 'CS-1-E1',
            password: 'pw-4f1c9a',
            endpoint: 'ws://portal.test/ocpp/CS-1-E1',
          },
          201,
        ),
    });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    const row = (await screen.findByText('CS-1-E1')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('未接入')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '接入 OCPP' }));
    await user.click(await screen.findByRole('button', { name: /^确\s*定$/ }));

    const dialog = await findDialog('充电桩 CS-1-E1 的 OCPP 接入信息');
    expect(within(dialog).getByText('pw-4f1c9a')).toBeInTheDocument();
    expect(within(dialog).getByText('ws://portal.test/ocpp/CS-1-E1')).toBeInTheDocument();
    expect(within(dialog).getByText(/密码只显示这一次/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/nio/charge-points')?.body).toEqual({
      chargePointId: 'CS-1-E1',
    });
  });

  it('should add nothing for equipment OCPP does not list', async () => {
    fakeApi({
      [EQUIPMENTS]: () => ok({ items: [equipment] }),
      [POWER_CHARGERS]: () => ok(powerChargerList()),
    });
    renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    await screen.findByText('CS-1-E1');
    expect(screen.queryByText('远程指令')).toBeNull();
    expect(screen.queryByText('OCPP')).toBeNull();
  });

  it('should still list the equipment when the OCPP state cannot be read', async () => {
    fakeApi({
      [EQUIPMENTS]: () => ok({ items: [equipment] }),
      [POWER_CHARGERS]: () => fail(500, 'internal_error', 'boom'),
    });
    renderTab(<EquipmentTab resourceId="CS-1" />, PAGE);
    expect(await screen.findByText(/充电桩的 OCPP 状态读取失败/)).toBeInTheDocument();
    expect(screen.getByText('CS-1-E1')).toBeInTheDocument();
  });
});
