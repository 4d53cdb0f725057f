import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RPCServer } from 'ocpp-rpc';
import { eq } from 'drizzle-orm';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { registerDemoChargers } from '../demo/demo-chargers.js';
import { chargePointConnectors, chargePoints, chargeSessions } from '../modules/ocpp/ocpp.tables.js';
import { insertChargeStation } from '../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { SimulatedCharger, type ChargerCall, type SimulatedChargerOptions } from './simulated-charger.js';

const PASSWORD = 'a-charger-password-1';

interface ServerClient {
  identity: string;
  call: (action: string, params: object, options?: { callTimeoutMs: number }) => Promise<unknown>;
  handle: (action: string, handler: (call: { params: Record<string, unknown> }) => unknown) => void;
}

/**
 * A small strict OCPP 1.6 central system: it answers the charger's calls, records them in order, and lets
 * the test call the charger. It stands in for the portal so the charger's behaviour is tested on its own.
 */
class TinyCentralSystem {
  readonly received: ChargerCall[] = [];
  readonly clients = new Map<string, ServerClient>();
  private readonly server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  private readonly listeners: ((call: ChargerCall) => void)[] = [];
  private nextTransactionId = 100;
  httpServer!: http.Server;

  constructor() {
    this.server.auth((accept, reject, handshake) => {
      if (handshake.password?.toString('utf8') === PASSWORD) accept();
      else reject(401, 'wrong password');
    });
    this.server.on('client', (client: ServerClient) => {
      this.clients.set(client.identity, client);
      const record = (action: string, params: Record<string, unknown>) => {
        const call = { action, params };
        this.received.push(call);
        for (const listener of this.listeners) listener(call);
      };
      const answers: Record<string, (params: Record<string, unknown>) => object> = {
        BootNotification: () => ({
          status: 'Accepted',
          currentTime: new Date().toISOString(),
          interval: 300,
        }),
        Heartbeat: () => ({ currentTime: new Date().toISOString() }),
        StatusNotification: () => ({}),
        MeterValues: () => ({}),
        Authorize: (p) => ({ idTagInfo: { status: p.idTag === 'BADTAG' ? 'Invalid' : 'Accepted' } }),
        StartTransaction: () => ({
          transactionId: this.nextTransactionId++,
          idTagInfo: { status: 'Accepted' },
        }),
        StopTransaction: () => ({}),
        DiagnosticsStatusNotification: () => ({}),
        FirmwareStatusNotification: () => ({}),
      };
      for (const [action, answer] of Object.entries(answers)) {
        client.handle(action, ({ params }) => {
          record(action, params);
          return answer(params);
        });
      }
    });
  }

  async listen(): Promise<string> {
    this.httpServer = await this.server.listen(0, '127.0.0.1');
    return `ws://127.0.0.1:${(this.httpServer.address() as AddressInfo).port}/ocpp`;
  }

  /** Resolves with the first call received from now on that matches. */
  next(
    action: string,
    match: (params: Record<string, unknown>) => boolean = () => true,
  ): Promise<ChargerCall> {
    return new Promise((resolve) => {
      const listener = (call: ChargerCall) => {
        if (call.action !== action || !match(call.params)) return;
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(call);
      };
      this.listeners.push(listener);
    });
  }

  client(id: string): ServerClient {
    const client = this.clients.get(id);
    if (!client) throw new Error(`${id} is not connected`);
    return client;
  }

  async close(): Promise<void> {
    await this.server.close({ force: true });
  }
}

