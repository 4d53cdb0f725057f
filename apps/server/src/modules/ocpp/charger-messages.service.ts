import type { ConnectorOcppStatus, FirmwareStatus } from '@cmp/domain/stations/remote-operations';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import type { Db } from '../../platform/db/database.js';
import { setConnectorState, type ConnectorState } from '../stations/connector-status.service.js';
import * as points from './charge-points.repo.js';
import * as sessions from './charge-sessions.repo.js';
import * as logs from './remote-operations.repo.js';

/** Published when a charger reports firmware progress, so upgrade campaigns can read their logs again. */
export const FIRMWARE_CHANNEL = 'ocpp_firmware';
export interface FirmwareProgress {
  remoteOperationLogId: number | null;
  campaignId: number | null;
  chargePointId: string;
  firmwareStatus: FirmwareStatus;
}

type IdTagStatus = 'Accepted' | 'Invalid';
interface SampledValue {
  value: string;
  measurand?: string;
  unit?: string;
  [field: string]: string | undefined;
}
interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

/** The portal's connector status for what OCPP reports. */
const PORTAL_STATUS: Record<ConnectorOcppStatus, ConnectorState> = {
  Available: 'free',
  Preparing: 'busy',
  Charging: 'busy',
  SuspendedEV: 'busy',
  SuspendedEVSE: 'busy',
  Finishing: 'busy',
  Reserved: 'busy',
  Unavailable: 'offline',
  Faulted: 'offline',
};

/** How far an upgrade is at each firmware status; a failure ends it. */
const FIRMWARE_STEPS: Partial<Record<FirmwareStatus, { percentage: number; status: 1 | 3 }>> = {
  Downloading: { percentage: 25, status: 3 },
  Downloaded: { percentage: 50, status: 3 },
  Installing: { percentage: 75, status: 3 },
  Installed: { percentage: 100, status: 1 },
};
const FIRMWARE_FAILURES = new Set<FirmwareStatus>(['DownloadFailed', 'InstallationFailed']);

const ENERGY = 'Energy.Active.Import.Register';

/** The energy register reading of a sample in Wh, when it has one. */
function energyWh(meterValue: MeterValue): number | undefined {
  const sample = meterValue.sampledValue.find((s) => (s.measurand ?? ENERGY) === ENERGY);
  if (!sample) return undefined;
  const value = Number(sample.value);
  if (!Number.isFinite(value)) return undefined;
  return Math.round(sample.unit === 'kWh' ? value * 1000 : value);
}

/**
 * What the central system does with each message a charger sends (OCPP 1.6J, validated against its
 * schemas before it gets here): the charger's own state, the station's connectors, charge sessions and
 * meter values, and the operation logs the notifications carry forward.
 */
