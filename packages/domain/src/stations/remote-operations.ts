import { z } from 'zod';
import { MAX_PAGE_NO, PageQuery, pageOf } from '../platform/paging.js';
import { EPOCH_MS, idParam, INT8, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { EpochMs, ResourceIdSchema } from './contract-fields.js';
import { OCPP_OPERATION_COMMANDS } from './ocpp-operations.js';

/**
 * Remote operations (commands the portal sends to a charger over OCPP 1.6J) are listed by resource or by
 * charge session; both lists ask by default for the statuses 0 and 3, sent as one comma-joined value:
 * the operations still under way.
 */
export const REMOTE_OPERATION_STATUS_FILTER = '0,3' as const;

/**
 * The chargers of a station group are fetched in one page (page 1) of this size to pick the charger a
 * remote operation concerns.
 */
export const POWER_CHARGERS_PAGE_SIZE = 100 as const;
export const POWER_CHARGERS_PAGE_NO = 1 as const;

/**
 * States of a remote operation (the spec shows only the filter '0,3'; docs/decisions.md "Remote charger
 * operations"): 0 sent and waiting for the charger's answer, 1 done, 2 failed (refused, offline, no answer,
 * or the charger reported a failure), 3 accepted and under way on the charger (a firmware download and
 * install, a diagnostics upload, a remote start waiting for its session).
 */
export const REMOTE_OPERATION_STATUSES = { sent: 0, succeeded: 1, failed: 2, running: 3 } as const;
export const REMOTE_OPERATION_STATUS_VALUES = [0, 1, 2, 3] as const;
export const RemoteOperationStatusSchema = z.literal(REMOTE_OPERATION_STATUS_VALUES);
export type RemoteOperationStatus = z.infer<typeof RemoteOperationStatusSchema>;

/**
 * Why an operation failed, as `reason` carries it: the portal's own codes (`offline`, `timeout`,
 * `noSession`, `notStarted`: a remote start accepted but not started within the connection timeout) and the charger's refusal or failure status. A CallError's code is kept as the charger
 * sent it, with its description after a colon.
 */
export const REMOTE_OPERATION_REASONS = [
  'offline',
  'timeout',
  'noSession',
  'notStarted',
  'Rejected',
  'NotSupported',
  'UnlockFailed',
  'DownloadFailed',
  'InstallationFailed',
  'UploadFailed',
  'Failed',
  'VersionMismatch',
  'Occupied',
  'Faulted',
  'Unavailable',
  'Unknown',
] as const;
export type RemoteOperationReason = (typeof REMOTE_OPERATION_REASONS)[number];

/** Who issued an operation: staff from the portal, the system (an upgrade campaign). */
export const REMOTE_OPERATOR_TYPES = ['user', 'system'] as const;
export const RemoteOperatorTypeSchema = z.enum(REMOTE_OPERATOR_TYPES);
export type RemoteOperatorType = z.infer<typeof RemoteOperatorTypeSchema>;

/** The portal's operation types; each is one OCPP 1.6 call (`command`), Reset in its two kinds. */
export const REMOTE_OPERATION_COMMANDS = {
  RESET_SOFT: 'Reset',
  RESET_HARD: 'Reset',
  UNLOCK_CONNECTOR: 'UnlockConnector',
  REMOTE_START: 'RemoteStartTransaction',
  REMOTE_STOP: 'RemoteStopTransaction',
  CHANGE_AVAILABILITY: 'ChangeAvailability',
  TRIGGER_MESSAGE: 'TriggerMessage',
  GET_DIAGNOSTICS: 'GetDiagnostics',
  UPDATE_FIRMWARE: 'UpdateFirmware',
  GET_CONFIGURATION: 'GetConfiguration',
  CHANGE_CONFIGURATION: 'ChangeConfiguration',
  CLEAR_CACHE: 'ClearCache',
  SEND_LOCAL_LIST: 'SendLocalList',
  GET_LOCAL_LIST_VERSION: 'GetLocalListVersion',
  RESERVE_NOW: 'ReserveNow',
  CANCEL_RESERVATION: 'CancelReservation',
  SET_CHARGING_PROFILE: 'SetChargingProfile',
  CLEAR_CHARGING_PROFILE: 'ClearChargingProfile',
  GET_COMPOSITE_SCHEDULE: 'GetCompositeSchedule',
} as const;
export type RemoteOperationType = keyof typeof REMOTE_OPERATION_COMMANDS;
export const REMOTE_OPERATION_TYPES = Object.keys(REMOTE_OPERATION_COMMANDS) as [
  RemoteOperationType,
  ...RemoteOperationType[],
];
export const RemoteOperationTypeSchema = z.enum(REMOTE_OPERATION_TYPES);

/** OCPP 1.6 connector states (StatusNotification). */
export const CONNECTOR_OCPP_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export const ConnectorOcppStatusSchema = z.enum(CONNECTOR_OCPP_STATUSES);

/** OCPP 1.6 ChargePointErrorCode: the fault a StatusNotification reports with a connector's state. */
export const CHARGE_POINT_ERROR_CODES = [
  'NoError',
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;
export type ConnectorOcppStatus = z.infer<typeof ConnectorOcppStatusSchema>;

/** OCPP 1.6 firmware states (FirmwareStatusNotification), the progress of an UPDATE_FIRMWARE operation. */
export const FIRMWARE_STATUSES = [
  'Idle',
  'Downloading',
  'Downloaded',
  'DownloadFailed',
  'Installing',
  'Installed',
  'InstallationFailed',
] as const;
export const FirmwareStatusSchema = z.enum(FIRMWARE_STATUSES);
export type FirmwareStatus = z.infer<typeof FirmwareStatusSchema>;

/** The messages OCPP 1.6 lets TriggerMessage ask for. */
export const TRIGGER_MESSAGES = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;

export const ChargePointIdSchema = trimmedText(64).regex(/^[A-Za-z0-9_.:-]+$/, {
  error: 'ocpp.chargePointId',
});
const ConnectorNo = integer({ min: 0, max: 99 });
const IdTag = trimmedText(20).min(1, { error: 'form.required' });

/**
 * The payload of each operation type as staff send it to one charger; the server turns it into the OCPP
 * call. UPDATE_FIRMWARE is not among them: firmware goes out through an upgrade campaign (even to one
 * charger), so every upgrade's progress is followed in one place.
 */
export const RemoteCommandSchema = z.discriminatedUnion('operationType', [
  z.object({ operationType: z.literal('RESET_SOFT') }),
  z.object({ operationType: z.literal('RESET_HARD') }),
  z.object({ operationType: z.literal('UNLOCK_CONNECTOR'), connectorNo: integer({ min: 1, max: 99 }) }),
  z.object({
    operationType: z.literal('REMOTE_START'),
    connectorNo: integer({ min: 1, max: 99 }).optional(),
    idTag: IdTag,
  }),
  z.object({ operationType: z.literal('REMOTE_STOP'), chargeSessionId: trimmedText(32).min(1) }),
  z.object({
    operationType: z.literal('CHANGE_AVAILABILITY'),
    connectorNo: ConnectorNo,
    availability: z.enum(['Operative', 'Inoperative']),
  }),
  z.object({
    operationType: z.literal('TRIGGER_MESSAGE'),
    requestedMessage: z.enum(TRIGGER_MESSAGES),
    connectorNo: integer({ min: 1, max: 99 }).optional(),
  }),
  z.object({ operationType: z.literal('GET_DIAGNOSTICS') }),
  ...OCPP_OPERATION_COMMANDS,
]);
export type RemoteCommand = z.infer<typeof RemoteCommandSchema>;

/** A remote operation log (spec C3.6.7) with the charger it went to. */
export const RemoteOperationLogSchema = z.object({
  remoteOperationLogId: z.number().int(),
  resourceId: z.string(),
  chargePointId: z.string(),
  connectorNo: z.number().int().nullable(),
  operatorType: RemoteOperatorTypeSchema,
  operationType: RemoteOperationTypeSchema,
  /** The staff user's name, or the campaign for the system. */
  operator: z.string(),
  /** The OCPP message id of the call. */
  commandId: z.string().nullable(),
  /** The OCPP action. */
  command: z.string(),
  /** The OCPP payload sent. */
  commandInfo: z.record(z.string(), z.unknown()),
  status: RemoteOperationStatusSchema,
  /** Why it failed, or what the charger answered when it refused. */
  reason: z.string().nullable(),
  /**
   * What the charger answered to the call (a configuration's keys, a list version, a composite schedule,
   * the status it gave); null until it answered.
   */
  answer: z.record(z.string(), z.unknown()).nullable(),
  /** For UPDATE_FIRMWARE: the package, its version, the campaign and the last firmware status. */
  upgradeInfo: z
    .object({
      upgradePackageId: z.number().int(),
      version: z.string(),
      campaignId: z.number().int().nullable(),
      firmwareStatus: FirmwareStatusSchema.nullable(),
    })
    .nullable(),
  chargeSessionId: z.string().nullable(),
  createAt: EpochMs,
  updateAt: EpochMs,
  /** The charger's last reported step (a firmware or diagnostics status). */
  progress: z.string().nullable(),
  /** 0 to 100. */
  percentage: z.number().int().min(0).max(100).nullable(),
});
export type RemoteOperationLog = z.infer<typeof RemoteOperationLogSchema>;

/**
 * The remote operation lists (spec C7.3.14, C7.3.15 name `result_list`, `total_results`) answer as every
 * list does: `{ items, total }` (docs/decisions.md "Lists").
 */
export const RemoteOperationLogListSchema = pageOf(RemoteOperationLogSchema);
export type RemoteOperationLogList = z.infer<typeof RemoteOperationLogListSchema>;

/** What the remote operation lists sort by: newest first unless asked. */
export const REMOTE_OPERATION_SORTABLE = ['createAt', 'remoteOperationLogId'] as const;
export const DEFAULT_REMOTE_OPERATION_SORT = 'createAt:desc';

/** A comma-joined list of statuses ('0,3'); empty means every status. */
const StatusList = text(16)
  .regex(/^([0-3](,[0-3])*)?$/, { error: 'remoteOperations.statusList' })
  .default(REMOTE_OPERATION_STATUS_FILTER);

/**
 * Remote operations by resource (spec C7.3.14); without a resource, the whole network's (the list screen).
 * The spec's filter names, and the page as every list takes it (pageNo, pageSize, sort).
 */
export const RemoteOperationsByResourceQuerySchema = PageQuery.extend({
  resource_id: ResourceIdSchema.optional(),
  charge_point_id: ChargePointIdSchema.optional(),
  operation_type: RemoteOperationTypeSchema.optional(),
  create_time_begin: integerParam(EPOCH_MS).optional(),
  create_time_end: integerParam(EPOCH_MS).optional(),
  status: StatusList,
});
export type RemoteOperationsByResourceQuery = z.infer<typeof RemoteOperationsByResourceQuerySchema>;

/** Remote operations by charge session (spec C7.3.15). */
export const RemoteOperationsBySessionQuerySchema = PageQuery.extend({
  charge_session_id: trimmedText(32).min(1),
  status: StatusList,
});
export type RemoteOperationsBySessionQuery = z.infer<typeof RemoteOperationsBySessionQuerySchema>;

/** A charger as an OCPP charge point: the station's equipment with what it last said (spec C3.6.8). */
export const PowerChargerSchema = z.object({
  chargePointId: z.string(),
  resourceId: z.string(),
  resourceName: z.string(),
  equipmentType: z.string(),
  power: z.number(),
  /** Registered in the portal with a password: may connect. */
  registered: z.boolean(),
  /** Connected to a portal process now. */
  online: z.boolean(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  lastMessageAt: EpochMs.nullable(),
  connectors: z.array(
    z.object({
      connectorNo: z.number().int(),
      connectorId: z.string().nullable(),
      status: ConnectorOcppStatusSchema.nullable(),
      errorCode: z.string().nullable(),
      statusAt: EpochMs.nullable(),
      chargeSessionId: z.string().nullable(),
    }),
  ),
});
export type PowerCharger = z.infer<typeof PowerChargerSchema>;

/**
 * POST power chargers list (spec C7.3.17): a group is a station; page 1 of 100 by default. The page as every
 * list takes it (pageNo, pageSize, sort), at most 100 chargers a page.
 */
export const PowerChargersQuerySchema = z.object({
  group_id: ResourceIdSchema,
  pageNo: integer({ min: 1, max: MAX_PAGE_NO }).default(POWER_CHARGERS_PAGE_NO),
  pageSize: integer({ min: 1, max: POWER_CHARGERS_PAGE_SIZE }).default(POWER_CHARGERS_PAGE_SIZE),
  sort: text(100).optional(),
});
export type PowerChargersQuery = z.infer<typeof PowerChargersQuerySchema>;
/** The spec's `resource_list`, `total_results`, answered as every list: `{ items, total }`. */
export const PowerChargerListSchema = pageOf(PowerChargerSchema);
export type PowerChargerList = z.infer<typeof PowerChargerListSchema>;
export const POWER_CHARGER_SORTABLE = ['chargePointId'] as const;

/** Registering a charger as a charge point answers its password once. */
export const ChargePointRegistrationSchema = z.object({
  chargePointId: z.string(),
  password: z.string(),
  /** The address chargers connect to, with the charge point id at its end. */
  endpoint: z.string(),
});

/** The remote operation list's filter as its export takes it: without the page. */
export const RemoteOperationsExportFilterSchema = RemoteOperationsByResourceQuerySchema.omit({
  pageNo: true,
  pageSize: true,
});

export const RemoteOperationParamsSchema = z.object({
  remoteOperationLogId: idParam(INT8),
});

export const ChargePointParamsSchema = z.object({ chargePointId: ChargePointIdSchema });

/** Registers an equipment of a charge station as an OCPP charge point. */
export const ChargePointRegistrationRequestSchema = z.object({ chargePointId: ChargePointIdSchema });
