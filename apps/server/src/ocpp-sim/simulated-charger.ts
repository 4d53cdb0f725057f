import { EventEmitter } from 'node:events';
import { createRPCError, RPCClient } from 'ocpp-rpc';
import type { ConnectorOcppStatus, FirmwareStatus } from '@cmp/domain/stations/remote-operations';

/** The OCPP 1.6 calls a central system makes to a charger that the simulator answers. */
export const ANSWERED_ACTIONS = [
  'Reset',
  'UnlockConnector',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ChangeAvailability',
  'TriggerMessage',
  'GetDiagnostics',
  'UpdateFirmware',
  'GetConfiguration',
  'ChangeConfiguration',
  'ClearCache',
  'SendLocalList',
  'GetLocalListVersion',
  'ReserveNow',
  'CancelReservation',
  'SetChargingProfile',
  'ClearChargingProfile',
  'GetCompositeSchedule',
] as const;
export type AnsweredAction = (typeof ANSWERED_ACTIONS)[number];

/**
 * How the charger answers an action, when a test wants other than a willing charger: `Rejected` is the
 * action's own refusal (a CallError where OCPP has none, GetDiagnostics and UpdateFirmware), `silent`
 * never answers.
 */
export type ForcedAnswer = 'Accepted' | 'Rejected' | 'silent';

export interface SimulatedChargerOptions {
  /** The central system's OCPP address without the charge point id, `ws://host:port/ocpp`. */
  endpoint: string;
  chargePointId: string;
  password: string;
  /** Connectors 1..n; connector 0 is the charger as a whole. */
  connectors: number;
  vendor?: string;
  model?: string;
  firmwareVersion?: string;
  /** Power a session draws, for the meter. */
  powerKw?: number;
  /** MeterValues of each running session this often; 0 sends none unasked. */
  meterIntervalMs?: number;
  /** Starts and stops sessions at random, as a demo network's chargers would. */
  autoSessions?: boolean;
  answers?: Partial<Record<AnsweredAction, ForcedAnswer>>;
  /** The pause between firmware steps (download, install, reboot). */
  firmwareStepMs?: number;
  /** Makes a firmware update end in InstallationFailed once downloaded. */
  failFirmwareInstall?: boolean;
  /** Overrides the heartbeat interval the central system answers to BootNotification. */
  heartbeatMs?: number;
}

interface ConnectorState {
  status: ConnectorOcppStatus;
  errorCode: string;
  meterWh: number;
  session: { transactionId: number; idTag: string } | null;
  /** A ChangeAvailability answered Scheduled, applied when the session ends. */
  pendingAvailability: 'Operative' | 'Inoperative' | null;
}

type Json = Record<string, unknown>;

interface ChargingProfile {
  connectorId: number;
  chargingProfileId: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  chargingSchedule: {
    chargingRateUnit: 'A' | 'W';
    duration?: number;
    chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
  };
}

/**
 * The configuration a 1.6 charger reports (Core, Local Auth List, Reservation and Smart Charging keys):
 * read-only keys are refused a change; WebSocketPingInterval takes effect after a reboot.
 */
const CONFIGURATION: readonly { key: string; readonly: boolean; value: string; rebootRequired?: boolean }[] =
  [
    { key: 'HeartbeatInterval', readonly: false, value: '300' },
    { key: 'ConnectionTimeOut', readonly: false, value: '60' },
    { key: 'MeterValueSampleInterval', readonly: false, value: '60' },
    { key: 'AuthorizeRemoteTxRequests', readonly: true, value: 'false' },
    { key: 'LocalAuthListEnabled', readonly: false, value: 'true' },
    { key: 'LocalAuthListMaxLength', readonly: true, value: '1000' },
    { key: 'SendLocalListMaxLength', readonly: true, value: '100' },
    { key: 'ReserveConnectorZeroSupported', readonly: true, value: 'false' },
    { key: 'ChargeProfileMaxStackLevel', readonly: true, value: '10' },
    {
      key: 'SupportedFeatureProfiles',
      readonly: true,
      value: 'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
    },
    { key: 'WebSocketPingInterval', readonly: false, value: '30', rebootRequired: true },
  ];
/** Keys whose values are whole numbers: a change to anything else is refused. */
const NUMERIC_KEYS = new Set([
  'HeartbeatInterval',
  'ConnectionTimeOut',
  'MeterValueSampleInterval',
  'WebSocketPingInterval',
]);

