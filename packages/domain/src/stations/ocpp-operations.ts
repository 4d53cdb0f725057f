import { z } from 'zod';
import { EPOCH_MS, INT4, integer, text, trimmedText } from '../shared/input.js';

/**
 * The OCPP 1.6J operations beyond the first eight (issue 29): configuration, the authorization cache, the
 * local authorization list, reservations and smart charging. Each command as staff send it mirrors its
 * OCPP 1.6 JSON schema (lengths, enums), with the portal's names (`connectorNo`) and times as epoch
 * milliseconds; the server turns it into the OCPP call (docs/decisions.md "OCPP 1.6 operations").
 */

/** CiString50Type: a configuration key. */
const ConfigurationKey = trimmedText(50).min(1, { error: 'form.required' });
/** IdToken: CiString20Type. */
const IdTag = trimmedText(20).min(1, { error: 'form.required' });
const ConnectorNo = integer({ min: 0, max: 99 });
const Time = integer(EPOCH_MS);
const NonNegative = integer({ min: 0, max: INT4.max });

/** How many keys one GetConfiguration asks for by name (none asks for every key). */
export const GET_CONFIGURATION_MAX_KEYS = 100;
/** How many entries one SendLocalList carries: far above the 1.6 chargers' usual SendLocalListMaxLength. */
export const LOCAL_LIST_MAX_ENTRIES = 1_000;
/** How many periods one charging schedule holds (a day in quarter hours). */
export const CHARGING_SCHEDULE_MAX_PERIODS = 96;
/** The longest composite schedule asked for: a week, in seconds. */
export const COMPOSITE_SCHEDULE_MAX_SECONDS = 7 * 24 * 3600;

/** AuthorizationStatus of an IdTagInfo. */
export const ID_TAG_STATUSES = ['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx'] as const;
export const LOCAL_LIST_UPDATE_TYPES = ['Full', 'Differential'] as const;
export const CHARGING_PROFILE_PURPOSES = ['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'] as const;
export const CHARGING_PROFILE_KINDS = ['Absolute', 'Recurring', 'Relative'] as const;
export const RECURRENCY_KINDS = ['Daily', 'Weekly'] as const;
export const CHARGING_RATE_UNITS = ['A', 'W'] as const;

/**
 * Every status a 1.6 charger answers the portal's calls with, shown as a label: ChangeConfiguration's
 * RebootRequired is a change kept that takes effect after a reboot.
 */
export const OCPP_ANSWER_STATUSES = [
  'Accepted',
  'Rejected',
  'RebootRequired',
  'NotSupported',
  'Scheduled',
  'Unlocked',
  'UnlockFailed',
  'Failed',
  'VersionMismatch',
  'Occupied',
  'Faulted',
  'Unavailable',
  'Unknown',
  'NotImplemented',
] as const;
export type OcppAnswerStatus = (typeof OCPP_ANSWER_STATUSES)[number];

const LocalListEntry = z.object({
  idTag: IdTag,
  /** Without a status, a Differential update removes the id tag from the list. */
  status: z.enum(ID_TAG_STATUSES).optional(),
  expiryDate: Time.optional(),
  parentIdTag: trimmedText(20).min(1).optional(),
});

const ChargingSchedulePeriod = z.object({
  startPeriod: NonNegative,
  /** Amperes or watts, in steps of 0.1 as OCPP's multipleOf asks. */
  limit: z
    .number()
    .min(0)
    .max(10_000_000)
    .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, { error: 'ocpp.limitStep' }),
  numberPhases: integer({ min: 1, max: 3 }).optional(),
});

export const ChargingScheduleSchema = z.object({
  duration: NonNegative.optional(),
  startSchedule: Time.optional(),
  chargingRateUnit: z.enum(CHARGING_RATE_UNITS),
  chargingSchedulePeriod: z
    .array(ChargingSchedulePeriod)
    .min(1)
    .max(CHARGING_SCHEDULE_MAX_PERIODS)
    .refine((periods) => periods[0]?.startPeriod === 0, { error: 'ocpp.firstPeriod' })
    .refine((periods) => periods.every((p, i) => i === 0 || p.startPeriod > periods[i - 1]!.startPeriod), {
      error: 'ocpp.periodOrder',
    }),
  minChargingRate: z.number().min(0).max(10_000_000).optional(),
});

