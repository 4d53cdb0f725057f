import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '@cmp/domain';
import {
  REMOTE_OPERATION_COMMANDS,
  type RemoteCommand,
  type RemoteOperationLog,
  type RemoteOperationStatus,
  type RemoteOperationType,
  type RemoteOperatorType,
} from '@cmp/domain/stations/remote-operations';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CentralSystem } from './central-system.js';
import * as points from './charge-points.repo.js';
import { FIRMWARE_CHANNEL, type FirmwareProgress } from './charger-messages.js';
import type { Presence } from './presence.js';
import * as logs from './remote-operations.repo.js';

/** Audit entity of a remote operation. */
export const REMOTE_OPERATION_ENTITY = 'remote_operation';
/** A command for the process that holds the charger: `{ processId, logId }`. */
const COMMAND_CHANNEL = 'ocpp_command';
/** The holder has the charger's answer in the log: `{ logId }`. */
const RESULT_CHANNEL = 'ocpp_result';
/** What the issuer waits beyond the call's own timeout for the holder's word to come through. */
const RELAY_MARGIN_MS = 2_000;

export interface IssueCommand {
  tenant: Tenant;
  chargePointId: string;
  operationType: RemoteOperationType;
  /** Staff's command, turned into the OCPP call here. */
  command?: RemoteCommand;
  /** The OCPP payload as is, for calls made ready elsewhere (UpdateFirmware by an upgrade campaign). */
  ocppPayload?: Record<string, unknown>;
  operatorType: RemoteOperatorType;
  /** The staff user's name, or the campaign's for the system. */
  operator: string;
  operatorUserId?: number | null;
  campaignId?: number | null;
  upgradeInfo?: { upgradePackageId: number; version: string; campaignId: number | null } | null;
  /** The request that issued it, for the audit. */
  requestId?: string | null;
}

interface OcppCall {
  payload: Record<string, unknown>;
  connectorNo: number | null;
  chargeSessionId: string | null;
  /** Fails the operation before anything is sent (a remote stop of a session the charger has not open). */
  refusal?: string;
}

/** One-shot commands are done when accepted; the others go on on the charger until a notification ends them. */
const RUNS_ON: ReadonlySet<RemoteOperationType> = new Set([
  'REMOTE_START',
  'REMOTE_STOP',
  'GET_DIAGNOSTICS',
  'UPDATE_FIRMWARE',
]);
const ACCEPTED = new Set(['Accepted', 'Unlocked', 'Scheduled']);

