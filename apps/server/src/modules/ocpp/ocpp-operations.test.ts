import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteCommand, RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import type { ChargerCall, SimulatedCharger } from '../../ocpp-sim/simulated-charger.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { eventually, OcppTestKit } from '../../test/ocpp-test-kit.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const CP = 'CS1-E1';
const HOUR = 3_600_000;

/** The operations added for issue 29, sent through HTTP to a simulated charger over a real socket. */
describe('OCPP 1.6 configuration, local list, reservation and smart charging', () => {
  let sut: TestContext;
  let kit: OcppTestKit;
  let operator: string;
  let charger: SimulatedCharger;
  let calls: ChargerCall[];

  beforeEach(async () => {
    sut = await createTestContext({ ocppCommandTimeoutMs: 2_000 });
    const origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, 'CS1');
    kit = new OcppTestKit(sut.app, origin.replace(/^http/, 'ws'), operator);
    charger = await kit.charger(CP, await kit.register(CP));
    calls = [];
    charger.on('call', (call: ChargerCall) => calls.push(call));
  });
  afterEach(async () => {
    await kit.stopAll();
    await sut.app.close();
  });

  /** Sends a command and answers its log together with the call the charger received. */
  const send = async (command: RemoteCommand): Promise<{ log: RemoteOperationLog; call: ChargerCall }> => {
    const log = await kit.issued(CP, command);
    const call = calls.at(-1)!;
    expect(call.action).toBe(log.command);
    // The charger got exactly the payload the log keeps.
    expect(call.params).toEqual(log.commandInfo);
    return { log, call };
  };
  const refused = async (command: unknown) => {
    const response = await kit.command(CP, command as RemoteCommand);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: { code: string; details: { path: string; message: string }[] } }>().error;
  };

  it("should read the charger's configuration, every key or the ones named, with read-only flags and unknown keys", async () => {
    const { log } = await send({ operationType: 'GET_CONFIGURATION' });
    expect(log).toMatchObject({ command: 'GetConfiguration', commandInfo: {}, status: 1, reason: null });
    const keys = log.answer!.configurationKey as { key: string; readonly: boolean; value: string }[];
    expect(keys).toContainEqual({ key: 'HeartbeatInterval', readonly: false, value: '300' });
    expect(keys).toContainEqual({ key: 'ChargeProfileMaxStackLevel', readonly: true, value: '10' });

    const named = await send({
      operationType: 'GET_CONFIGURATION',
      keys: ['ConnectionTimeOut', 'NoSuchKey'],
    });
    expect(named.call.params).toEqual({ key: ['ConnectionTimeOut', 'NoSuchKey'] });
    expect(named.log.answer).toEqual({
      configurationKey: [{ key: 'ConnectionTimeOut', readonly: false, value: '60' }],
      unknownKey: ['NoSuchKey'],
    });
  });

  it("should change a key and keep the charger's answer: Accepted, RebootRequired, Rejected, NotSupported", async () => {
    const accepted = await send({
      operationType: 'CHANGE_CONFIGURATION',
      key: 'HeartbeatInterval',
      value: '120',
    });
    expect(accepted.call.params).toEqual({ key: 'HeartbeatInterval', value: '120' });
    expect(accepted.log).toMatchObject({ status: 1, answer: { status: 'Accepted' } });
    expect(charger.configuration.get('HeartbeatInterval')).toBe('120');

    const reboot = await send({
      operationType: 'CHANGE_CONFIGURATION',
      key: 'WebSocketPingInterval',
      value: '60',
    });
    expect(reboot.log).toMatchObject({ status: 1, reason: null, answer: { status: 'RebootRequired' } });

    const readonly = await send({
      operationType: 'CHANGE_CONFIGURATION',
      key: 'LocalAuthListMaxLength',
      value: '5',
    });
    expect(readonly.log).toMatchObject({ status: 2, reason: 'Rejected', answer: { status: 'Rejected' } });
    expect(charger.configuration.get('LocalAuthListMaxLength')).toBe('1000');

    const unknown = await send({ operationType: 'CHANGE_CONFIGURATION', key: 'NoSuchKey', value: '1' });
    expect(unknown.log).toMatchObject({ status: 2, reason: 'NotSupported' });
  });

  it('should refuse configuration commands beyond OCPP 1.6 lengths with 400', async () => {
    await refused({ operationType: 'CHANGE_CONFIGURATION', key: 'K'.repeat(51), value: '1' });
    await refused({
      operationType: 'CHANGE_CONFIGURATION',
      key: 'HeartbeatInterval',
      value: '1'.repeat(501),
    });
    await refused({ operationType: 'CHANGE_CONFIGURATION', key: '', value: '1' });
    await refused({ operationType: 'GET_CONFIGURATION', keys: ['K'.repeat(51)] });
    await refused({
      operationType: 'GET_CONFIGURATION',
      keys: Array.from({ length: 101 }, (_, i) => `K${i}`),
    });
    expect(calls).toEqual([]);
  });

  it('should clear the authorization cache', async () => {
    const { log } = await send({ operationType: 'CLEAR_CACHE' });
    expect(log).toMatchObject({ command: 'ClearCache', commandInfo: {}, status: 1 });
    expect(charger.cacheCleared).toBe(1);
  });

  it('should send a full local list with id tag infos, read its version, and report a version mismatch', async () => {
    const expiry = Date.UTC(2030, 0, 1);
    const full = await send({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Full',
      listVersion: 5,
      entries: [
        { idTag: 'CARD0001', status: 'Accepted', expiryDate: expiry },
        { idTag: 'CARD0002', status: 'Blocked', parentIdTag: 'FLEET01' },
      ],
    });
    expect(full.call.params).toEqual({
      listVersion: 5,
      updateType: 'Full',
      localAuthorizationList: [
        { idTag: 'CARD0001', idTagInfo: { status: 'Accepted', expiryDate: '2030-01-01T00:00:00.000Z' } },
        { idTag: 'CARD0002', idTagInfo: { status: 'Blocked', parentIdTag: 'FLEET01' } },
      ],
    });
    expect(full.log).toMatchObject({ status: 1, answer: { status: 'Accepted' } });
    expect([...charger.localList.idTags.keys()]).toEqual(['CARD0001', 'CARD0002']);

    const version = await send({ operationType: 'GET_LOCAL_LIST_VERSION' });
    expect(version.log).toMatchObject({
      command: 'GetLocalListVersion',
      status: 1,
      answer: { listVersion: 5 },
    });

    const stale = await send({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Differential',
      listVersion: 5,
      entries: [{ idTag: 'CARD0002' }],
    });
    expect(stale.call.params).toEqual({
      listVersion: 5,
      updateType: 'Differential',
      localAuthorizationList: [{ idTag: 'CARD0002' }],
    });
    expect(stale.log).toMatchObject({ status: 2, reason: 'VersionMismatch' });

    const removal = await send({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Differential',
      listVersion: 6,
      entries: [{ idTag: 'CARD0002' }],
    });
    expect(removal.log.status).toBe(1);
    expect([...charger.localList.idTags.keys()]).toEqual(['CARD0001']);
  });

  it('should refuse a local list a charger could not take with 400: no status in a full list, repeated or long id tags', async () => {
    const full = await refused({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Full',
      listVersion: 1,
      entries: [{ idTag: 'CARD0001' }],
    });
    expect(full.details).toContainEqual(
      expect.objectContaining({ key: 'form.required', path: 'body.entries.0.status' }),
    );
    await refused({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Differential',
      listVersion: 1,
      entries: [{ idTag: 'CARD0001' }, { idTag: 'card0001' }],
    });
    await refused({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Full',
      listVersion: 1,
      entries: [{ idTag: 'X'.repeat(21), status: 'Accepted' }],
    });
    await refused({ operationType: 'SEND_LOCAL_LIST', updateType: 'Partial', listVersion: 1 });
    await refused({ operationType: 'SEND_LOCAL_LIST', updateType: 'Full', listVersion: 0 });
    await refused({
      operationType: 'SEND_LOCAL_LIST',
      updateType: 'Full',
      listVersion: 1,
      entries: [{ idTag: 'CARD0001', status: 'Maybe' }],
    });
    expect(calls).toEqual([]);
  });

  it('should reserve a connector under an id the portal allocates, and cancel that reservation', async () => {
    const expiryDate = Date.now() + HOUR;
    const reserved = await send({
      operationType: 'RESERVE_NOW',
      connectorNo: 1,
      expiryDate,
      idTag: 'CARD0001',
    });
    expect(reserved.log.commandInfo.reservationId).toBe(reserved.log.remoteOperationLogId);
    expect(reserved.call.params).toEqual({
      connectorId: 1,
      expiryDate: new Date(expiryDate).toISOString(),
      idTag: 'CARD0001',
      reservationId: reserved.log.remoteOperationLogId,
    });
    expect(reserved.log).toMatchObject({ connectorNo: 1, status: 1, answer: { status: 'Accepted' } });
    await eventually(async () => {
      const [station] = await kit.powerChargers('CS1');
      return station?.connectors.find((c) => c.connectorNo === 1)?.status === 'Reserved' ? true : undefined;
    });

    const occupied = await send({
      operationType: 'RESERVE_NOW',
      connectorNo: 1,
      expiryDate,
      idTag: 'CARD0002',
    });
    expect(occupied.log).toMatchObject({ status: 2, reason: 'Occupied' });

    const reservationId = reserved.log.remoteOperationLogId;
    const cancelled = await send({ operationType: 'CANCEL_RESERVATION', reservationId });
    expect(cancelled.call.params).toEqual({ reservationId });
    expect(cancelled.log).toMatchObject({ connectorNo: 1, status: 1, answer: { status: 'Accepted' } });
    expect(charger.reservations.size).toBe(0);

    const again = await send({ operationType: 'CANCEL_RESERVATION', reservationId });
    expect(again.log).toMatchObject({ status: 2, reason: 'Rejected' });
  });

  it('should refuse a reservation that expired already (400) and cancelling one the portal did not make (404)', async () => {
    const past = await refused({
      operationType: 'RESERVE_NOW',
      connectorNo: 1,
      expiryDate: Date.now() - 1,
      idTag: 'C1',
    });
    expect(past.details).toEqual([
      expect.objectContaining({ path: 'body.expiryDate', message: '预约到期时间须晚于现在' }),
    ]);
    await refused({ operationType: 'RESERVE_NOW', connectorNo: 1, expiryDate: Date.now() + HOUR, idTag: '' });
    const clear = await kit.issued(CP, { operationType: 'CLEAR_CACHE' });
    for (const reservationId of [clear.remoteOperationLogId, 987_654]) {
      const response = await kit.command(CP, { operationType: 'CANCEL_RESERVATION', reservationId });
      expect(response.statusCode, response.body).toBe(404);
    }
    await refused({ operationType: 'CANCEL_RESERVATION', reservationId: 2 ** 31 });
  });

  it('should set a charging profile, answer the composite schedule it makes, and clear it', async () => {
    const set = await send({
      operationType: 'SET_CHARGING_PROFILE',
      connectorNo: 1,
      chargingProfileId: 7,
      stackLevel: 1,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Recurring',
      recurrencyKind: 'Daily',
      validFrom: Date.UTC(2026, 0, 1),
      chargingSchedule: {
        duration: 86_400,
        startSchedule: Date.UTC(2026, 0, 1),
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 11_000.5 },
          { startPeriod: 1_800, limit: 7_400, numberPhases: 3 },
        ],
      },
    });
    expect(set.call.params).toEqual({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        stackLevel: 1,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Recurring',
        recurrencyKind: 'Daily',
        validFrom: '2026-01-01T00:00:00.000Z',
        chargingSchedule: {
          duration: 86_400,
          startSchedule: '2026-01-01T00:00:00.000Z',
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 11_000.5 },
            { startPeriod: 1_800, limit: 7_400, numberPhases: 3 },
          ],
        },
      },
    });
    expect(set.log).toMatchObject({ connectorNo: 1, status: 1, answer: { status: 'Accepted' } });

    const max = await send({
      operationType: 'SET_CHARGING_PROFILE',
      connectorNo: 0,
      chargingProfileId: 8,
      stackLevel: 0,
      chargingProfilePurpose: 'ChargePointMaxProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: {
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 10_000 }],
      },
    });
    expect(max.log.status).toBe(1);

    const schedule = await send({
      operationType: 'GET_COMPOSITE_SCHEDULE',
      connectorNo: 1,
      duration: 3_600,
      chargingRateUnit: 'W',
    });
    expect(schedule.call.params).toEqual({ connectorId: 1, duration: 3_600, chargingRateUnit: 'W' });
    expect(schedule.log).toMatchObject({
      status: 1,
      answer: {
        status: 'Accepted',
        connectorId: 1,
        chargingSchedule: {
          duration: 3_600,
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 10_000 },
            { startPeriod: 1_800, limit: 7_400, numberPhases: 3 },
          ],
        },
      },
    });

    const cleared = await send({ operationType: 'CLEAR_CHARGING_PROFILE', chargingProfileId: 7 });
    expect(cleared.call.params).toEqual({ id: 7 });
    expect(cleared.log).toMatchObject({ status: 1, answer: { status: 'Accepted' } });
    const none = await send({
      operationType: 'CLEAR_CHARGING_PROFILE',
      connectorNo: 2,
      chargingProfilePurpose: 'TxProfile',
    });
    expect(none.call.params).toEqual({ connectorId: 2, chargingProfilePurpose: 'TxProfile' });
    expect(none.log).toMatchObject({ connectorNo: 2, status: 2, reason: 'Unknown' });
  });

  it('should refuse charging profiles OCPP 1.6 does not allow with 400', async () => {
    const profile = {
      operationType: 'SET_CHARGING_PROFILE',
      connectorNo: 1,
      chargingProfileId: 1,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    };
    const schedule = profile.chargingSchedule;
    for (const wrong of [
      { ...profile, chargingProfilePurpose: 'ChargePointMaxProfile' },
      { ...profile, connectorNo: 0, chargingProfilePurpose: 'TxProfile' },
      { ...profile, transactionId: 5 },
      { ...profile, chargingProfileKind: 'Recurring' },
      { ...profile, chargingProfileKind: 'Sometimes' },
      { ...profile, chargingSchedule: { ...schedule, chargingRateUnit: 'kW' } },
      {
        ...profile,
        chargingSchedule: { ...schedule, chargingSchedulePeriod: [{ startPeriod: 0, limit: 16.25 }] },
      },
      {
        ...profile,
        chargingSchedule: { ...schedule, chargingSchedulePeriod: [{ startPeriod: 60, limit: 16 }] },
      },
      { ...profile, chargingSchedule: { ...schedule, chargingSchedulePeriod: [] } },
      {
        ...profile,
        chargingSchedule: {
          ...schedule,
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 16 },
            { startPeriod: 0, limit: 10 },
          ],
        },
      },
      { ...profile, validFrom: 2_000, validTo: 1_000 },
    ])
      await refused(wrong);
    await refused({ operationType: 'GET_COMPOSITE_SCHEDULE', connectorNo: 1, duration: 0 });
    await refused({ operationType: 'CLEAR_CHARGING_PROFILE', stackLevel: -1 });
    expect(calls).toEqual([]);
  });

  it('should send a secret key its value and show it to nobody: not in the log, its answer or its audit', async () => {
    const log = await kit.issued(CP, {
      operationType: 'CHANGE_CONFIGURATION',
      key: 'AuthorizationKey',
      value: 'c2VjcmV0LXBhc3N3b3Jk',
    });
    expect(calls.at(-1)!.params).toEqual({ key: 'AuthorizationKey', value: 'c2VjcmV0LXBhc3N3b3Jk' });
    expect(log.commandInfo).toEqual({ key: 'AuthorizationKey', value: '******' });
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityId, String(log.remoteOperationLogId)));
    expect(JSON.stringify(audit)).not.toContain('c2VjcmV0LXBhc3N3b3Jk');
    const listed = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/remote-operations?charge_point_id=${CP}&status=`,
      headers: { cookie: operator },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain('"key":"AuthorizationKey","value":"******"');
    expect(listed.body).not.toContain('c2VjcmV0LXBhc3N3b3Jk');
  });

  it("should keep the charger's refusal of a composite schedule, refuse the commands to a viewer, and audit each", async () => {
    const viewer = await sut.userWith('viewer', 'nio');
    const byViewer = await kit.command(CP, { operationType: 'CLEAR_CACHE' }, { cookie: viewer });
    expect(byViewer.statusCode).toBe(403);

    const refusedSchedule = await send({
      operationType: 'GET_COMPOSITE_SCHEDULE',
      connectorNo: 9,
      duration: 60,
    });
    expect(refusedSchedule.log).toMatchObject({ status: 2, reason: 'Rejected' });

    const { log } = await send({
      operationType: 'CHANGE_CONFIGURATION',
      key: 'ConnectionTimeOut',
      value: '90',
    });
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entityType, 'remote_operation'),
          eq(auditRecords.entityId, String(log.remoteOperationLogId)),
        ),
      );
    expect(audit).toMatchObject({
      action: 'REMOTE_OPERATION_CHANGE_CONFIGURATION',
      actorUserName: 'nio-operator',
      tenant: 'nio',
    });
  });
});
