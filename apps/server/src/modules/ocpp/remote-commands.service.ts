import { randomBytes } from 'node:crypto';
import type { Tenant } from '@cmp/domain';
import {
  REMOTE_OPERATION_COMMANDS,
  type RemoteCommand,
  type RemoteOperationLog,
  type RemoteOperationType,
  type RemoteOperatorType,
} from '@cmp/domain/stations/remote-operations';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import * as points from './charge-points.repo.js';
import { managedBy } from './charge-points.service.js';
import * as sessions from './charge-sessions.repo.js';
import type { CommandRelay } from './command-relay.service.js';
import { ocppOperationCall } from './ocpp-operation-calls.js';
import * as logs from './remote-operations.repo.js';
import { commandInfoShown } from './configuration-secrets.js';
import { toRemoteOperationLog } from './remote-operations.service.js';

/** Audit entity of a remote operation. */
export const REMOTE_OPERATION_ENTITY = 'remote_operation';

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

/**
 * Remote commands to chargers (spec C3.6.7): each is a remote operation log first, audited, then an OCPP
 * call the relay gets to the charger, then the answer in the log.
 */
export class RemoteCommands {
  constructor(
    private readonly db: Db,
    private readonly relay: CommandRelay,
    /** The portal as chargers reach it, for the diagnostics upload links. */
    private readonly baseUrl: () => string,
  ) {}

  /**
   * Sends a command and answers its log once the charger answered (or the command failed): status 1 done,
   * 3 accepted and under way, 2 failed with the reason. 404 for a charger not registered as a charge point.
   */
  async issue(input: IssueCommand): Promise<RemoteOperationLog> {
    const chargePoint = await points.findChargePoint(this.db, input.chargePointId);
    if (!chargePoint || !managedBy(chargePoint, input.tenant)) {
      throw AppError.notFound('charge point', input.chargePointId);
    }
    const call = await this.ocppCall(input);
    const actor: Actor = {
      userId: input.operatorUserId ?? null,
      userName: input.operator,
      type: input.operatorType === 'user' ? 'staff' : 'system',
      requestId: input.requestId ?? null,
    };
    const log = await this.db.transaction(async (tx) => {
      const inserted = await logs.insertLog(tx, {
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
      // The portal numbers reservations: the operation's own id is unique and is the one staff cancel by.
      const row =
        input.operationType === 'RESERVE_NOW'
          ? await logs.setCommandInfo(tx, inserted.remoteOperationLogId, {
              ...inserted.commandInfo,
              reservationId: inserted.remoteOperationLogId,
            })
          : inserted;
      await writeAudit(tx, {
        actor,
        tenant: input.tenant,
        entityType: REMOTE_OPERATION_ENTITY,
        entityId: row.remoteOperationLogId,
        action: `REMOTE_OPERATION_${input.operationType}`,
        after: {
          chargePointId: row.chargePointId,
          command: row.command,
          commandInfo: commandInfoShown(row.commandInfo),
        },
      });
      return row;
    });
    if (!call.refusal) await this.relay.deliver(log.remoteOperationLogId, log.chargePointId);
    return toRemoteOperationLog((await logs.findLog(this.db, log.remoteOperationLogId))!);
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
          : await sessions.findOpenSession(this.db, input.chargePointId, transactionId);
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
      case 'CANCEL_RESERVATION': {
        // Only a reservation the portal made on this charger for this tenant is cancelled from here.
        const reservation = await logs.findReservation(
          this.db,
          input.tenant,
          input.chargePointId,
          command.reservationId,
        );
        if (!reservation) throw AppError.notFound('reservation', command.reservationId);
        return { ...base, ...ocppOperationCall(command), connectorNo: reservation.connectorNo };
      }
      default:
        return { ...base, ...ocppOperationCall(command) };
    }
  }

  /** Where the charger uploads its diagnostics: an unguessable link of this portal, open while the operation is. */
  private diagnosticsLocation(chargePointId: string): string {
    const token = randomBytes(24).toString('base64url');
    return `${this.baseUrl()}/api/public/ocpp-diagnostics/${encodeURIComponent(chargePointId)}/${token}`;
  }
}
