import type { FastifyBaseLogger } from 'fastify';
import type { RemoteOperationStatus, RemoteOperationType } from '@cmp/domain/stations/remote-operations';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import type { Db } from '../../platform/db/database.js';
import type { CentralSystem } from './central-system.service.js';
import type { Presence } from './presence.service.js';
import * as logs from './remote-operations.repo.js';

/** A command for the process that holds the charger: `{ processId, logId }`. */
const COMMAND_CHANNEL = 'ocpp_command';
/** The holder has the charger's answer in the log: `{ logId }`. */
const RESULT_CHANNEL = 'ocpp_result';
/** What the issuer waits beyond the call's own timeout for the holder's word to come through. */
const RELAY_MARGIN_MS = 2_000;

/** One-shot commands are done when accepted; the others go on on the charger until a notification ends them. */
const RUNS_ON: ReadonlySet<RemoteOperationType> = new Set([
  'REMOTE_START',
  'REMOTE_STOP',
  'GET_DIAGNOSTICS',
  'UPDATE_FIRMWARE',
]);
/** RebootRequired: ChangeConfiguration kept the value, which takes effect once the charger restarts. */
const ACCEPTED = new Set(['Accepted', 'Unlocked', 'Scheduled', 'RebootRequired']);
/** Calls whose answer is data, not a status: answered is done. */
const ANSWERS_DATA: ReadonlySet<RemoteOperationType> = new Set([
  'GET_CONFIGURATION',
  'GET_LOCAL_LIST_VERSION',
]);

/** The operation's status and reason from the charger's answer to the call. */
export function statusOfAnswer(
  operationType: RemoteOperationType,
  answer: Record<string, unknown>,
): { status: RemoteOperationStatus; reason: string | null } {
  if (operationType === 'UPDATE_FIRMWARE') return { status: 3, reason: null };
  if (operationType === 'GET_DIAGNOSTICS')
    // No file name: the charger has no diagnostics to upload, so there is nothing more to wait for.
    return { status: typeof answer.fileName === 'string' ? 3 : 1, reason: null };
  if (ANSWERS_DATA.has(operationType)) return { status: 1, reason: null };
  const status = String(answer.status);
  if (!ACCEPTED.has(status)) return { status: 2, reason: status };
  return { status: RUNS_ON.has(operationType) ? 3 : 1, reason: null };
}

/**
 * ocpp-rpc's error classes are not named exports an ES module can import (its index spreads them), so an
 * error is told by its class name and shape: a CallError carries `rpcErrorCode`.
 */
function reasonOfError(error: unknown): string {
  if (!(error instanceof Error)) return 'offline';
  if (error.constructor.name === 'TimeoutError') return 'timeout';
  const code: unknown = (error as Error & { rpcErrorCode?: unknown }).rpcErrorCode;
  if (typeof code === 'string') return error.message ? `${code}: ${error.message}`.slice(0, 500) : code;
  // The socket closed under the call.
  return 'offline';
}

/**
 * Gets a logged command to its charger: the OCPP call is made by the process that holds the charger's
 * socket (this one, or another reached over the message bus), and the charger's answer goes into the log.
 * A charger no process holds fails at once as `offline`; one that does not answer within the timeout
 * fails as `timeout`.
 */
export class CommandRelay {
  private readonly waiting = new Map<number, () => void>();
  private readonly unsubscribes: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly central: CentralSystem,
    private readonly presence: Presence,
    private readonly bus: MessageBus,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribes.push(
      await this.bus.subscribe(COMMAND_CHANNEL, (payload) => {
        const { processId, logId } = JSON.parse(payload) as { processId: string; logId: number };
        if (processId !== this.presence.processId) return;
        void this.callCharger(logId)
          .then(() => this.bus.publish(RESULT_CHANNEL, JSON.stringify({ logId })))
          .catch((error: unknown) => this.log.error({ err: error, logId }, 'relayed command failed'));
      }),
      await this.bus.subscribe(RESULT_CHANNEL, (payload) => {
        const { logId } = JSON.parse(payload) as { logId: number };
        this.waiting.get(logId)?.();
      }),
    );
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
  }

  /** Has the call made by the process that holds the charger, and waits for its answer in the log. */
  async deliver(logId: number, chargePointId: string): Promise<void> {
    if (this.central.connectionOf(chargePointId)) return this.callCharger(logId);
    const owner = await this.presence.ownerOf(chargePointId);
    if (owner === null) return logs.failWaiting(this.db, logId, 'offline');
    if (owner === this.presence.processId) return this.callCharger(logId);
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.timeoutMs + RELAY_MARGIN_MS);
      this.waiting.set(logId, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await this.bus.publish(COMMAND_CHANNEL, JSON.stringify({ processId: owner, logId }));
      if (!(await answered)) await logs.failWaiting(this.db, logId, 'timeout');
    } finally {
      this.waiting.delete(logId);
    }
  }

  /** Makes the OCPP call on the charger's socket held here and writes its answer to the log. */
  private async callCharger(logId: number): Promise<void> {
    const log = await logs.findLog(this.db, logId);
    if (!log || log.status !== 0) return;
    const connection = this.central.connectionOf(log.chargePointId);
    if (!connection) return logs.failWaiting(this.db, logId, 'offline');
    const params = log.commandInfo;
    let commandId: string | null = null;
    // ocpp-rpc names the message id only in its 'call' event, emitted as the call goes out.
    const onCall = ({ outbound, payload }: { outbound: boolean; payload: unknown[] }) => {
      if (outbound && payload[3] === params) commandId = String(payload[1]);
    };
    connection.on('call', onCall);
    try {
      const answer = (await connection.call(log.command, params, {
        callTimeoutMs: this.timeoutMs,
      })) as Record<string, unknown>;
      await logs.recordAnswer(this.db, logId, {
        commandId,
        answer,
        ...statusOfAnswer(log.operationType as RemoteOperationType, answer),
      });
    } catch (error) {
      await logs.recordAnswer(this.db, logId, {
        commandId,
        answer: null,
        status: 2,
        reason: reasonOfError(error),
      });
    } finally {
      connection.off('call', onCall);
    }
  }
}
