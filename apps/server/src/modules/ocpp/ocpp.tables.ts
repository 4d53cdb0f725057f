import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FirmwareStatus } from '@cmp/domain/stations/remote-operations';
import { equipments, resources } from '../stations/stations.tables.js';

/**
 * A charger registered as an OCPP charge point: its id is the equipment's, its password is kept only as a
 * salted hash, and it holds what the charger last said about itself.
 */
export const chargePoints = pgTable(
  'charge_points',
  {
    chargePointId: text('charge_point_id')
      .primaryKey()
      .references(() => equipments.equipmentId, { onDelete: 'cascade' }),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }).notNull().defaultNow(),
    passwordSetBy: text('password_set_by').notNull(),
    /**
     * The tenant whose operator registered the charger: only its staff set its password and send it
     * commands. Null for chargers registered before chargers had an owner (and the demo's), which every
     * tenant's operators manage as before.
     */
    tenant: text('tenant'),
    vendor: text('vendor'),
    model: text('model'),
    serialNumber: text('serial_number'),
    firmwareVersion: text('firmware_version'),
    /** The rest of BootNotification (ICCID, IMSI, meter type and serial). */
    bootInfo: jsonb('boot_info').$type<Record<string, string>>(),
    bootAt: timestamp('boot_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    diagnosticsStatus: text('diagnostics_status'),
    diagnosticsStatusAt: timestamp('diagnostics_status_at', { withTimezone: true }),
    firmwareStatus: text('firmware_status').$type<FirmwareStatus>(),
    firmwareStatusAt: timestamp('firmware_status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_points_resource_idx').on(t.resourceId)],
);

/**
 * Each OCPP connector of a charge point (number 0 is the charger as a whole) with its last
 * StatusNotification; `connectorId` is the portal's connector it is, the charger's n-th by id.
 */
export const chargePointConnectors = pgTable(
  'charge_point_connectors',
  {
    chargePointId: text('charge_point_id')
      .notNull()
      .references(() => chargePoints.chargePointId, { onDelete: 'cascade' }),
    connectorNo: smallint('connector_no').notNull(),
    connectorId: text('connector_id'),
    status: text('status').notNull(),
    errorCode: text('error_code').notNull().default('NoError'),
    /** info, vendorId, vendorErrorCode as the charger sent them. */
    detail: jsonb('detail').$type<Record<string, string>>(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.connectorNo] })],
);

/**
 * Which portal process holds a charger's socket. A process writes its row on connect and removes it on
 * close; rows of a process whose heartbeat in `portal_processes` stopped are stale and ignored.
 */
export const chargePointPresence = pgTable('charge_point_presence', {
  chargePointId: text('charge_point_id')
    .primaryKey()
    .references(() => chargePoints.chargePointId, { onDelete: 'cascade' }),
  processId: text('process_id').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The portal processes alive now, each beating its heart; presence and command routing read it. */
export const portalProcesses = pgTable('portal_processes', {
  processId: text('process_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charging session (OCPP transaction): the central system numbers it; `chargeSessionId` is that number
 * as text, the id the operation logs carry.
 */
export const chargeSessions = pgTable(
  'charge_sessions',
  {
    transactionId: integer('transaction_id').primaryKey().generatedAlwaysAsIdentity(),
    chargePointId: text('charge_point_id')
      .notNull()
      .references(() => chargePoints.chargePointId, { onDelete: 'cascade' }),
    connectorNo: smallint('connector_no').notNull(),
    idTag: text('id_tag').notNull(),
    /** Accepted, Invalid, Blocked … as answered to StartTransaction. */
    authorization: text('authorization').notNull(),
    meterStartWh: integer('meter_start_wh').notNull(),
    meterStopWh: integer('meter_stop_wh'),
    lastMeterWh: integer('last_meter_wh'),
    lastMeterAt: timestamp('last_meter_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    /** The REMOTE_START operation that led to it, if any. */
    remoteOperationLogId: bigint('remote_operation_log_id', { mode: 'number' }),
  },
  (t) => [
    index('charge_sessions_point_idx').on(t.chargePointId, t.startedAt.desc()),
    uniqueIndex('charge_sessions_open_idx')
      .on(t.chargePointId, t.connectorNo)
      .where(sql`stopped_at is null`),
  ],
);

/** Meter samples as chargers send them (MeterValues and a StopTransaction's transactionData). */
export const chargeMeterValues = pgTable(
  'charge_meter_values',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargePointId: text('charge_point_id')
      .notNull()
      .references(() => chargePoints.chargePointId, { onDelete: 'cascade' }),
    connectorNo: smallint('connector_no').notNull(),
    transactionId: integer('transaction_id'),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    /** The sampledValue array as sent. */
    values: jsonb('values').$type<Record<string, string>[]>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('charge_meter_values_session_idx').on(t.transactionId, t.sampledAt),
    index('charge_meter_values_received_idx').on(t.receivedAt),
  ],
);

/**
 * One remote operation (spec C3.6.7): a command sent to a charger, updated from its answer and from the
 * status notifications that follow (firmware, diagnostics, a remote start's session).
 */
export const remoteOperationLogs = pgTable(
  'remote_operation_logs',
  {
    remoteOperationLogId: bigint('remote_operation_log_id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity(),
    /** The area the command was issued from. */
    tenant: text('tenant').notNull(),
    resourceId: text('resource_id').notNull(),
    chargePointId: text('charge_point_id').notNull(),
    connectorNo: smallint('connector_no'),
    operatorType: text('operator_type').notNull(),
    operationType: text('operation_type').notNull(),
    operator: text('operator').notNull(),
    operatorUserId: integer('operator_user_id'),
    commandId: text('command_id'),
    command: text('command').notNull(),
    commandInfo: jsonb('command_info').$type<Record<string, unknown>>().notNull(),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    /** What the charger answered to the call. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    upgradeInfo: jsonb('upgrade_info').$type<{
      upgradePackageId: number;
      version: string;
      campaignId: number | null;
      firmwareStatus: FirmwareStatus | null;
    }>(),
    chargeSessionId: text('charge_session_id'),
    progress: text('progress'),
    percentage: smallint('percentage'),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    createAt: timestamp('create_at', { withTimezone: true }).notNull().defaultNow(),
    updateAt: timestamp('update_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('remote_operation_logs_resource_idx').on(
      t.resourceId,
      t.createAt.desc(),
      t.remoteOperationLogId.desc(),
    ),
    index('remote_operation_logs_time_idx').on(t.createAt.desc(), t.remoteOperationLogId.desc()),
    index('remote_operation_logs_point_idx').on(
      t.chargePointId,
      t.createAt.desc(),
      t.remoteOperationLogId.desc(),
    ),
    index('remote_operation_logs_session_idx').on(t.chargeSessionId),
    index('remote_operation_logs_campaign_idx').on(t.campaignId, t.chargePointId),
    index('remote_operation_logs_open_idx')
      .on(t.chargePointId, t.operationType)
      .where(sql`status in (0, 3)`),
  ],
);