/**
 * Configuration keys whose values are secrets: the OCPP 1.6 security profiles' `AuthorizationKey` (the
 * charger's basic-auth password, write-only by the security whitepaper). The charger gets the value; the
 * dialog that sends it hides it as it is typed, and the log, its audit and any answer naming it show it masked.
 */
export const SECRET_CONFIGURATION_KEYS: ReadonlySet<string> = new Set(['AuthorizationKey']);

/** The commands of the operations added for issue 29, members of `RemoteCommandSchema`. */
export const OCPP_OPERATION_COMMANDS = [
  z.object({
    operationType: z.literal('GET_CONFIGURATION'),
    keys: z.array(ConfigurationKey).max(GET_CONFIGURATION_MAX_KEYS).optional(),
  }),
  z.object({
    operationType: z.literal('CHANGE_CONFIGURATION'),
    key: ConfigurationKey,
    value: text(500),
  }),
  z.object({ operationType: z.literal('CLEAR_CACHE') }),
  z
    .object({
      operationType: z.literal('SEND_LOCAL_LIST'),
      updateType: z.enum(LOCAL_LIST_UPDATE_TYPES),
      /** 0 and -1 are what GetLocalListVersion answers for no list and no support. */
      listVersion: integer({ min: 1, max: INT4.max }),
      entries: z.array(LocalListEntry).max(LOCAL_LIST_MAX_ENTRIES).default([]),
    })
    .superRefine((command, ctx) => {
      const seen = new Set<string>();
      command.entries.forEach((entry, index) => {
        const tag = entry.idTag.toLowerCase();
        if (seen.has(tag))
          ctx.addIssue({ code: 'custom', path: ['entries', index, 'idTag'], message: 'ocpp.duplicateIdTag' });
        seen.add(tag);
        // A full list replaces the charger's: each id tag in it needs what it is allowed.
        if (command.updateType === 'Full' && entry.status === undefined)
          ctx.addIssue({ code: 'custom', path: ['entries', index, 'status'], message: 'form.required' });
      });
    }),
  z.object({ operationType: z.literal('GET_LOCAL_LIST_VERSION') }),
  z.object({
    operationType: z.literal('RESERVE_NOW'),
    /** 0 reserves whichever connector is free, where the charger allows (ReserveConnectorZeroSupported). */
    connectorNo: ConnectorNo,
    /** Checked against the clock where it is parsed: the form as the server. */
    expiryDate: Time.refine((ms) => ms > Date.now(), { error: 'ocpp.expiryInPast' }),
    idTag: IdTag,
    parentIdTag: trimmedText(20).min(1).optional(),
  }),
  z.object({
    operationType: z.literal('CANCEL_RESERVATION'),
    reservationId: integer({ min: 1, max: INT4.max }),
  }),
  z
    .object({
      operationType: z.literal('SET_CHARGING_PROFILE'),
      connectorNo: ConnectorNo,
      chargingProfileId: integer({ min: 1, max: INT4.max }),
      transactionId: integer({ min: 1, max: INT4.max }).optional(),
      stackLevel: integer({ min: 0, max: 99 }),
      chargingProfilePurpose: z.enum(CHARGING_PROFILE_PURPOSES),
      chargingProfileKind: z.enum(CHARGING_PROFILE_KINDS),
      recurrencyKind: z.enum(RECURRENCY_KINDS).optional(),
      validFrom: Time.optional(),
      validTo: Time.optional(),
      chargingSchedule: ChargingScheduleSchema,
    })
    .superRefine((command, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      // OCPP 1.6 §3.13.2: the charger's limit is set on connector 0, a transaction's on its connector.
      if (command.chargingProfilePurpose === 'ChargePointMaxProfile' && command.connectorNo !== 0)
        issue('connectorNo', 'ocpp.maxProfileConnector');
      if (command.chargingProfilePurpose === 'TxProfile' && command.connectorNo === 0)
        issue('connectorNo', 'ocpp.txProfileConnector');
      if (command.transactionId !== undefined && command.chargingProfilePurpose !== 'TxProfile')
        issue('transactionId', 'ocpp.transactionOnlyTx');
      if (command.chargingProfileKind === 'Recurring' && command.recurrencyKind === undefined)
        issue('recurrencyKind', 'form.required');
      if (
        command.validFrom !== undefined &&
        command.validTo !== undefined &&
        command.validTo <= command.validFrom
      )
        issue('validTo', 'ocpp.validToAfterFrom');
    }),
  z.object({
    operationType: z.literal('CLEAR_CHARGING_PROFILE'),
    chargingProfileId: integer({ min: 1, max: INT4.max }).optional(),
    connectorNo: ConnectorNo.optional(),
    chargingProfilePurpose: z.enum(CHARGING_PROFILE_PURPOSES).optional(),
    stackLevel: integer({ min: 0, max: 99 }).optional(),
  }),
  z.object({
    operationType: z.literal('GET_COMPOSITE_SCHEDULE'),
    connectorNo: ConnectorNo,
    duration: integer({ min: 1, max: COMPOSITE_SCHEDULE_MAX_SECONDS }),
    chargingRateUnit: z.enum(CHARGING_RATE_UNITS).optional(),
  }),
] as const;