export class ChargerMessages {
  private readonly idTagPattern: RegExp;
  private readonly heartbeatSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
    options: { idTagPattern: string; heartbeatSeconds: number },
  ) {
    this.idTagPattern = new RegExp(options.idTagPattern);
    this.heartbeatSeconds = options.heartbeatSeconds;
  }

  private idTagStatus(idTag: string): IdTagStatus {
    return this.idTagPattern.test(idTag) ? 'Accepted' : 'Invalid';
  }

  async bootNotification(
    chargePointId: string,
    params: {
      chargePointVendor: string;
      chargePointModel: string;
      chargePointSerialNumber?: string;
      chargeBoxSerialNumber?: string;
      firmwareVersion?: string;
      iccid?: string;
      imsi?: string;
      meterType?: string;
      meterSerialNumber?: string;
    },
  ) {
    const { chargePointVendor, chargePointModel, chargePointSerialNumber, firmwareVersion, ...rest } = params;
    await points.updateChargePoint(this.db, chargePointId, {
      vendor: chargePointVendor,
      model: chargePointModel,
      serialNumber: chargePointSerialNumber ?? null,
      firmwareVersion: firmwareVersion ?? null,
      bootInfo: rest as Record<string, string>,
      bootAt: new Date(),
    });
    return { status: 'Accepted', currentTime: new Date().toISOString(), interval: this.heartbeatSeconds };
  }

  async heartbeat(chargePointId: string) {
    await points.updateChargePoint(this.db, chargePointId, { lastHeartbeatAt: new Date() });
    return { currentTime: new Date().toISOString() };
  }

  async statusNotification(
    chargePointId: string,
    params: {
      connectorId: number;
      status: ConnectorOcppStatus;
      errorCode: string;
      timestamp?: string;
      info?: string;
      vendorId?: string;
      vendorErrorCode?: string;
    },
  ) {
    const { connectorId: connectorNo, status, errorCode, timestamp, ...detail } = params;
    const portalConnectorId =
      connectorNo === 0
        ? null
        : ((await points.connectorIdsOf(this.db, chargePointId))[connectorNo - 1] ?? null);
    await this.db.transaction(async (tx) => {
      await points.upsertConnectorStatus(tx, {
        chargePointId,
        connectorNo,
        connectorId: portalConnectorId,
        status,
        errorCode,
        detail: Object.keys(detail).length > 0 ? (detail as Record<string, string>) : null,
        statusAt: timestamp ? new Date(timestamp) : new Date(),
      });
      if (portalConnectorId) await setConnectorState(tx, portalConnectorId, PORTAL_STATUS[status]);
      await points.updateChargePoint(tx, chargePointId, {});
    });
    return {};
  }

  async authorize(chargePointId: string, params: { idTag: string }) {
    await points.updateChargePoint(this.db, chargePointId, {});
    return { idTagInfo: { status: this.idTagStatus(params.idTag) } };
  }

  /**
   * Opens a session; OCPP wants a transaction id even for a refused id tag, so the session is kept with
   * its authorisation. A remote start of this id tag waiting on this connector (or on any) is done: it gets
   * the session.
   */
  async startTransaction(
    chargePointId: string,
    params: { connectorId: number; idTag: string; meterStart: number; timestamp: string },
  ) {
    const authorization = this.idTagStatus(params.idTag);
    const session = await this.db.transaction(async (tx) => {
      const opened = await sessions.openSession(tx, {
        chargePointId,
        connectorNo: params.connectorId,
        idTag: params.idTag,
        authorization,
        meterStartWh: params.meterStart,
        lastMeterWh: params.meterStart,
        lastMeterAt: new Date(params.timestamp),
        startedAt: new Date(params.timestamp),
      });
      const remoteStart = await logs.openRemoteStart(tx, chargePointId, params.connectorId, params.idTag);
      if (remoteStart) {
        await logs.advanceOpen(tx, remoteStart.remoteOperationLogId, {
          status: 1,
          chargeSessionId: String(opened.transactionId),
          percentage: 100,
        });
        await sessions.linkSessionToOperation(tx, opened.transactionId, remoteStart.remoteOperationLogId);
      }
      await points.updateChargePoint(tx, chargePointId, {});
      return opened;
    });
    return { transactionId: session.transactionId, idTagInfo: { status: authorization } };
  }

  async stopTransaction(
    chargePointId: string,
    params: {
      transactionId: number;
      meterStop: number;
      timestamp: string;
      idTag?: string;
      reason?: string;
      transactionData?: MeterValue[];
    },
  ) {
    await this.db.transaction(async (tx) => {
      const session = await sessions.closeSession(tx, chargePointId, params.transactionId, {
        meterStopWh: params.meterStop,
        stoppedAt: new Date(params.timestamp),
        stopReason: params.reason ?? 'Local',
      });
      if (session) {
        await sessions.insertMeterValues(
          tx,
          (params.transactionData ?? []).map((meterValue) => ({
            chargePointId,
            connectorNo: session.connectorNo,
            transactionId: session.transactionId,
            sampledAt: new Date(meterValue.timestamp),
            values: meterValue.sampledValue as Record<string, string>[],
          })),
        );
        const remoteStop = await logs.openRemoteStop(tx, chargePointId, String(session.transactionId));
        if (remoteStop)
          await logs.advanceOpen(tx, remoteStop.remoteOperationLogId, { status: 1, percentage: 100 });
      }
      await points.updateChargePoint(tx, chargePointId, {});
    });
    return params.idTag ? { idTagInfo: { status: this.idTagStatus(params.idTag) } } : {};
  }

  async meterValues(
    chargePointId: string,
    params: { connectorId: number; transactionId?: number; meterValue: MeterValue[] },
  ) {
    await this.db.transaction(async (tx) => {
      await sessions.insertMeterValues(
        tx,
        params.meterValue.map((meterValue) => ({
          chargePointId,
          connectorNo: params.connectorId,
          transactionId: params.transactionId ?? null,
          sampledAt: new Date(meterValue.timestamp),
          values: meterValue.sampledValue as Record<string, string>[],
        })),
      );
      const latest = params.meterValue
        .map((meterValue) => ({ wh: energyWh(meterValue), at: new Date(meterValue.timestamp) }))
        .filter((m): m is { wh: number; at: Date } => m.wh !== undefined)
        .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
      if (params.transactionId !== undefined && latest)
        await sessions.setSessionMeter(tx, chargePointId, params.transactionId, latest);
      await points.updateChargePoint(tx, chargePointId, {});
    });
    return {};
  }

  async diagnosticsStatusNotification(chargePointId: string, params: { status: string }) {
    const { status } = params;
    await points.updateChargePoint(this.db, chargePointId, {
      diagnosticsStatus: status,
      diagnosticsStatusAt: new Date(),
    });
    if (status === 'Idle') return {};
    const open = await logs.openDiagnostics(this.db, chargePointId);
    if (!open) return {};
    await logs.advanceOpen(
      this.db,
      open.remoteOperationLogId,
      status === 'Uploaded'
        ? { status: 1, progress: status, percentage: 100 }
        : status === 'UploadFailed'
          ? { status: 2, progress: status, reason: status }
          : { status: 3, progress: status, percentage: 50 },
    );
    return {};
  }

  async firmwareStatusNotification(chargePointId: string, params: { status: FirmwareStatus }) {
    const { status } = params;
    await points.updateChargePoint(this.db, chargePointId, {
      firmwareStatus: status,
      firmwareStatusAt: new Date(),
    });
    const step = FIRMWARE_STEPS[status];
    const failed = FIRMWARE_FAILURES.has(status);
    if (!step && !failed) return {};
    const open = await logs.openFirmwareUpdate(this.db, chargePointId);
    if (!open) return {};
    const updated = await logs.advanceOpen(
      this.db,
      open.remoteOperationLogId,
      step
        ? { status: step.status, progress: status, percentage: step.percentage, firmwareStatus: status }
        : { status: 2, progress: status, reason: status, firmwareStatus: status },
    );
    if (updated) {
      const progress: FirmwareProgress = {
        remoteOperationLogId: updated.remoteOperationLogId,
        campaignId: updated.campaignId,
        chargePointId,
        firmwareStatus: status,
      };
      await this.bus.publish(FIRMWARE_CHANNEL, JSON.stringify(progress));
    }
    return {};
  }
}