/** A file server for firmware downloads and diagnostics uploads, as the portal's links are. */
async function fileServer(): Promise<{
  url: string;
  uploads: { type: string; body: string }[];
  close: () => Promise<void>;
}> {
  const uploads: { type: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/firmware.bin') {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-firmware-version': '2.0.0' });
      response.end(Buffer.alloc(4096, 7));
      return;
    }
    if (request.method === 'POST' && request.url === '/diagnostics') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        uploads.push({ type: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString() });
        response.writeHead(201).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    uploads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('simulated charger against a strict OCPP 1.6 central system', () => {
  let central: TinyCentralSystem;
  let endpoint: string;
  const chargers: SimulatedCharger[] = [];

  const charger = (options: Partial<SimulatedChargerOptions> = {}) => {
    const made = new SimulatedCharger({
      endpoint,
      chargePointId: 'SIM-001',
      password: PASSWORD,
      connectors: 2,
      firmwareStepMs: 5,
      ...options,
    });
    chargers.push(made);
    return made;
  };

  beforeEach(async () => {
    central = new TinyCentralSystem();
    endpoint = await central.listen();
  });

  afterEach(async () => {
    await Promise.all(chargers.splice(0).map((c) => c.stop()));
    await central.close();
  });

  it('should be refused with a wrong password', async () => {
    await expect(charger({ password: 'not-the-password' }).start()).rejects.toThrow();
    expect(central.received).toEqual([]);
  });

  it('should boot and report every connector, the charger itself as connector 0', async () => {
    await charger({ firmwareVersion: '1.2.3' }).start();
    expect(central.received.map((c) => c.action)).toEqual([
      'BootNotification',
      'StatusNotification',
      'StatusNotification',
      'StatusNotification',
    ]);
    expect(central.received[0]!.params).toMatchObject({ firmwareVersion: '1.2.3' });
    expect(central.received.slice(1).map((c) => [c.params.connectorId, c.params.status])).toEqual([
      [0, 'Available'],
      [1, 'Available'],
      [2, 'Available'],
    ]);
  });

  it('should run a session with meter values and stop it on RemoteStopTransaction', async () => {
    const simulated = charger({ meterIntervalMs: 20 });
    await simulated.start();
    const transactionId = await simulated.startSession(1, 'CARD1234');
    expect(transactionId).toBe(100);
    const meter = await central.next('MeterValues');
    expect(meter.params).toMatchObject({ connectorId: 1, transactionId: 100 });

    const stopped = central.next('StopTransaction');
    await expect(
      central.client('SIM-001').call('RemoteStopTransaction', { transactionId: 100 }),
    ).resolves.toEqual({
      status: 'Accepted',
    });
    expect((await stopped).params).toMatchObject({ transactionId: 100, reason: 'Remote' });
    await central.next('StatusNotification', (p) => p.connectorId === 1 && p.status === 'Available');
    await expect(
      central.client('SIM-001').call('RemoteStopTransaction', { transactionId: 100 }),
    ).resolves.toEqual({
      status: 'Rejected',
    });
  });

  it('should start a session on RemoteStartTransaction without asking Authorize', async () => {
    await charger().start();
    const started = central.next('StartTransaction');
    await expect(
      central.client('SIM-001').call('RemoteStartTransaction', { connectorId: 2, idTag: 'APP0001' }),
    ).resolves.toEqual({ status: 'Accepted' });
    expect((await started).params).toMatchObject({ connectorId: 2, idTag: 'APP0001' });
    await central.next('StatusNotification', (p) => p.connectorId === 2 && p.status === 'Charging');
    expect(central.received.some((c) => c.action === 'Authorize')).toBe(false);
  });

  it('should end a session whose id tag is refused', async () => {
    const simulated = charger();
    await simulated.start();
    await expect(simulated.startSession(1, 'BADTAG')).resolves.toBeNull();
    expect(simulated.connector(1).status).toBe('Available');
  });

  it('should finish its sessions on a soft reset, then reboot', async () => {
    const simulated = charger();
    await simulated.start();
    await simulated.startSession(1, 'CARD1234');
    const stopped = central.next('StopTransaction');
    const booted = central.next('BootNotification');
    await expect(central.client('SIM-001').call('Reset', { type: 'Soft' })).resolves.toEqual({
      status: 'Accepted',
    });
    expect((await stopped).params).toMatchObject({ reason: 'SoftReset' });
    await booted;
    await central.next('StatusNotification', (p) => p.connectorId === 2);
    expect(simulated.connected).toBe(true);
  });

  it('should answer UnlockConnector, ChangeAvailability and TriggerMessage', async () => {
    const simulated = charger();
    await simulated.start();
    const client = central.client('SIM-001');
    await expect(client.call('UnlockConnector', { connectorId: 1 })).resolves.toEqual({ status: 'Unlocked' });

    const unavailable = central.next('StatusNotification', (p) => p.status === 'Unavailable');
    await expect(client.call('ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).resolves.toEqual(
      {
        status: 'Accepted',
      },
    );
    expect((await unavailable).params).toMatchObject({ connectorId: 2 });
    await expect(
      client.call('RemoteStartTransaction', { connectorId: 2, idTag: 'APP0001' }),
    ).resolves.toEqual({
      status: 'Rejected',
    });

    await simulated.startSession(1, 'CARD1234');
    await expect(client.call('ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).resolves.toEqual(
      {
        status: 'Scheduled',
      },
    );

    const heartbeat = central.next('Heartbeat');
    await expect(client.call('TriggerMessage', { requestedMessage: 'Heartbeat' })).resolves.toEqual({
      status: 'Accepted',
    });
    await heartbeat;
    const status = central.next('StatusNotification', (p) => p.connectorId === 1);
    await client.call('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 });
    expect((await status).params).toMatchObject({ status: 'Charging' });
  });

  it('should upload diagnostics with HTTP POST and report the upload', async () => {
    const files = await fileServer();
    try {
      await charger().start();
      const uploaded = central.next('DiagnosticsStatusNotification', (p) => p.status === 'Uploaded');
      const answer = (await central
        .client('SIM-001')
        .call('GetDiagnostics', { location: `${files.url}/diagnostics` })) as { fileName: string };
      expect(answer.fileName).toMatch(/^diagnostics-SIM-001-/);
      await uploaded;
      expect(files.uploads).toHaveLength(1);
      expect(files.uploads[0]!.type).toBe('application/octet-stream');
      expect(files.uploads[0]!.body).toContain('charge point SIM-001');
      expect(
        central.received
          .filter((c) => c.action === 'DiagnosticsStatusNotification')
          .map((c) => c.params.status),
      ).toEqual(['Uploading', 'Uploaded']);
    } finally {
      await files.close();
    }
  });

  it('should download and install firmware, then boot with the new version', async () => {
    const files = await fileServer();
    try {
      const simulated = charger({ firmwareVersion: '1.0.0' });
      await simulated.start();
      const rebooted = central.next('BootNotification');
      await expect(
        central.client('SIM-001').call('UpdateFirmware', {
          location: `${files.url}/firmware.bin`,
          retrieveDate: new Date().toISOString(),
        }),
      ).resolves.toEqual({});
      expect((await rebooted).params).toMatchObject({ firmwareVersion: '2.0.0' });
      expect(
        central.received.filter((c) => c.action === 'FirmwareStatusNotification').map((c) => c.params.status),
      ).toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
      expect(simulated.firmwareVersion).toBe('2.0.0');
    } finally {
      await files.close();
    }
  });

  it('should report DownloadFailed when the file cannot be fetched', async () => {
    const files = await fileServer();
    try {
      const simulated = charger({ firmwareVersion: '1.0.0' });
      await simulated.start();
      // The update's last report, whichever it is: a charger that went on would end Installed or failed.
      const ended = central.next('FirmwareStatusNotification', (p) =>
        ['DownloadFailed', 'Installed', 'InstallationFailed'].includes(String(p.status)),
      );
      await expect(
        central.client('SIM-001').call('UpdateFirmware', {
          location: `${files.url}/missing.bin`,
          retrieveDate: new Date().toISOString(),
        }),
      ).resolves.toEqual({});
      expect((await ended).params).toEqual({ status: 'DownloadFailed' });
      expect(
        central.received.filter((c) => c.action === 'FirmwareStatusNotification').map((c) => c.params.status),
      ).toEqual(['Downloading', 'DownloadFailed']);
      expect(simulated.firmwareVersion).toBe('1.0.0');
      expect(simulated.firmwareStatus).toBe('DownloadFailed');
    } finally {
      await files.close();
    }
  });

  it('should refuse, stay silent or answer NotSupported as a test asks', async () => {
    await charger({
      answers: { Reset: 'Rejected', UnlockConnector: 'silent', UpdateFirmware: 'Rejected' },
    }).start();
    const client = central.client('SIM-001');
    await expect(client.call('Reset', { type: 'Hard' })).resolves.toEqual({ status: 'Rejected' });
    await expect(
      client.call('UnlockConnector', { connectorId: 1 }, { callTimeoutMs: 200 }),
    ).rejects.toThrow();
    await expect(
      client.call('UpdateFirmware', {
        location: 'http://127.0.0.1:1/x',
        retrieveDate: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ rpcErrorCode: 'InternalError' });
    // The simulator answers every call 1.6 gives a central system but the vendor's own DataTransfer.
    await expect(client.call('DataTransfer', { vendorId: 'cmp' })).rejects.toMatchObject({
      rpcErrorCode: 'NotSupported',
    });
  });
});

/** Polls until `check` stops throwing; the portal writes what a charger says after answering it. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('simulated chargers against the portal', () => {
  let ctx: TestContext;
  let endpoint: string;
  const chargers: SimulatedCharger[] = [];

  beforeEach(async () => {
    ctx = await createTestContext({ ocppCommandTimeoutMs: 3_000 });
    await insertChargeStation(ctx.database.db, 'CS1');
    await insertChargeStation(ctx.database.db, 'CS2');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    endpoint = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ocpp`;
  });

  afterEach(async () => {
    await Promise.all(chargers.splice(0).map((c) => c.stop()));
    await ctx.app.close();
  });

  const demoCharger = async (options: Partial<SimulatedChargerOptions> = {}) => {
    const [spec] = await registerDemoChargers(ctx.database.db, 1);
    const charger = new SimulatedCharger({ endpoint, ...spec!, firmwareStepMs: 5, ...options });
    chargers.push(charger);
    return charger;
  };

  it('should register demo chargers with fresh passwords each time; they boot and report their connectors', async () => {
    const specs = await registerDemoChargers(ctx.database.db, 2);
    expect(specs.map((s) => [s.chargePointId, s.connectors])).toEqual([
      ['CS1-E1', 2],
      ['CS2-E1', 2],
    ]);
    const again = await registerDemoChargers(ctx.database.db, 2);
    const stale = new SimulatedCharger({ endpoint, ...specs[0]! });
    chargers.push(stale);
    await expect(stale.start()).rejects.toThrow();

    const charger = new SimulatedCharger({ endpoint, ...again[0]! });
    chargers.push(charger);
    await charger.start();
    const [point] = await ctx.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'CS1-E1'));
    expect(point).toMatchObject({ passwordSetBy: 'demo', vendor: 'CMP Demo', firmwareVersion: '1.0.0' });
    const connectors = await eventually(async () => {
      const rows = await ctx.database.db
        .select()
        .from(chargePointConnectors)
        .where(eq(chargePointConnectors.chargePointId, 'CS1-E1'));
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(connectors.map((c) => [c.connectorNo, c.status]).sort()).toEqual([
      [0, 'Available'],
      [1, 'Available'],
      [2, 'Available'],
    ]);
  });

  it('should run a session the portal records, with its meter values', async () => {
    const charger = await demoCharger();
    await charger.start();
    const transactionId = await charger.startSession(1, 'CARD1234');
    expect(transactionId).toEqual(expect.any(Number));
    await charger.sendMeterValues(1);
    await charger.stopSession(1, 'EVDisconnected');
    const [session] = await ctx.database.db
      .select()
      .from(chargeSessions)
      .where(eq(chargeSessions.transactionId, transactionId!));
    expect(session).toMatchObject({ connectorNo: 1, idTag: 'CARD1234', stopReason: 'EVDisconnected' });
    expect(session!.stoppedAt).not.toBeNull();
  });

  it('should answer a Reset sent through the API, then boot again', async () => {
    const charger = await demoCharger();
    await charger.start();
    const cookie = await ctx.userWith('operator', 'nio');
    const rebooted = once(charger, 'booted');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/nio/charge-points/CS1-E1/commands',
      headers: { cookie },
      payload: { operationType: 'RESET_SOFT' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<RemoteOperationLog>()).toMatchObject({ status: 1, command: 'Reset' });
    await rebooted;
  });

  it('should start a session on a remote start sent through the API', async () => {
    const charger = await demoCharger();
    await charger.start();
    const cookie = await ctx.userWith('operator', 'nio');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/nio/charge-points/CS1-E1/commands',
      headers: { cookie },
      payload: { operationType: 'REMOTE_START', connectorNo: 2, idTag: 'APP00001' },
    });
    expect(response.json<RemoteOperationLog>()).toMatchObject({ status: 3 });
    const { remoteOperationLogId } = response.json<RemoteOperationLog>();
    const log = await eventually(async () => {
      const read = await ctx.app.inject({
        url: `/api/nio/remote-operations/${remoteOperationLogId}`,
        headers: { cookie },
      });
      const body = read.json<RemoteOperationLog>();
      expect(body.status).toBe(1);
      expect(charger.connector(2).status).toBe('Charging');
      return body;
    });
    expect(log.chargeSessionId).toBe(String(charger.connector(2).session!.transactionId));
  });
});
