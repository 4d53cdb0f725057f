import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { RPCServer, type RPCClient } from 'ocpp-rpc';
import { ChargePointIdSchema } from '@cmp/domain/stations/remote-operations';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import { GroupedCalls } from '../../platform/db/grouped-calls.js';
import { OCPP_PATH, type ChargePointsService } from './charge-points.service.js';
import type { ChargerMessages } from './charger-messages.service.js';
import { answerFramesIn16, ocpp16Validator } from './ocpp16-errors.js';
import type { Presence } from './presence.service.js';

const PROTOCOL = 'ocpp1.6';
/** Published by a process chargers connected to, so another that still holds an older socket drops it. */
const CONNECTED_CHANNEL = 'ocpp_connected';
/** Charger ids one notification names: 100 ids of at most 64 characters stay under PostgreSQL's 8,000 bytes. */
const ANNOUNCED_PER_NOTIFICATION = 100;

/** A charger's connection as the central system keeps it. */
export type ChargerConnection = Pick<RPCClient, 'call' | 'close' | 'on' | 'off' | 'handle' | 'identity'>;

/** How a charger's older socket is closed when the same charger connects again, here or elsewhere. */
const REPLACED = { code: 1000, reason: 'replaced by a newer connection of this charge point' };

function refuse(socket: Duplex, status: 400 | 401, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The charge point id of an upgrade request's path, or why it is not one. */
function chargePointIdOf(request: IncomingMessage): string | null | undefined {
  const pathname = (request.url ?? '').split('?')[0] ?? '';
  if (!pathname.startsWith(OCPP_PATH)) return undefined;
  try {
    const parsed = ChargePointIdSchema.safeParse(decodeURIComponent(pathname.slice(OCPP_PATH.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The OCPP 1.6J endpoint: chargers authenticate with their id and password (HTTP Basic on the upgrade,
 * security profiles 1 and 2), every message both ways is checked against the OCPP 1.6 schemas, and each
 * charger's socket is held by exactly one connection here; presence tells the other processes.
 */
export class CentralSystem {
  private readonly server = new RPCServer({
    protocols: [PROTOCOL],
    strictMode: true,
    strictModeValidators: [ocpp16Validator()],
  });
  private readonly connections = new Map<string, ChargerConnection>();
  private unsubscribe: (() => Promise<void>) | undefined;
  /** Tells the other processes which chargers connected here, a notification per group of them. */
  private readonly announced = new GroupedCalls<string, void>(async (chargePointIds) => {
    for (let at = 0; at < chargePointIds.length; at += ANNOUNCED_PER_NOTIFICATION) {
      const payload = {
        chargePointIds: chargePointIds.slice(at, at + ANNOUNCED_PER_NOTIFICATION),
        processId: this.presence.processId,
      };
      await this.bus.publish(CONNECTED_CHANNEL, JSON.stringify(payload));
    }
    return chargePointIds.map(() => undefined);
  });

  constructor(
    private readonly chargePoints: ChargePointsService,
    private readonly presence: Presence,
    private readonly bus: MessageBus,
    private readonly messages: ChargerMessages,
    private readonly log: FastifyBaseLogger,
  ) {
    this.server.auth((accept, reject, handshake) => {
      this.authenticate(handshake.identity, handshake.password).then(
        (chargePointId) => {
          if (!chargePointId) reject(401, 'Unauthorized');
          // OCPP-J 1.6 §3.1.2: without a subprotocol both sides agree on, the handshake completes without
          // one and the connection closes at once, saying why.
          else if (!handshake.protocols.has(PROTOCOL)) accept({ chargePointId, noSubprotocol: true }, false);
          else accept({ chargePointId }, PROTOCOL);
        },
        (error: unknown) => {
          this.log.error({ err: error }, 'charger authentication failed');
          reject(401, 'Unauthorized');
        },
      );
    });
    this.server.on('client', (client: RPCClient & { session?: { noSubprotocol?: boolean } }) => {
      if (client.session?.noSubprotocol) {
        void client.close({ code: 1002, reason: `the only subprotocol served is ${PROTOCOL}` });
      } else {
        answerFramesIn16(client);
        void this.attach(client);
      }
    });
  }

  private async authenticate(identity: string, password: Buffer | undefined): Promise<string | null> {
    if (!password) return null;
    const parsed = ChargePointIdSchema.safeParse(identity);
    if (!parsed.success) return null;
    return this.chargePoints.authenticate(parsed.data, password.toString('utf8'));
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(CONNECTED_CHANNEL, (payload) => {
      const { chargePointIds, processId } = JSON.parse(payload) as {
        chargePointIds: string[];
        processId: string;
      };
      if (processId === this.presence.processId) return;
      for (const chargePointId of chargePointIds) void this.connections.get(chargePointId)?.close(REPLACED);
    });
  }

  /** Takes upgrades on `/ocpp/…`; anything else is for another module. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const chargePointId = chargePointIdOf(request);
    if (chargePointId === undefined) return false;
    if (chargePointId === null) refuse(socket, 400, 'Bad Request');
    else void this.server.handleUpgrade(request, socket as never, head);
    return true;
  };

  /** The connection of a charger whose socket this process holds. */
  connectionOf(chargePointId: string): ChargerConnection | undefined {
    return this.connections.get(chargePointId);
  }

  private async attach(client: RPCClient): Promise<void> {
    const chargePointId = client.identity!;
    const previous = this.connections.get(chargePointId);
    this.connections.set(chargePointId, client);
    if (previous) void previous.close(REPLACED);
    client.on('close', () => {
      if (this.connections.get(chargePointId) !== client) return;
      this.connections.delete(chargePointId);
      this.presence
        .disconnected(chargePointId)
        .catch((error: unknown) => this.log.warn({ err: error, chargePointId }, 'presence not cleared'));
    });
    const handle = <P>(action: string, handler: (chargePointId: string, params: P) => Promise<object>) =>
      client.handle(action, ({ params }) => handler(chargePointId, params as P));
    const m = this.messages;
    handle('BootNotification', m.bootNotification.bind(m));
    handle('Heartbeat', m.heartbeat.bind(m));
    handle('StatusNotification', m.statusNotification.bind(m));
    handle('Authorize', m.authorize.bind(m));
    handle('StartTransaction', m.startTransaction.bind(m));
    handle('StopTransaction', m.stopTransaction.bind(m));
    handle('MeterValues', m.meterValues.bind(m));
    handle('DiagnosticsStatusNotification', m.diagnosticsStatusNotification.bind(m));
    handle('FirmwareStatusNotification', m.firmwareStatusNotification.bind(m));
    // Core profile: the portal knows no vendor's extensions, and says so as OCPP 1.6 §6.17 provides.
    handle('DataTransfer', async () => ({ status: 'UnknownVendorId' }));
    try {
      await this.presence.connected(chargePointId);
      await this.announced.call(chargePointId);
    } catch (error) {
      this.log.error({ err: error, chargePointId }, 'charger presence not recorded; closing its socket');
      void client.close({ force: true });
    }
  }

  /** Stops taking chargers, then waits for the writes of what they sent before (grouped, not yet made). */
  async close(): Promise<void> {
    await this.unsubscribe?.();
    await this.server.close({ force: true });
    await Promise.all([this.announced.idle(), this.messages.idle()]);
  }
}