/** One key of a GetConfiguration answer (KeyValue: key, readonly, value up to 500 characters). */
export const ConfigurationKeyValueSchema = z.object({
  key: z.string(),
  readonly: z.boolean(),
  value: z.string().optional(),
});
export type ConfigurationKeyValue = z.infer<typeof ConfigurationKeyValueSchema>;

/** The answer of GetConfiguration as a charger sends it. */
export const GetConfigurationAnswerSchema = z.object({
  configurationKey: z.array(ConfigurationKeyValueSchema).optional(),
  unknownKey: z.array(z.string()).optional(),
});
export type GetConfigurationAnswer = z.infer<typeof GetConfigurationAnswerSchema>;

/** The answer of GetCompositeSchedule: the schedule the charger will follow, from `scheduleStart`. */
export const CompositeScheduleAnswerSchema = z.object({
  status: z.string(),
  connectorId: z.number().optional(),
  scheduleStart: z.string().optional(),
  chargingSchedule: z
    .object({
      duration: z.number().optional(),
      startSchedule: z.string().optional(),
      chargingRateUnit: z.string(),
      chargingSchedulePeriod: z.array(
        z.object({ startPeriod: z.number(), limit: z.number(), numberPhases: z.number().optional() }),
      ),
      minChargingRate: z.number().optional(),
    })
    .optional(),
});
export type CompositeScheduleAnswer = z.infer<typeof CompositeScheduleAnswerSchema>;

/** The most rows a bulk charger registration sheet holds. */
export const CHARGE_POINT_BULK_MAX_ROWS = 10_000;

/** Why a row of a bulk registration sheet is refused. */
export const CHARGE_POINT_BULK_ROW_ERRORS = [
  'invalidId',
  'duplicate',
  'unknownEquipment',
  'registered',
] as const;
export type ChargePointBulkRowError = (typeof CHARGE_POINT_BULK_ROW_ERRORS)[number];

/** A refused bulk registration's `details`: each wrong row (1 is the first row under the header). */
export const ChargePointBulkErrorDetailsSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      chargePointId: z.string(),
      error: z.enum(CHARGE_POINT_BULK_ROW_ERRORS),
    }),
  ),
});
export type ChargePointBulkErrorDetails = z.infer<typeof ChargePointBulkErrorDetailsSchema>;