/** The operation's status and reason from the charger's answer to the call. */
export function statusOfAnswer(
  operationType: RemoteOperationType,
  answer: Record<string, unknown>,
): { status: RemoteOperationStatus; reason: string | null } {
  if (operationType === 'UPDATE_FIRMWARE') return { status: 3, reason: null };
  if (operationType === 'GET_DIAGNOSTICS')
    // No file name: the charger has no diagnostics to upload, so there is nothing more to wait for.
    return { status: typeof answer.fileName === 'string' ? 3 : 1, reason: null };
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
 * Remote commands to chargers (spec C3.6.7): each is a remote operation log first, then an OCPP call
 * made by the process that holds the charger's socket (this one, or another reached over the message bus),
 * then the answer in the log. A charger no process holds fails at once as `offline`; one that does not
 * answer within OCPP_COMMAND_TIMEOUT_MS fails as `timeout`.
 */
export class RemoteCommands {
  private readonly waiting = new Map<number, () => void>();
  private readonly unsubscribes: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly central: CentralSystem,
    private readonly presence: Presence,
    private readonly bus: MessageBus,
    private readonly options: { timeoutMs: number; baseUrl: () => string },
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

  /**
   * Sends a command and answers its log once the charger answered (or the command failed): status 1 done,
   * 3 accepted and under way, 2 failed with the reason. 404 for a charger not registered as a charge point.
   */
  async issue(input: IssueCommand): Promise<RemoteOperationLog> {
    const chargePoint = await points.findChargePoint(this.db, input.chargePointId);
    if (!chargePoint) throw AppError.notFound('charge point', input.chargePointId);
    const call = await this.ocppCall(input);
    const actor: Actor = {
      userId: input.operatorUserId ?? null,
      userName: input.operator,
      type: input.operatorType === 'user' ? 'staff' : 'system',
      requestId: input.requestId ?? null,
    };
    const log = await this.db.transaction(async (tx) => {
      const row = await logs.insertLog(tx, {
        tenant: input.tenant,
        resourceId: chargePoint.resourceId,
        chargePointId: chargePoint.chargePointId,
        connectorNo: call.connectorNo,
        operatorType: input.operatorType,
        operationType: input.operationType,
        operator: input.operator,
        operatorUserId: input.operatorUserId ?? null,
        command: REMOTE_OPERATION_COMMANDS[input.operationType],
        commandInfo: call.payload,
        chargeSessionId: call.chargeSessionId,
        campaignId: input.campaignId ?? null,
        upgradeInfo: input.upgradeInfo ? { ...input.upgradeInfo, firmwareStatus: null } : null,
        ...(call.refusal ? { status: 2, reason: call.refusal } : {}),
      });
      await writeAudit(tx, {
        actor,
        tenant: input.tenant,
        entityType: REMOTE_OPERATION_ENTITY,
        entityId: row.remoteOperationLogId,
        action: `REMOTE_OPERATION_${input.operationType}`,
        after: { chargePointId: row.chargePointId, command: row.command, commandInfo: row.commandInfo },
      });
      return row;
    });
    if (!call.refusal) await this.deliver(log.remoteOperationLogId, log.chargePointId);
    return logs.toRemoteOperationLog((await logs.findLog(this.db, log.remoteOperationLogId))!);
  }

  /** Listens to the firmware progress chargers report, on any process; answers how to stop listening. */
  onFirmwareProgress(listener: (progress: FirmwareProgress) => void): Promise<() => Promise<void>> {
    return this.bus.subscribe(FIRMWARE_CHANNEL, (payload) =>
      listener(JSON.parse(payload) as FirmwareProgress),
    );
  }

  private async ocppCall(input: IssueCommand): Promise<OcppCall> {
    const base = { connectorNo: null, chargeSessionId: null };
    if (input.ocppPayload) return { ...base, payload: input.ocppPayload };
    const command = input.command;
    if (!command || command.operationType !== input.operationType)
      throw new Error(`a ${input.operationType} needs its command or its OCPP payload`);
    switch (command.operationType) {
      case 'RESET_SOFT':
        return { ...base, payload: { type: 'Soft' } };
      case 'RESET_HARD':
        return { ...base, payload: { type: 'Hard' } };
      case 'UNLOCK_CONNECTOR':
        return { ...base, connectorNo: command.connectorNo, payload: { connectorId: command.connectorNo } };
      case 'REMOTE_START':
        return {
          ...base,
          connectorNo: command.connectorNo ?? null,
          payload: {
            idTag: command.idTag,
            ...(command.connectorNo === undefined ? {} : { connectorId: command.connectorNo }),
          },
        };
      case 'REMOTE_STOP': {
        const transactionId = /^\d{1,9}$/.test(command.chargeSessionId)
          ? Number(command.chargeSessionId)
          : NaN;
        const session = Number.isNaN(transactionId)
          ? undefined
          : await points.findOpenSession(this.db, input.chargePointId, transactionId);
        return {
          connectorNo: session?.connectorNo ?? null,
          chargeSessionId: command.chargeSessionId,
          payload: {
            transactionId: session?.transactionId ?? (Number.isNaN(transactionId) ? 0 : transactionId),
          },
          ...(session ? {} : { refusal: 'noSession' }),
        };
      }
      case 'CHANGE_AVAILABILITY':
        return {
          ...base,
          connectorNo: command.connectorNo,
          payload: { connectorId: command.connectorNo, type: command.availability },
        };
      case 'TRIGGER_MESSAGE':
        return {
          ...base,
          connectorNo: command.connectorNo ?? null,
          payload: {
            requestedMessage: command.requestedMessage,
            ...(command.connectorNo === undefined ? {} : { connectorId: command.connectorNo }),
          },
        };
      case 'GET_DIAGNOSTICS':
        return { ...base, payload: { location: this.diagnosticsLocation(input.chargePointId) } };
    }
  }

  /** Where the charger uploads its diagnostics: an unguessable link of this portal, open while the operation is. */
  private diagnosticsLocation(chargePointId: string): string {
    const token = randomBytes(24).toString('base64url');
    return `${this.options.baseUrl()}/api/public/ocpp-diagnostics/${encodeURIComponent(chargePointId)}/${token}`;
  }

  /** Has the call made by the process that holds the charger, and waits for its answer in the log. */
  private async deliver(logId: number, chargePointId: string): Promise<void> {
    if (this.central.connectionOf(chargePointId)) return this.callCharger(logId);
    const owner = await this.presence.ownerOf(chargePointId);
    if (owner === null) return logs.failWaiting(this.db, logId, 'offline');
    if (owner === this.presence.processId) return this.callCharger(logId);
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.options.timeoutMs + RELAY_MARGIN_MS);
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
        callTimeoutMs: this.options.timeoutMs,
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
