import type { ConnectorOcppStatus, FirmwareStatus } from '@cmp/domain/stations/remote-operations';
import type { MessageBus } from '../../platform/bus/message-bus.js';
import type { Db } from '../../platform/db/database.js';
import { GroupedCalls } from '../../platform/db/grouped-calls.js';
import { setConnectorStates, type ConnectorState } from '../stations/connector-status.service.js';
import * as points from './charge-points.repo.js';
import * as sessions from './charge-sessions.repo.js';
import * as logs from './remote-operations.repo.js';
import type { chargePointConnectors } from './ocpp.tables.js';

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

/** A StatusNotification as it is written. */
type StatusReport = Omit<typeof chargePointConnectors.$inferInsert, 'connectorId'>;

/** Keeps the last of the items that share a key, in the order they came. */
function lastOfEach<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

/**
 * What the central system does with each message a charger sends (OCPP 1.6J, validated against its
 * schemas before it gets here): the charger's own state, the station's connectors, charge sessions and
 * meter values, and the operation logs the notifications carry forward.
 *
 * The three messages every charger sends on each connection (BootNotification, StatusNotification,
 * Heartbeat) are written in groups (`GroupedCalls`): those that arrive while a group of their kind is
 * written go into the next, one statement for all. Each is answered once its write has committed, so a
 * charger's answer waits at most for the write under way and its own, nothing is lost when the process
 * stops (`idle`), and a charger's messages, one call at a time as OCPP has them, are written in its order.
 */
export class ChargerMessages {
  private readonly idTagPattern: RegExp;
  private readonly heartbeatSeconds: number;
  private readonly boots = new GroupedCalls<points.Boot, void>(async (boots) => {
    await points.recordBoots(
      this.db,
      lastOfEach(boots, (boot) => boot.chargePointId),
    );
    return boots.map(() => undefined);
  });
  private readonly heartbeats = new GroupedCalls<string, void>(async (ids) => {
    await points.recordHeartbeats(this.db, [...new Set(ids)]);
    return ids.map(() => undefined);
  });
  private readonly statuses = new GroupedCalls<StatusReport, void>(async (reports) => {
    await this.writeStatuses(reports);
    return reports.map(() => undefined);
  });

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
    options: { idTagPattern: string; heartbeatSeconds: number },
  ) {
    this.idTagPattern = new RegExp(options.idTagPattern);
    this.heartbeatSeconds = options.heartbeatSeconds;
  }

  /** Resolves once every grouped write has been made: a stopping process waits for it. */
  async idle(): Promise<void> {
    await Promise.all([this.boots.idle(), this.heartbeats.idle(), this.statuses.idle()]);
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
    await this.boots.call({
      chargePointId,
      vendor: chargePointVendor,
      model: chargePointModel,
      serialNumber: chargePointSerialNumber ?? null,
      firmwareVersion: firmwareVersion ?? null,
      bootInfo: rest as Record<string, string>,
    });
    return { status: 'Accepted', currentTime: new Date().toISOString(), interval: this.heartbeatSeconds };
  }

  async heartbeat(chargePointId: string) {
    await this.heartbeats.call(chargePointId);
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
    await this.statuses.call({
      chargePointId,
      connectorNo,
      status,
      errorCode,
      detail: Object.keys(detail).length > 0 ? (detail as Record<string, string>) : null,
      statusAt: timestamp ? new Date(timestamp) : new Date(),
    });
    return {};
  }

  /**
   * A group of StatusNotifications in one transaction: each charger's connector row, the portal
   * connector's state (OCPP connector n is the charger's n-th portal connector; 0 is the charger itself)
   * and the chargers' last message. Of two reports of one connector the later wins, as written one by one.
   */
  private async writeStatuses(reports: readonly StatusReport[]): Promise<void> {
    const chargers = [...new Set(reports.map((report) => report.chargePointId))];
    const connectorIds = await points.connectorIdsOfMany(this.db, chargers);
    const rows = lastOfEach(reports, (r) => `${r.chargePointId}\0${r.connectorNo}`).map((report) => ({
      ...report,
      connectorId:
        report.connectorNo === 0
          ? null
          : (connectorIds.get(report.chargePointId)?.[report.connectorNo - 1] ?? null),
    }));
    const states = rows.flatMap((row) =>
      row.connectorId
        ? [{ connectorId: row.connectorId, state: PORTAL_STATUS[row.status as ConnectorOcppStatus] }]
        : [],
    );
    await this.db.transaction(async (tx) => {
      await points.upsertConnectorStatuses(tx, rows);
      if (states.length > 0) await setConnectorStates(tx, states);
      await points.touchChargePoints(tx, chargers);
    });
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