export interface ChargerCall {
  action: string;
  params: Json;
}

const DEFAULT_FIRMWARE_STEP_MS = 2_000;
const DIAGNOSTICS_FILE_BYTES = 2_048;
/** Id tags of the demo's own sessions; they match the default OCPP_ID_TAG_PATTERN. */
const AUTO_SESSION_TAGS = ['DEMO0001', 'DEMO0002', 'DEMO0003', 'DEMOCARD42', 'FLEET7788'];
const AUTO_SESSION_EVERY_MS = { min: 60_000, max: 6 * 60_000 };
const AUTO_SESSION_LENGTH_MS = { min: 2 * 60_000, max: 15 * 60_000 };

const now = () => new Date().toISOString();
const between = (range: { min: number; max: number }) => range.min + Math.random() * (range.max - range.min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Runs once the answer to the call being handled has gone out: the library sends it after the handler returns. */
const afterAnswer = (work: () => Promise<unknown>, onError: (error: unknown) => void) =>
  setTimeout(() => void work().catch(onError), 0);

/**
 * A charger speaking OCPP 1.6J over a real WebSocket, as the portal's chargers do: it boots, reports its
 * connectors, runs sessions with meter values, and answers every command the portal sends the way a
 * charger would, firmware updates that download the file and reboot into the new version included.
 * Events: `call` ({ action, params }) for each call received, `sent` ({ action, params, answer }) for
 * each call it made and got answered, `booted` after each accepted BootNotification. A failure of its own
 * work (a call unanswered, a connection lost mid-way) is emitted as `failure`, never `error`, so that one
 * charger cannot end a simulator process of thousands.
 */
export class SimulatedCharger extends EventEmitter {
  readonly chargePointId: string;
  firmwareVersion: string;
  firmwareStatus: FirmwareStatus = 'Idle';
  diagnosticsStatus: 'Idle' | 'Uploading' | 'Uploaded' | 'UploadFailed' = 'Idle';
  /** Calls made and answered, for the simulator process's totals. */
  sentCount = 0;
  /** Configuration keys and their values, as GetConfiguration reads and ChangeConfiguration writes them. */
  readonly configuration = new Map(CONFIGURATION.map((entry) => [entry.key, entry.value]));
  /** The local authorization list: its version (0: none) and id tags. */
  localList = { version: 0, idTags: new Map<string, Json>() };
  /** Reservations by id, each on its connector. */
  readonly reservations = new Map<number, { connectorId: number; idTag: string; expiryDate: string }>();
  chargingProfiles: ChargingProfile[] = [];
  /** Times the authorization cache was cleared. */
  cacheCleared = 0;
  private readonly options: SimulatedChargerOptions;
  private readonly client: RPCClient;
  private readonly connectorStates: ConnectorState[];
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private meterTimer: NodeJS.Timeout | undefined;
  private autoTimer: NodeJS.Timeout | undefined;
  private heartbeatEveryMs = 300_000;
  private stopped = false;
  /** True while the simulator itself (re)connects: the library's own reconnects are told apart by it. */
  private connecting = false;

  constructor(options: SimulatedChargerOptions) {
    super();
    this.options = options;
    this.chargePointId = options.chargePointId;
    this.firmwareVersion = options.firmwareVersion ?? '1.0.0';
    this.connectorStates = Array.from({ length: options.connectors + 1 }, () => ({
      status: 'Available' as ConnectorOcppStatus,
      errorCode: 'NoError',
      meterWh: 0,
      session: null,
      pendingAvailability: null,
    }));
    this.client = new RPCClient({
      endpoint: options.endpoint,
      identity: options.chargePointId,
      password: options.password,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: true,
      // Backs off a little, so a restarting portal is not met by every charger in the same second.
      backoff: { initialDelay: 1_000, maxDelay: 30_000, factor: 2, randomisationFactor: 0.5 },
    } as ConstructorParameters<typeof RPCClient>[0]);
    this.client.on('open', () => {
      if (!this.connecting) this.afterReconnect();
    });
    this.registerHandlers();
  }

  get connected(): boolean {
    return this.client.state === RPCClient.OPEN;
  }

  get activeSessions(): number {
    return this.connectorStates.filter((c) => c.session).length;
  }

  connector(connectorNo: number): Readonly<ConnectorState> {
    return this.state(connectorNo);
  }

  /** Connects, boots and reports every connector; rejects when the portal refuses the connection. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
    await this.boot();
    for (let no = 0; no <= this.options.connectors; no += 1) await this.sendStatus(no);
    this.startTimers();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopTimers();
    await this.client.close({ code: 1000, reason: 'simulator stopped' });
  }

  async heartbeat(): Promise<void> {
    await this.send('Heartbeat', {});
  }

  /** Sets a connector's state and reports it. */
  async setStatus(connectorNo: number, status: ConnectorOcppStatus, errorCode = 'NoError'): Promise<void> {
    const connector = this.state(connectorNo);
    connector.status = status;
    connector.errorCode = errorCode;
    await this.sendStatus(connectorNo);
  }

  /**
   * A session started at the charger (a card, or a remote start when `authorized`): Preparing, Authorize,
   * StartTransaction, Charging. Answers the transaction id, or null when the id tag was refused.
   */
  async startSession(connectorNo: number, idTag: string, authorized = false): Promise<number | null> {
    const connector = this.state(connectorNo);
    if (connector.session) throw new Error(`connector ${connectorNo} is in a session already`);
    await this.setStatus(connectorNo, 'Preparing');
    if (!authorized) {
      const answer = (await this.send('Authorize', { idTag })) as { idTagInfo: { status: string } };
      if (answer.idTagInfo.status !== 'Accepted') {
        await this.setStatus(connectorNo, 'Available');
        return null;
      }
    }
    const started = (await this.send('StartTransaction', {
      connectorId: connectorNo,
      idTag,
      meterStart: Math.round(connector.meterWh),
      timestamp: now(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    connector.session = { transactionId: started.transactionId, idTag };
    if (started.idTagInfo.status !== 'Accepted') {
      await this.stopSession(connectorNo, 'DeAuthorized');
      return null;
    }
    await this.setStatus(connectorNo, 'Charging');
    return started.transactionId;
  }

  /** Ends a connector's session: Finishing, StopTransaction, then Available (or Unavailable if so asked meanwhile). */
  async stopSession(connectorNo: number, reason = 'Local'): Promise<void> {
    const connector = this.state(connectorNo);
    const session = connector.session;
    if (!session) return;
    await this.setStatus(connectorNo, 'Finishing');
    connector.session = null;
    await this.send('StopTransaction', {
      transactionId: session.transactionId,
      idTag: session.idTag,
      meterStop: Math.round(connector.meterWh),
      timestamp: now(),
      reason,
    });
    const availability = connector.pendingAvailability;
    connector.pendingAvailability = null;
    await this.setStatus(connectorNo, availability === 'Inoperative' ? 'Unavailable' : 'Available');
  }

  /** MeterValues of a connector: the energy register, and the power while a session runs. */
  async sendMeterValues(connectorNo: number): Promise<void> {
    const connector = this.state(connectorNo);
    const sampledValue = [
      {
        value: String(Math.round(connector.meterWh)),
        context: 'Sample.Periodic',
        measurand: 'Energy.Active.Import.Register',
        unit: 'Wh',
      },
      {
        value: String(connector.session ? this.powerW : 0),
        context: 'Sample.Periodic',
        measurand: 'Power.Active.Import',
        unit: 'W',
      },
    ];
    await this.send('MeterValues', {
      connectorId: connectorNo,
      ...(connector.session ? { transactionId: connector.session.transactionId } : {}),
      meterValue: [{ timestamp: now(), sampledValue }],
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Connection, boot, timers.

  private get powerW(): number {
    return Math.round((this.options.powerKw ?? 60) * 1000);
  }

  private state(connectorNo: number): ConnectorState {
    const connector = this.connectorStates[connectorNo];
    if (!connector) throw new Error(`no connector ${connectorNo} on ${this.chargePointId}`);
    return connector;
  }

  private async connect(): Promise<void> {
    this.connecting = true;
    try {
      await this.client.connect();
    } finally {
      this.connecting = false;
    }
  }

  /** BootNotification until accepted; a Pending or Rejected answer is retried after the interval it gives. */
  private async boot(): Promise<void> {
    for (;;) {
      const answer = (await this.send('BootNotification', {
        chargePointVendor: this.options.vendor ?? 'CMP',
        chargePointModel: this.options.model ?? 'SIM-DC',
        chargePointSerialNumber: `SN-${this.chargePointId}`.slice(0, 25),
        firmwareVersion: this.firmwareVersion,
      })) as { status: 'Accepted' | 'Pending' | 'Rejected'; interval: number };
      if (answer.status === 'Accepted') {
        this.heartbeatEveryMs = this.options.heartbeatMs ?? Math.max(1, answer.interval) * 1000;
        this.emit('booted', answer);
        return;
      }
      if (this.stopped) return;
      await sleep(Math.max(1, answer.interval) * 1000);
    }
  }

  private startTimers(): void {
    this.stopTimers();
    this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(this.failed), this.heartbeatEveryMs);
    const meterMs = this.options.meterIntervalMs ?? 0;
    if (meterMs > 0) {
      this.meterTimer = setInterval(() => void this.meterTick(meterMs).catch(this.failed), meterMs);
    }
    if (this.options.autoSessions) this.scheduleAutoSession();
  }

  private stopTimers(): void {
    clearInterval(this.heartbeatTimer);
    clearInterval(this.meterTimer);
    clearTimeout(this.autoTimer);
  }

  private async meterTick(elapsedMs: number): Promise<void> {
    for (let no = 1; no <= this.options.connectors; no += 1) {
      const connector = this.state(no);
      if (!connector.session) continue;
      connector.meterWh += (this.powerW * elapsedMs) / 3_600_000;
      await this.sendMeterValues(no);
    }
  }

  /** Now and then starts a session on a free connector, or ends one that has run its time. */
  private scheduleAutoSession(): void {
    this.autoTimer = setTimeout(() => {
      void this.autoSession()
        .catch(this.failed)
        .finally(() => {
          if (!this.stopped) this.scheduleAutoSession();
        });
    }, between(AUTO_SESSION_EVERY_MS));
  }

  private async autoSession(): Promise<void> {
    if (!this.connected) return;
    const free = this.connectorStates.findIndex((c, no) => no > 0 && c.status === 'Available');
    if (free < 0) return;
    const tag = AUTO_SESSION_TAGS[Math.floor(Math.random() * AUTO_SESSION_TAGS.length)]!;
    const transactionId = await this.startSession(free, tag);
    if (transactionId === null) return;
    setTimeout(() => {
      if (this.state(free).session?.transactionId === transactionId) {
        void this.stopSession(free, 'EVDisconnected').catch(this.failed);
      }
    }, between(AUTO_SESSION_LENGTH_MS));
  }

  /** The library reconnected on its own (the portal restarted, the network dropped): say where things stand. */
  private afterReconnect(): void {
    void (async () => {
      for (let no = 0; no <= this.options.connectors; no += 1) await this.sendStatus(no);
    })().catch(this.failed);
  }

  /** Closes the connection and comes back as after a power cycle: BootNotification, then every connector. */
  private async reboot(): Promise<void> {
    this.stopTimers();
    await this.client.close({ code: 1012, reason: 'rebooting' });
    await sleep(Math.min(this.options.firmwareStepMs ?? DEFAULT_FIRMWARE_STEP_MS, 1_000));
    if (this.stopped) return;
    await this.start();
  }

  private readonly failed = (error: unknown) => {
    if (!this.stopped) this.emit('failure', error);
  };

  private async send(action: string, params: Json): Promise<unknown> {
    const answer = await this.client.call(action, params);
    this.sentCount += 1;
    this.emit('sent', { action, params, answer });
    return answer;
  }

  private async sendStatus(connectorNo: number): Promise<void> {
    const connector = this.state(connectorNo);
    await this.send('StatusNotification', {
      connectorId: connectorNo,
      status: connector.status,
      errorCode: connector.errorCode,
      timestamp: now(),
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Answers to the central system's calls.

  private registerHandlers(): void {
    const handlers: Record<AnsweredAction, (params: Json) => Json> = {
      Reset: (params) => this.onReset(params as { type: 'Hard' | 'Soft' }),
      UnlockConnector: (params) => this.onUnlock(params as { connectorId: number }),
      RemoteStartTransaction: (params) =>
        this.onRemoteStart(params as { connectorId?: number; idTag: string }),
      RemoteStopTransaction: (params) => this.onRemoteStop(params as { transactionId: number }),
      ChangeAvailability: (params) =>
        this.onChangeAvailability(params as { connectorId: number; type: 'Operative' | 'Inoperative' }),
      TriggerMessage: (params) =>
        this.onTrigger(params as { requestedMessage: string; connectorId?: number }),
      GetDiagnostics: (params) => this.onGetDiagnostics(params as { location: string }),
      UpdateFirmware: (params) => this.onUpdateFirmware(params as { location: string; retrieveDate: string }),
      GetConfiguration: (params) => this.onGetConfiguration(params as { key?: string[] }),
      ChangeConfiguration: (params) => this.onChangeConfiguration(params as { key: string; value: string }),
      ClearCache: () => {
        this.cacheCleared += 1;
        return { status: 'Accepted' };
      },
      SendLocalList: (params) =>
        this.onSendLocalList(
          params as {
            listVersion: number;
            updateType: 'Full' | 'Differential';
            localAuthorizationList?: { idTag: string; idTagInfo?: Json }[];
          },
        ),
      GetLocalListVersion: () => ({ listVersion: this.localList.version }),
      ReserveNow: (params) =>
        this.onReserveNow(
          params as { connectorId: number; expiryDate: string; idTag: string; reservationId: number },
        ),
      CancelReservation: (params) => this.onCancelReservation(params as { reservationId: number }),
      SetChargingProfile: (params) =>
        this.onSetChargingProfile(
          params as { connectorId: number; csChargingProfiles: Omit<ChargingProfile, 'connectorId'> },
        ),
      ClearChargingProfile: (params) =>
        this.onClearChargingProfile(
          params as {
            id?: number;
            connectorId?: number;
            chargingProfilePurpose?: string;
            stackLevel?: number;
          },
        ),
      GetCompositeSchedule: (params) =>
        this.onGetCompositeSchedule(
          params as { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' },
        ),
    };
    for (const action of ANSWERED_ACTIONS) {
      this.client.handle(action, ({ params, signal }) => {
        const call = { action, params: (params ?? {}) as Json };
        this.emit('call', call);
        const forced = this.options.answers?.[action];
        if (forced === 'silent') return new Promise((_, reject) => signal?.addEventListener('abort', reject));
        if (forced === 'Rejected') return Promise.resolve(refusal(action));
        return Promise.resolve(handlers[action](call.params));
      });
    }
    this.client.handle(({ method, params }) => {
      this.emit('call', { action: method ?? '', params: (params ?? {}) as Json });
      throw createRPCError('NotSupported', `${method} is not supported by this charger`);
    });
  }

  private onReset({ type }: { type: 'Hard' | 'Soft' }): Json {
    afterAnswer(async () => {
      if (type === 'Soft') {
        for (let no = 1; no <= this.options.connectors; no += 1) await this.stopSession(no, 'SoftReset');
        await this.reboot();
        return;
      }
      // A hard reset cuts the power: the sessions it broke are reported once the charger is back.
      const broken = this.connectorStates.flatMap((c, no) => (c.session ? [no] : []));
      await this.reboot();
      for (const no of broken) await this.stopSession(no, 'HardReset');
    }, this.failed);
    return { status: 'Accepted' };
  }

  private onUnlock({ connectorId }: { connectorId: number }): Json {
    const connector = this.connectorStates[connectorId];
    if (!connector || connectorId === 0) return { status: 'NotSupported' };
    if (connector.session) afterAnswer(() => this.stopSession(connectorId, 'UnlockCommand'), this.failed);
    return { status: 'Unlocked' };
  }

  private onRemoteStart({ connectorId, idTag }: { connectorId?: number; idTag: string }): Json {
    const connectorNo =
      connectorId ?? this.connectorStates.findIndex((c, no) => no > 0 && c.status === 'Available');
    const connector = this.connectorStates[connectorNo];
    if (connectorNo <= 0 || !connector || connector.session || connector.status === 'Unavailable') {
      return { status: 'Rejected' };
    }
    afterAnswer(() => this.startSession(connectorNo, idTag, true), this.failed);
    return { status: 'Accepted' };
  }

  private onRemoteStop({ transactionId }: { transactionId: number }): Json {
    const connectorNo = this.connectorStates.findIndex((c) => c.session?.transactionId === transactionId);
    if (connectorNo < 0) return { status: 'Rejected' };
    afterAnswer(() => this.stopSession(connectorNo, 'Remote'), this.failed);
    return { status: 'Accepted' };
  }

  /** A connector in a session changes once the session ends (Scheduled), as OCPP 1.6 asks. */
  private onChangeAvailability({
    connectorId,
    type,
  }: {
    connectorId: number;
    type: 'Operative' | 'Inoperative';
  }): Json {
    if (!this.connectorStates[connectorId]) return { status: 'Rejected' };
    const targets = connectorId === 0 ? this.connectorStates.map((_, no) => no) : [connectorId];
    let scheduled = false;
    for (const no of targets) {
      const connector = this.state(no);
      if (connector.session) {
        connector.pendingAvailability = type;
        scheduled = true;
      }
    }
    afterAnswer(async () => {
      for (const no of targets) {
        if (this.state(no).session) continue;
        await this.setStatus(no, type === 'Inoperative' ? 'Unavailable' : 'Available');
      }
    }, this.failed);
    return { status: scheduled ? 'Scheduled' : 'Accepted' };
  }

  private onTrigger({
    requestedMessage,
    connectorId,
  }: {
    requestedMessage: string;
    connectorId?: number;
  }): Json {
    const connectorNos = connectorId !== undefined ? [connectorId] : this.connectorStates.map((_, no) => no);
    if (connectorNos.some((no) => !this.connectorStates[no])) return { status: 'Rejected' };
    const send: Record<string, () => Promise<unknown>> = {
      BootNotification: () => this.boot(),
      Heartbeat: () => this.heartbeat(),
      DiagnosticsStatusNotification: () =>
        this.send('DiagnosticsStatusNotification', { status: this.diagnosticsStatus }),
      FirmwareStatusNotification: () =>
        this.send('FirmwareStatusNotification', { status: this.firmwareStatus }),
      StatusNotification: async () => {
        for (const no of connectorNos) await this.sendStatus(no);
      },
      MeterValues: async () => {
        for (const no of connectorNos.filter((n) => n > 0)) await this.sendMeterValues(no);
      },
    };
    const work = send[requestedMessage];
    if (!work) return { status: 'NotImplemented' };
    afterAnswer(work, this.failed);
    return { status: 'Accepted' };
  }

  /** Answers the file name, then uploads a small log to `location` with HTTP POST. */
  private onGetDiagnostics({ location }: { location: string }): Json {
    const fileName = `diagnostics-${this.chargePointId}-${Date.now()}.log`;
    afterAnswer(async () => {
      await this.setDiagnostics('Uploading');
      try {
        const response = await fetch(location, {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': `attachment; filename="${fileName}"`,
          },
          body: this.diagnosticsText(),
        });
        await response.arrayBuffer();
        await this.setDiagnostics(response.ok ? 'Uploaded' : 'UploadFailed');
      } catch {
        await this.setDiagnostics('UploadFailed');
      }
    }, this.failed);
    return { fileName };
  }

  private async setDiagnostics(status: SimulatedCharger['diagnosticsStatus']): Promise<void> {
    this.diagnosticsStatus = status;
    await this.send('DiagnosticsStatusNotification', { status });
  }

  private diagnosticsText(): string {
    const lines = [
      `charge point ${this.chargePointId}, firmware ${this.firmwareVersion}, at ${now()}`,
      ...this.connectorStates.map(
        (c, no) => `connector ${no}: ${c.status} ${c.errorCode}, meter ${Math.round(c.meterWh)} Wh`,
      ),
    ];
    return lines.join('\n').padEnd(DIAGNOSTICS_FILE_BYTES, '.') + '\n';
  }

  /**
   * Waits for the retrieve date, downloads the file (a failure ends it: DownloadFailed), installs and
   * reboots into the new version: the download's `x-firmware-version` header, else the old one `+1`.
   */
  private onUpdateFirmware({ location, retrieveDate }: { location: string; retrieveDate: string }): Json {
    const stepMs = this.options.firmwareStepMs ?? DEFAULT_FIRMWARE_STEP_MS;
    afterAnswer(async () => {
      await sleep(Math.max(0, Date.parse(retrieveDate) - Date.now()));
      await this.setFirmware('Downloading');
      let version: string;
      try {
        const response = await fetch(location);
        const body = await response.arrayBuffer();
        if (!response.ok || body.byteLength === 0) throw new Error(`download answered ${response.status}`);
        version = response.headers.get('x-firmware-version') ?? `${this.firmwareVersion}+1`;
      } catch {
        await this.setFirmware('DownloadFailed');
        return;
      }
      await sleep(stepMs);
      await this.setFirmware('Downloaded');
      await sleep(stepMs);
      await this.setFirmware('Installing');
      await sleep(stepMs);
      if (this.options.failFirmwareInstall) {
        await this.setFirmware('InstallationFailed');
        return;
      }
      // A charger reports Installed once it runs the new firmware, so whoever reads it after the report sees it.
      this.firmwareVersion = version;
      await this.setFirmware('Installed');
      this.firmwareStatus = 'Idle';
      for (let no = 1; no <= this.options.connectors; no += 1) await this.stopSession(no, 'Reboot');
      await this.reboot();
    }, this.failed);
    return {};
  }

  private onGetConfiguration({ key }: { key?: string[] }): Json {
    const asked = key ?? [...this.configuration.keys()];
    const known = asked.filter((k) => this.configuration.has(k));
    return {
      configurationKey: known.map((k) => ({
        key: k,
        readonly: CONFIGURATION.find((entry) => entry.key === k)!.readonly,
        value: this.configuration.get(k)!,
      })),
      ...(key ? { unknownKey: asked.filter((k) => !this.configuration.has(k)) } : {}),
    };
  }

  private onChangeConfiguration({ key, value }: { key: string; value: string }): Json {
    const entry = CONFIGURATION.find((e) => e.key === key);
    if (!entry) return { status: 'NotSupported' };
    if (entry.readonly || (NUMERIC_KEYS.has(key) && !/^\d{1,9}$/.test(value))) return { status: 'Rejected' };
    this.configuration.set(key, value);
    return { status: entry.rebootRequired ? 'RebootRequired' : 'Accepted' };
  }

  /** A differential update must carry a newer version; a full one replaces the list. */
  private onSendLocalList({
    listVersion,
    updateType,
    localAuthorizationList = [],
  }: {
    listVersion: number;
    updateType: 'Full' | 'Differential';
    localAuthorizationList?: { idTag: string; idTagInfo?: Json }[];
  }): Json {
    if (localAuthorizationList.length > Number(this.configuration.get('SendLocalListMaxLength')))
      return { status: 'Failed' };
    if (updateType === 'Differential' && listVersion <= this.localList.version)
      return { status: 'VersionMismatch' };
    const idTags = updateType === 'Full' ? new Map<string, Json>() : new Map(this.localList.idTags);
    for (const { idTag, idTagInfo } of localAuthorizationList) {
      if (idTagInfo) idTags.set(idTag, idTagInfo);
      else idTags.delete(idTag);
    }
    this.localList = { version: listVersion, idTags };
    return { status: 'Accepted' };
  }

  /** A free connector is reserved and reported Reserved; connector 0 only where the charger allows it. */
  private onReserveNow({
    connectorId,
    expiryDate,
    idTag,
    reservationId,
  }: {
    connectorId: number;
    expiryDate: string;
    idTag: string;
    reservationId: number;
  }): Json {
    const connector = this.connectorStates[connectorId];
    if (!connector || connectorId === 0) return { status: 'Rejected' };
    if (connector.status === 'Faulted') return { status: 'Faulted' };
    if (connector.status === 'Unavailable') return { status: 'Unavailable' };
    if (connector.session || connector.status !== 'Available') return { status: 'Occupied' };
    this.reservations.set(reservationId, { connectorId, idTag, expiryDate });
    afterAnswer(() => this.setStatus(connectorId, 'Reserved'), this.failed);
    return { status: 'Accepted' };
  }

  private onCancelReservation({ reservationId }: { reservationId: number }): Json {
    const reservation = this.reservations.get(reservationId);
    if (!reservation) return { status: 'Rejected' };
    this.reservations.delete(reservationId);
    afterAnswer(() => this.setStatus(reservation.connectorId, 'Available'), this.failed);
    return { status: 'Accepted' };
  }

  /** A profile replaces the one of its id, and the one of its purpose and stack level on its connector. */
  private onSetChargingProfile({
    connectorId,
    csChargingProfiles,
  }: {
    connectorId: number;
    csChargingProfiles: Omit<ChargingProfile, 'connectorId'>;
  }): Json {
    if (!this.connectorStates[connectorId]) return { status: 'Rejected' };
    if (
      csChargingProfiles.chargingProfilePurpose === 'TxProfile' &&
      !this.connectorStates[connectorId]?.session
    )
      return { status: 'Rejected' };
    const profile = { ...csChargingProfiles, connectorId };
    this.chargingProfiles = this.chargingProfiles.filter(
      (p) =>
        p.chargingProfileId !== profile.chargingProfileId &&
        !(
          p.connectorId === connectorId &&
          p.stackLevel === profile.stackLevel &&
          p.chargingProfilePurpose === profile.chargingProfilePurpose
        ),
    );
    this.chargingProfiles.push(profile);
    return { status: 'Accepted' };
  }

  private onClearChargingProfile(filter: {
    id?: number;
    connectorId?: number;
    chargingProfilePurpose?: string;
    stackLevel?: number;
  }): Json {
    const matches = (p: ChargingProfile) =>
      (filter.id === undefined || p.chargingProfileId === filter.id) &&
      (filter.connectorId === undefined || p.connectorId === filter.connectorId) &&
      (filter.chargingProfilePurpose === undefined ||
        p.chargingProfilePurpose === filter.chargingProfilePurpose) &&
      (filter.stackLevel === undefined || p.stackLevel === filter.stackLevel);
    const kept = this.chargingProfiles.filter((p) => !matches(p));
    if (kept.length === this.chargingProfiles.length) return { status: 'Unknown' };
    this.chargingProfiles = kept;
    return { status: 'Accepted' };
  }

  /**
   * The schedule the connector would follow from now: the top stack level's profile for it (its own or
   * the whole charger's), each period capped by the charger's maximum; without one, the rated power.
   */
  private onGetCompositeSchedule({
    connectorId,
    duration,
    chargingRateUnit,
  }: {
    connectorId: number;
    duration: number;
    chargingRateUnit?: 'A' | 'W';
  }): Json {
    if (!this.connectorStates[connectorId]) return { status: 'Rejected' };
    const unit = chargingRateUnit ?? 'W';
    const applies = (p: ChargingProfile) =>
      (p.connectorId === connectorId || p.connectorId === 0) && p.chargingSchedule.chargingRateUnit === unit;
    const top = (purpose: (p: ChargingProfile) => boolean) =>
      this.chargingProfiles
        .filter((p) => applies(p) && purpose(p))
        .sort((a, b) => b.stackLevel - a.stackLevel)[0];
    const profile = top((p) => p.chargingProfilePurpose !== 'ChargePointMaxProfile');
    const max = top((p) => p.chargingProfilePurpose === 'ChargePointMaxProfile');
    const cap = max?.chargingSchedule.chargingSchedulePeriod[0]?.limit ?? Infinity;
    const rated = unit === 'W' ? this.powerW : 32;
    const periods = (profile?.chargingSchedule.chargingSchedulePeriod ?? [{ startPeriod: 0, limit: rated }])
      .filter((period) => period.startPeriod < duration)
      .map((period) => ({ ...period, limit: Math.min(period.limit, cap) }));
    return {
      status: 'Accepted',
      connectorId,
      scheduleStart: now(),
      chargingSchedule: { duration, chargingRateUnit: unit, chargingSchedulePeriod: periods },
    };
  }

  private async setFirmware(status: FirmwareStatus): Promise<void> {
    this.firmwareStatus = status;
    await this.send('FirmwareStatusNotification', { status });
  }
}

/** The refusal an action has in OCPP 1.6; a CallError for those whose answer has no status. */
function refusal(action: AnsweredAction): Json {
  switch (action) {
    case 'UnlockConnector':
      return { status: 'UnlockFailed' };
    case 'SendLocalList':
      return { status: 'Failed' };
    case 'ClearChargingProfile':
      return { status: 'Unknown' };
    case 'GetDiagnostics':
    case 'UpdateFirmware':
    case 'GetConfiguration':
    case 'GetLocalListVersion':
      throw createRPCError('InternalError', `${action} refused by the charger`);
    default:
      return { status: 'Rejected' };
  }
}
