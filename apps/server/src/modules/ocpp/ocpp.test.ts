import { once } from 'node:events';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteOperationLog, RemoteOperationLogList } from '@cmp/domain/stations/remote-operations';
import { buildApp, type App } from '../../app.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { connectors, equipments } from '../stations/stations.tables.js';
import { eventually, OcppTestKit } from '../../test/ocpp-test-kit.js';
import { failWaiting, recordAnswer } from './remote-operations.repo.js';
import {
  chargeMeterValues,
  chargePointConnectors,
  chargePointPresence,
  chargePoints,
  chargeSessions,
  portalProcesses,
  remoteOperationLogs,
} from './ocpp.tables.js';

const CP = 'CS1-E1';
const TIMEOUT_MS = 1_000;

describe('OCPP central system', () => {
  let sut: TestContext;
  let kit: OcppTestKit;
  let operator: string;
  let viewer: string;

  let origin: string;
  beforeEach(async () => {
    sut = await createTestContext({ ocppCommandTimeoutMs: TIMEOUT_MS });
    origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    await insertChargeStation(sut.database.db, 'CS1');
    kit = new OcppTestKit(sut.app, origin.replace(/^http/, 'ws'), operator);
  });
  afterEach(async () => {
    await kit.stopAll();
    await sut.app.close();
  });

  const db = () => sut.database.db;
  const pointRow = async () =>
    (await db().select().from(chargePoints).where(eq(chargePoints.chargePointId, CP)))[0]!;

  describe('registration and authentication', () => {
    it('should register an equipment once with a password shown once, and audit it without the password', async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/charge-points',
        headers: { cookie: operator },
        payload: { chargePointId: CP },
      });
      expect(response.statusCode, response.body).toBe(201);
      const registration = response.json<{ password: string; endpoint: string }>();
      expect(registration.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(registration.endpoint).toMatch(/^ws:\/\/.+\/ocpp\/CS1-E1$/);
      expect((await pointRow()).passwordHash).not.toContain(registration.password);

      const again = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/charge-points',
        headers: { cookie: operator },
        payload: { chargePointId: CP },
      });
      expect(again.statusCode).toBe(409);
      const unknown = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/charge-points',
        headers: { cookie: operator },
        payload: { chargePointId: 'NO-SUCH' },
      });
      expect(unknown.statusCode).toBe(404);
      const byViewer = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/charge-points',
        headers: { cookie: viewer },
        payload: { chargePointId: CP },
      });
      expect(byViewer.statusCode).toBe(403);

      const audits = await db()
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.entityType, 'charge_point'));
      expect(audits.map((a) => a.action)).toEqual(['CHARGE_POINT_REGISTER']);
      expect(JSON.stringify(audits)).not.toContain(registration.password);
    });

    it("should answer the endpoint at the address the portal listens on, never at the caller's Host", async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/charge-points',
        headers: { cookie: operator, host: 'evil.example', origin: 'http://evil.example' },
        payload: { chargePointId: CP },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().endpoint).toBe(`${origin.replace(/^http/, 'ws')}/ocpp/CS1-E1`);
    });

    it('should tell a charger with the right password but no ocpp1.6 subprotocol that, not 401', async () => {
      const password = await kit.register(CP);
      const other = kit.unconnectedClient(CP, password, { protocols: ['ocpp2.0.1'] });
      const refusal = await other.connect().then(
        () => 'connected',
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(/subprotocol/i);
      expect(refusal).not.toMatch(/Unauthorized/);
      await other.close({ force: true });
      await expect(kit.client(CP, 'wrong-password')).rejects.toThrow(/Unauthorized/);
    });

    it("should leave a charger to the tenant that registered it: another tenant's operator is told 404", async () => {
      const password = await kit.register(CP);
      await kit.charger(CP, password);
      const peOperator = await sut.userWith('operator', 'pe');
      const asPe = (url: string, payload?: object) =>
        sut.app.inject({ method: 'POST', url: `/api/pe${url}`, headers: { cookie: peOperator }, payload });
      const reset = await asPe(`/charge-points/${CP}/password`);
      expect(reset.statusCode, reset.body).toBe(404);
      const command = await asPe(`/charge-points/${CP}/commands`, { operationType: 'RESET_SOFT' });
      expect(command.statusCode, command.body).toBe(404);
      expect((await asPe('/charge-points', { chargePointId: CP })).statusCode).toBe(409);
      // The charger still answers to its password and to its own tenant.
      expect((await kit.issued(CP, { operationType: 'RESET_SOFT' })).status).toBe(1);
      expect((await pointRow()).tenant).toBe('nio');
    });

    it('should close an older connection of a charger with a code and a reason when it connects again', async () => {
      const password = await kit.register(CP);
      const first = await kit.client(CP, password);
      const closed = new Promise<{ code: number; reason: string }>((resolve) => first.once('close', resolve));
      await kit.client(CP, password);
      expect(await closed).toEqual({
        code: 1000,
        reason: 'replaced by a newer connection of this charge point',
      });
    });

    it('should shut down while chargers are still connected, closing their sockets', async () => {
      await insertChargeStation(db(), 'CS2');
      const chargers = await Promise.all(
        ['CS1-E1', 'CS2-E1'].map(async (id) => kit.client(id, await kit.register(id))),
      );
      // Both sockets end: the shutdown neither waits for the chargers to hang up nor leaves them open.
      const closed = chargers.map((c) => new Promise<void>((resolve) => c.once('close', () => resolve())));
      await chargers[0]!.call('Heartbeat', {});
      const started = Date.now();
      await sut.app.close();
      // It took 30 s while the HTTP server waited for the chargers' sockets (closed only after it).
      expect(Date.now() - started).toBeLessThan(5_000);
      await Promise.all(closed);
    });

    it("should answer bad messages with OCPP 1.6's error codes, not 2.0.1's", async () => {
      const password = await kit.register(CP);
      // A client that checks nothing itself, so that the portal is the one to judge.
      const loose = kit.unconnectedClient(CP, password, { strictMode: false });
      await loose.connect();
      try {
        const codeOf = (call: Promise<unknown>) =>
          call.then(
            () => 'accepted',
            (error: { rpcErrorCode?: string }) => error.rpcErrorCode,
          );
        expect(
          await codeOf(
            loose.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Bogus' }),
          ),
        ).toBe('PropertyConstraintViolation');
        expect(
          await codeOf(
            loose.call('BootNotification', { chargePointVendor: 'x'.repeat(21), chargePointModel: 'M' }),
          ),
        ).toBe('TypeConstraintViolation');
        expect(await codeOf(loose.call('BootNotification', { chargePointModel: 'M' }))).toBe(
          'OccurrenceConstraintViolation',
        );

        const answers: string[] = [];
        loose.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
          if (!outbound) answers.push(String(message));
        });
        loose.sendRaw('[2, "m-1", "Heartbeat"');
        loose.sendRaw('[7, "m-2", "Heartbeat", {}]');
        const frames = await eventually(async () => (answers.length >= 2 ? answers : undefined));
        expect(frames.map((frame) => (JSON.parse(frame) as unknown[])[2])).toEqual([
          'FormationViolation',
          'FormationViolation',
        ]);
      } finally {
        await loose.close({ force: true });
      }
    });

    it('should answer a DataTransfer with UnknownVendorId, as a central system without extensions', async () => {
      const client = await kit.client(CP, await kit.register(CP));
      expect(await client.call('DataTransfer', { vendorId: 'com.example', messageId: 'Hello' })).toEqual({
        status: 'UnknownVendorId',
      });
    });

    it('should refuse a wrong password and an unregistered charger, and take a rotated password only', async () => {
      const password = await kit.register(CP);
      await expect(kit.client(CP, 'wrong-password')).rejects.toThrow(/Unauthorized/);
      await expect(kit.client('CS1-UNKNOWN', password)).rejects.toThrow(/Unauthorized/);
      await expect(kit.client('not an id', password)).rejects.toThrow(/Bad Request/);

      const rotated = await sut.app.inject({
        method: 'POST',
        url: `/api/nio/charge-points/${CP}/password`,
        headers: { cookie: operator },
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { password: newPassword } = rotated.json<{ password: string }>();
      await expect(kit.client(CP, password)).rejects.toThrow(/Unauthorized/);
      await kit.client(CP, newPassword);
    });

    it('should let a second connection of the same charger replace the first', async () => {
      const password = await kit.register(CP);
      const first = await kit.client(CP, password);
      const closed = new Promise((resolve) => first.once('close', resolve));
      const second = await kit.client(CP, password);
      await closed;
      await expect(second.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    });
  });

  describe('charger messages', () => {
    it('should keep what BootNotification, StatusNotification and Heartbeat say, and show it in the power chargers', async () => {
      const charger = await kit.charger(CP, await kit.register(CP), {
        vendor: 'ACME',
        model: 'DC-240',
        firmwareVersion: '2.1.0',
      });
      const point = await pointRow();
      expect(point).toMatchObject({
        vendor: 'ACME',
        model: 'DC-240',
        firmwareVersion: '2.1.0',
        serialNumber: `SN-${CP}`,
      });
      expect(point.bootAt).not.toBeNull();
      expect(point.lastMessageAt).not.toBeNull();

      await charger.setStatus(2, 'Faulted', 'GroundFailure');
      const stored = await db()
        .select()
        .from(chargePointConnectors)
        .where(eq(chargePointConnectors.chargePointId, CP))
        .orderBy(chargePointConnectors.connectorNo);
      expect(stored.map((c) => [c.connectorNo, c.connectorId, c.status, c.errorCode])).toEqual([
        [0, null, 'Available', 'NoError'],
        [1, 'CS1-E1-C1', 'Available', 'NoError'],
        [2, 'CS1-E1-C2', 'Faulted', 'GroundFailure'],
      ]);
      const portal = await db()
        .select({ id: connectors.connectorId, status: connectors.status })
        .from(connectors)
        .orderBy(connectors.connectorId);
      expect(portal).toEqual([
        { id: 'CS1-E1-C1', status: 'free' },
        { id: 'CS1-E1-C2', status: 'offline' },
      ]);

      await charger.heartbeat();
      expect((await pointRow()).lastHeartbeatAt).not.toBeNull();

      const [listed] = await kit.powerChargers('CS1', viewer);
      expect(listed).toMatchObject({
        chargePointId: CP,
        resourceId: 'CS1',
        registered: true,
        online: true,
        vendor: 'ACME',
        firmwareVersion: '2.1.0',
        connectors: [
          { connectorNo: 1, connectorId: 'CS1-E1-C1', status: 'Available', chargeSessionId: null },
          { connectorNo: 2, connectorId: 'CS1-E1-C2', status: 'Faulted', errorCode: 'GroundFailure' },
        ],
      });
    });

    it('should run a session: Authorize, StartTransaction, MeterValues and StopTransaction', async () => {
      const charger = await kit.charger(CP, await kit.register(CP));
      expect(await charger.startSession(1, 'bad tag!')).toBeNull();
      const transactionId = await charger.startSession(1, 'CARD0001');
      expect(transactionId).toEqual(expect.any(Number));
      const [listed] = await kit.powerChargers('CS1');
      expect(listed!.connectors[0]).toMatchObject({
        status: 'Charging',
        chargeSessionId: String(transactionId),
      });
      expect(
        (await db().select().from(connectors).where(eq(connectors.connectorId, 'CS1-E1-C1')))[0]!.status,
      ).toBe('busy');

      await charger.sendMeterValues(1);
      const samples = await db()
        .select()
        .from(chargeMeterValues)
        .where(eq(chargeMeterValues.transactionId, transactionId!));
      expect(samples).toHaveLength(1);
      expect(samples[0]!.values[0]).toMatchObject({ measurand: 'Energy.Active.Import.Register', unit: 'Wh' });

      await charger.stopSession(1, 'EVDisconnected');
      const [session] = await db()
        .select()
        .from(chargeSessions)
        .where(eq(chargeSessions.transactionId, transactionId!));
      expect(session).toMatchObject({
        chargePointId: CP,
        connectorNo: 1,
        idTag: 'CARD0001',
        authorization: 'Accepted',
        stopReason: 'EVDisconnected',
        meterStopWh: 0,
      });
      expect(session!.stoppedAt).not.toBeNull();
    });

    it('should give a refused id tag a transaction marked Invalid', async () => {
      const charger = await kit.charger(CP, await kit.register(CP));
      expect(await charger.startSession(2, 'x!', true)).toBeNull();
      const [session] = await db().select().from(chargeSessions).where(eq(chargeSessions.chargePointId, CP));
      expect(session).toMatchObject({ idTag: 'x!', authorization: 'Invalid', connectorNo: 2 });
    });

    it('should follow FirmwareStatusNotification on the open firmware operation, 25 % to 100 %', async () => {
      const password = await kit.register(CP);
      const client = await kit.client(CP, password);
      const [log] = await db()
        .insert(remoteOperationLogs)
        .values({
          tenant: 'nio',
          resourceId: 'CS1',
          chargePointId: CP,
          operatorType: 'system',
          operationType: 'UPDATE_FIRMWARE',
          operator: 'campaign 1',
          command: 'UpdateFirmware',
          commandInfo: { location: 'http://x/f', retrieveDate: new Date().toISOString() },
          status: 3,
          campaignId: 1,
          upgradeInfo: { upgradePackageId: 1, version: '2.0.0', campaignId: 1, firmwareStatus: null },
        })
        .returning();
      const id = log!.remoteOperationLogId;
      const seen: [number, number | null, string | null][] = [];
      for (const status of ['Downloading', 'Downloaded', 'Installing', 'Installed']) {
        await client.call('FirmwareStatusNotification', { status });
        const now = await kit.operation(id);
        seen.push([now.status, now.percentage, now.upgradeInfo?.firmwareStatus ?? null]);
      }
      expect(seen).toEqual([
        [3, 25, 'Downloading'],
        [3, 50, 'Downloaded'],
        [3, 75, 'Installing'],
        [1, 100, 'Installed'],
      ]);
      expect((await pointRow()).firmwareStatus).toBe('Installed');
    });
  });

  describe('power chargers list', () => {
    it("should answer a station's chargers as page 1 of 100 by default, with the total", async () => {
      await db()
        .insert(equipments)
        .values(
          Array.from({ length: 101 }, (_, i) => ({
            equipmentId: `CS1-E${String(i + 2).padStart(3, '0')}`,
            resourceId: 'CS1',
            equipmentType: 'AC',
            power: 7,
          })),
        );
      const search = (payload: object) =>
        sut.app.inject({
          method: 'POST',
          url: '/api/nio/power-chargers/search',
          headers: { cookie: viewer },
          payload,
        });
      const first = await search({ group_id: 'CS1' });
      expect(first.statusCode, first.body).toBe(200);
      const firstPage = first.json<{ items: { chargePointId: string }[]; total: number }>();
      expect(firstPage.total).toBe(102);
      expect(firstPage.items).toHaveLength(100);
      expect(firstPage.items[0]!.chargePointId).toBe('CS1-E002');
      const second = await search({ group_id: 'CS1', pageNo: 2 });
      expect(second.json<{ items: { chargePointId: string }[] }>().items.map((c) => c.chargePointId)).toEqual(
        ['CS1-E101', 'CS1-E102'],
      );
      const backwards = await search({ group_id: 'CS1', pageSize: 2, sort: 'chargePointId:desc' });
      expect(
        backwards.json<{ items: { chargePointId: string }[] }>().items.map((c) => c.chargePointId),
      ).toEqual(['CS1-E102', 'CS1-E101']);
      expect((await search({ group_id: 'CS1', pageSize: 101 })).statusCode).toBe(400);
      expect((await search({ group_id: 'CS1', sort: 'power:asc' })).statusCode).toBe(400);
    });
  });

  describe('remote commands', () => {
    it('should send each one-shot command and keep the answer, the OCPP message id and the operator', async () => {
      const charger = await kit.charger(CP, await kit.register(CP));
      const rebooted = once(charger, 'booted');
      const reset = await kit.issued(CP, { operationType: 'RESET_HARD' });
      expect(reset).toMatchObject({
        chargePointId: CP,
        resourceId: 'CS1',
        operatorType: 'user',
        operator: 'nio-operator',
        operationType: 'RESET_HARD',
        command: 'Reset',
        commandInfo: { type: 'Hard' },
        status: 1,
        reason: null,
      });
      expect(reset.commandId).toMatch(/^[0-9a-f-]{36}$/);
      // The reset reboots the simulated charger; it is back once booted.
      await rebooted;

      for (const [command, ocpp] of [
        [{ operationType: 'UNLOCK_CONNECTOR', connectorNo: 1 }, { connectorId: 1 }],
        [
          { operationType: 'CHANGE_AVAILABILITY', connectorNo: 2, availability: 'Inoperative' },
          { connectorId: 2, type: 'Inoperative' },
        ],
        [
          { operationType: 'TRIGGER_MESSAGE', requestedMessage: 'Heartbeat' },
          { requestedMessage: 'Heartbeat' },
        ],
      ] as const) {
        const log = await kit.issued(CP, command);
        expect(log, command.operationType).toMatchObject({ status: 1, commandInfo: ocpp });
      }
    });

    it("should give a remote start only its own id tag's session, never a card's or another start's", async () => {
      const client = await kit.client(CP, await kit.register(CP));
      // A charger written from the specification: it accepts every remote start and starts only when told.
      client.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));
      await client.call('BootNotification', { chargePointVendor: 'Spec', chargePointModel: 'Plain' });
      const startOf = (idTag: string) =>
        client.call('StartTransaction', {
          connectorId: 1,
          idTag,
          meterStart: 0,
          timestamp: new Date().toISOString(),
        }) as Promise<{ transactionId: number }>;
      const neverStarted = await kit.issued(CP, {
        operationType: 'REMOTE_START',
        connectorNo: 1,
        idTag: 'APPUSERA',
      });
      const started = await kit.issued(CP, {
        operationType: 'REMOTE_START',
        connectorNo: 1,
        idTag: 'APPUSERB',
      });
      expect([neverStarted.status, started.status]).toEqual([3, 3]);

      const { transactionId } = await startOf('APPUSERB');
      const card = await startOf('CARD0001');
      expect(await kit.operation(started.remoteOperationLogId)).toMatchObject({
        status: 1,
        chargeSessionId: String(transactionId),
      });
      expect(await kit.operation(neverStarted.remoteOperationLogId)).toMatchObject({
        status: 3,
        chargeSessionId: null,
      });
      expect(card.transactionId).not.toBe(transactionId);
    });

    it('should end as not started a remote start the charger accepted and never started', async () => {
      await sut.app.close();
      sut = await createTestContext({ ocppCommandTimeoutMs: TIMEOUT_MS, ocppConnectionTimeoutSeconds: 1 });
      origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
      operator = await sut.userWith('operator', 'nio');
      await insertChargeStation(sut.database.db, 'CS1');
      kit = new OcppTestKit(sut.app, origin.replace(/^http/, 'ws'), operator);
      const client = await kit.client(CP, await kit.register(CP));
      client.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));
      const accepted = await kit.issued(CP, {
        operationType: 'REMOTE_START',
        connectorNo: 1,
        idTag: 'APPUSERA',
      });
      expect(accepted.status).toBe(3);
      const ended = await eventually(async () => {
        const log = await kit.operation(accepted.remoteOperationLogId);
        return log.status === 2 ? log : undefined;
      });
      expect(ended).toMatchObject({ reason: 'notStarted', chargeSessionId: null });
    });

    it('should take a remote start to its session and a remote stop to the session end', async () => {
      const charger = await kit.charger(CP, await kit.register(CP));
      const start = await kit.issued(CP, {
        operationType: 'REMOTE_START',
        connectorNo: 2,
        idTag: 'APPUSER01',
      });
      expect(start).toMatchObject({
        status: 3,
        connectorNo: 2,
        commandInfo: { idTag: 'APPUSER01', connectorId: 2 },
      });
      const started = await eventually(async () => {
        const log = await kit.operation(start.remoteOperationLogId);
        return log.status === 1 ? log : undefined;
      });
      // The charger keeps the session once its StartTransaction is answered, a moment after the log has it.
      const { transactionId } = await eventually(async () => charger.connector(2).session ?? undefined);
      expect(started.chargeSessionId).toBe(String(transactionId));

      const stop = await kit.issued(CP, {
        operationType: 'REMOTE_STOP',
        chargeSessionId: String(transactionId),
      });
      expect(stop).toMatchObject({ status: 3, connectorNo: 2, commandInfo: { transactionId } });
      await eventually(async () =>
        (await kit.operation(stop.remoteOperationLogId)).status === 1 ? true : undefined,
      );
      const bySession = await sut.app.inject({
        method: 'GET',
        url: `/api/nio/remote-operations/by-session?charge_session_id=${transactionId}&status=`,
        headers: { cookie: viewer },
      });
      expect(
        bySession
          .json<RemoteOperationLogList>()
          .items.map((l) => l.operationType)
          .sort(),
      ).toEqual(['REMOTE_START', 'REMOTE_STOP']);

      const noSession = await kit.issued(CP, { operationType: 'REMOTE_STOP', chargeSessionId: '999999' });
      expect(noSession).toMatchObject({ status: 2, reason: 'noSession' });
    });

    it('should collect diagnostics through the upload link and close the operation when Uploaded', async () => {
      await kit.charger(CP, await kit.register(CP));
      const log = await kit.issued(CP, { operationType: 'GET_DIAGNOSTICS' });
      expect(log.status).toBe(3);
      expect(String(log.commandInfo.location)).toMatch(
        /\/api\/public\/ocpp-diagnostics\/CS1-E1\/[A-Za-z0-9_-]{32}$/,
      );
      const done = await eventually(async () => {
        const now = await kit.operation(log.remoteOperationLogId);
        return now.status === 1 ? now : undefined;
      });
      expect(done).toMatchObject({ progress: 'Uploaded', percentage: 100 });
      const [row] = await db()
        .select({ answer: remoteOperationLogs.answer })
        .from(remoteOperationLogs)
        .where(eq(remoteOperationLogs.remoteOperationLogId, log.remoteOperationLogId));
      const uploaded = (row!.answer as { uploadedFile: { key: string; size: number } }).uploadedFile;
      expect(uploaded.size).toBeGreaterThan(1000);

      const replay = await sut.app.inject({
        method: 'POST',
        url: new URL(String(log.commandInfo.location)).pathname,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('late'),
      });
      expect(replay.statusCode).toBe(404);
    });

    it("should show the upload link's key to operators only, a viewer seeing the link without it", async () => {
      await kit.charger(CP, await kit.register(CP));
      const log = await kit.issued(CP, { operationType: 'GET_DIAGNOSTICS' });
      const key = String(log.commandInfo.location).split('/').at(-1)!;
      // The charger's upload is over before the server closes under it.
      await eventually(async () =>
        (await kit.operation(log.remoteOperationLogId)).status === 1 ? true : undefined,
      );
      const read = async (url: string, cookie: string) =>
        (await sut.app.inject({ method: 'GET', url, headers: { cookie } })).body;
      const one = `/api/nio/remote-operations/${log.remoteOperationLogId}`;
      const list = `/api/nio/remote-operations?status=`;
      expect(await read(one, operator)).toContain(key);
      expect(await read(list, operator)).toContain(key);
      for (const url of [one, list, `/api/nio/remote-operations/by-session?charge_session_id=1&status=`]) {
        expect(await read(url, viewer)).not.toContain(key);
      }
      const seen = JSON.parse(await read(one, viewer)) as RemoteOperationLog;
      expect(seen.commandInfo.location).toMatch(/\/api\/public\/ocpp-diagnostics\/CS1-E1\/…$/);
    });

    it("should fail with the charger's refusal", async () => {
      await kit.charger(CP, await kit.register(CP), {
        answers: { Reset: 'Rejected', UnlockConnector: 'Rejected', GetDiagnostics: 'Rejected' },
      });
      expect(await kit.issued(CP, { operationType: 'RESET_SOFT' })).toMatchObject({
        status: 2,
        reason: 'Rejected',
      });
      expect(await kit.issued(CP, { operationType: 'UNLOCK_CONNECTOR', connectorNo: 1 })).toMatchObject({
        status: 2,
        reason: 'UnlockFailed',
      });
      const diagnostics = await kit.issued(CP, { operationType: 'GET_DIAGNOSTICS' });
      expect(diagnostics).toMatchObject({ status: 2 });
      expect(diagnostics.reason).toMatch(/^InternalError/);
    });

    it('should fail at once as offline for a charger no process holds, and 404 for an unregistered one', async () => {
      await kit.register(CP);
      const started = Date.now();
      expect(await kit.issued(CP, { operationType: 'RESET_SOFT' })).toMatchObject({
        status: 2,
        reason: 'offline',
        commandId: null,
      });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
      expect((await kit.command('CS1-E9', { operationType: 'RESET_SOFT' })).statusCode).toBe(404);
    });

    it('should fail as timed out when the charger does not answer, and keep it failed', async () => {
      await kit.charger(CP, await kit.register(CP), { answers: { Reset: 'silent' } });
      const log = await kit.issued(CP, { operationType: 'RESET_SOFT' });
      expect(log).toMatchObject({ status: 2, reason: 'timeout' });
      expect(log.commandId).not.toBeNull();
    });

    it('should not let an answer that comes after the timeout overwrite the failure', async () => {
      await kit.register(CP);
      const log = await kit.issued(CP, { operationType: 'RESET_SOFT' });
      await db().update(remoteOperationLogs).set({ status: 0, reason: null });
      await failWaiting(db(), log.remoteOperationLogId, 'timeout');
      await recordAnswer(db(), log.remoteOperationLogId, {
        commandId: 'late',
        answer: { status: 'Accepted' },
        status: 1,
        reason: null,
      });
      expect(await kit.operation(log.remoteOperationLogId)).toMatchObject({
        status: 2,
        reason: 'timeout',
        commandId: 'late',
      });
    });

    it('should count a charger held by a process that stopped beating as offline', async () => {
      await kit.register(CP);
      await db()
        .insert(portalProcesses)
        .values({ processId: 'gone', heartbeatAt: new Date(Date.now() - 30_000) });
      await db().insert(chargePointPresence).values({ chargePointId: CP, processId: 'gone' });
      expect((await kit.powerChargers('CS1'))[0]!.online).toBe(false);
      expect(await kit.issued(CP, { operationType: 'RESET_SOFT' })).toMatchObject({
        status: 2,
        reason: 'offline',
      });
    });

    it('should refuse commands to a viewer', async () => {
      await kit.register(CP);
      const response = await kit.command(CP, { operationType: 'RESET_SOFT' }, { cookie: viewer });
      expect(response.statusCode).toBe(403);
      expect(await db().select().from(remoteOperationLogs)).toEqual([]);
    });

    it('should audit each command', async () => {
      await kit.register(CP);
      const log = await kit.issued(CP, { operationType: 'RESET_SOFT' });
      const [audit] = await db()
        .select()
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.entityType, 'remote_operation'),
            eq(auditRecords.entityId, String(log.remoteOperationLogId)),
          ),
        );
      expect(audit).toMatchObject({
        action: 'REMOTE_OPERATION_RESET_SOFT',
        actorUserName: 'nio-operator',
        tenant: 'nio',
      });
    });
  });

  describe('remote operation lists', () => {
    const list = async (query: string) => {
      const response = await sut.app.inject({
        method: 'GET',
        url: `/api/nio/remote-operations?${query}`,
        headers: { cookie: viewer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RemoteOperationLogList>();
    };

    it("should list newest first with the status filter '0,3' by default, every status when empty", async () => {
      await insertChargeStation(db(), 'CS2');
      const base = {
        tenant: 'nio',
        chargePointId: CP,
        operatorType: 'user',
        operator: 'someone',
        operationType: 'RESET_SOFT',
        command: 'Reset',
        commandInfo: { type: 'Soft' },
      };
      await db()
        .insert(remoteOperationLogs)
        .values([
          { ...base, resourceId: 'CS1', status: 0, createAt: new Date('2026-11-01T00:00:00Z') },
          { ...base, resourceId: 'CS1', status: 1, createAt: new Date('2026-11-02T00:00:00Z') },
          { ...base, resourceId: 'CS1', status: 3, createAt: new Date('2026-11-03T00:00:00Z') },
          { ...base, resourceId: 'CS2', status: 2, createAt: new Date('2026-11-04T00:00:00Z') },
          { ...base, resourceId: 'CS1', status: 0, tenant: 'pe', createAt: new Date('2026-11-05T00:00:00Z') },
        ]);
      const statuses = (page: RemoteOperationLogList) => page.items.map((l) => `${l.resourceId}:${l.status}`);
      expect(statuses(await list(''))).toEqual(['CS1:3', 'CS1:0']);
      expect(statuses(await list('status='))).toEqual(['CS2:2', 'CS1:3', 'CS1:1', 'CS1:0']);
      expect(statuses(await list('status=&resource_id=CS1'))).toEqual(['CS1:3', 'CS1:1', 'CS1:0']);
      expect(statuses(await list('status=1,2'))).toEqual(['CS2:2', 'CS1:1']);
      const range = `status=&create_time_begin=${Date.parse('2026-11-02T00:00:00Z')}&create_time_end=${Date.parse('2026-11-03T00:00:00Z')}`;
      expect(statuses(await list(range))).toEqual(['CS1:3', 'CS1:1']);
      const paged = await list('status=&pageSize=1&pageNo=2');
      expect({ total: paged.total, rows: statuses(paged) }).toEqual({ total: 4, rows: ['CS1:3'] });
      expect(statuses(await list('status=&sort=createAt:asc'))).toEqual(['CS1:0', 'CS1:1', 'CS1:3', 'CS2:2']);
      const unsortable = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/remote-operations?sort=operator:asc',
        headers: { cookie: viewer },
      });
      expect(unsortable.statusCode).toBe(400);
      const invalid = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/remote-operations?status=5',
        headers: { cookie: viewer },
      });
      expect(invalid.statusCode).toBe(400);
    });

    it('should export the list', async () => {
      await kit.register(CP);
      await kit.issued(CP, { operationType: 'RESET_SOFT' });
      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/remote-operations/export?status=&format=csv',
        headers: { cookie: viewer, 'accept-language': 'en-US' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('Soft reset');
      expect(response.body).toContain('The charger is not connected');
    });
  });

  describe('across two portal processes', () => {
    let other: App | undefined;
    afterEach(async () => {
      await other?.close();
      other = undefined;
    });

    it('should send a command from one process to a charger connected to the other', async () => {
      const charger = await kit.charger(CP, await kit.register(CP));
      other = await buildApp({ config: sut.config, database: sut.database, logger: false });
      await other.ready();
      const response = await kit.command(
        CP,
        { operationType: 'TRIGGER_MESSAGE', requestedMessage: 'Heartbeat' },
        { app: other },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 1, commandId: expect.any(String) });
      const calls: string[] = [];
      charger.on('call', (call: { action: string }) => calls.push(call.action));
      const silent = await kit.command(
        CP,
        { operationType: 'UNLOCK_CONNECTOR', connectorNo: 1 },
        { app: other },
      );
      expect(silent.json()).toMatchObject({ status: 1, connectorNo: 1 });
      expect(calls).toEqual(['UnlockConnector']);
    });

    it('should time a relayed command out when the charger on the other process does not answer', async () => {
      await kit.charger(CP, await kit.register(CP), { answers: { Reset: 'silent' } });
      other = await buildApp({ config: sut.config, database: sut.database, logger: false });
      await other.ready();
      const response = await kit.command(CP, { operationType: 'RESET_SOFT' }, { app: other });
      expect(response.json()).toMatchObject({ status: 2, reason: 'timeout' });
    });
  });
});
