import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { DuplicateCandidate } from '@cmp/domain/stations/crowdsourced-stations';

/** A picture sent with a report, kept as a stored file. */
export interface ReportPictureRef {
  fileId: string;
  name: string;
}

/**
 * A station reported by an app user or entered by staff (the spec's crowd-sourced station), waiting for
 * review, reviewed, and perhaps brought online as a network station. The reporter's nickname and mobile are
 * read from `accounts` (the account service's copy), not kept here.
 */
export const crowdsourcedStations = pgTable(
  'crowdsourced_stations',
  {
    tenant: text('tenant').notNull(),
    objectId: text('object_id').notNull(),
    source: text('source').notNull(),
    operatorId: text('operator_id'),
    operatorName: text('operator_name'),
    otherOperatorName: text('other_operator_name'),
    stationName: text('station_name').notNull(),
    areaCode: text('area_code'),
    address: text('address').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    siteGuide: text('site_guide'),
    construction: smallint('construction'),
    businessHours: text('business_hours'),
    electricityFee: text('electricity_fee'),
    serviceFee: text('service_fee'),
    parkNums: integer('park_nums'),
    parkFee: text('park_fee'),
    remark: text('remark'),
    dcPower: doublePrecision('dc_power').notNull().default(0),
    dcCurrent: doublePrecision('dc_current').notNull().default(0),
    dcEquipmentNumber: integer('dc_equipment_number').notNull().default(0),
    acPower: doublePrecision('ac_power').notNull().default(0),
    acCurrent: doublePrecision('ac_current').notNull().default(0),
    acEquipmentNumber: integer('ac_equipment_number').notNull().default(0),
    pictures: jsonb('pictures').$type<ReportPictureRef[]>().notNull().default([]),
    /** 0 pending, 1 approved, 2 rejected. */
    stationStatus: smallint('station_status').notNull().default(0),
    /** 0 not online, 1 online. */
    onlineStatus: smallint('online_status').notNull().default(0),
    /** The network station the report is about (found by the reporter, or made when it went online). */
    stationId: text('station_id'),
    creatorAccountId: text('creator_account_id'),
    /** The app client or staff user that entered it. */
    createUser: text('create_user'),
    isChargingBlindSpot: boolean('is_charging_blind_spot').notNull().default(false),
    chargingBlindSpotId: text('charging_blind_spot_id'),
    chargingBlindSpotLongitude: doublePrecision('charging_blind_spot_longitude'),
    chargingBlindSpotLatitude: doublePrecision('charging_blind_spot_latitude'),
    duplicateCandidates: jsonb('duplicate_candidates').$type<DuplicateCandidate[]>().notNull().default([]),
    suspectedDuplicate: boolean('suspected_duplicate').notNull().default(false),
    reviewUser: text('review_user'),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant, t.objectId] }),
    // The review queue: one state, oldest first.
    index('crowdsourced_queue_idx').on(t.tenant, t.stationStatus, t.createdAt, t.objectId),
    index('crowdsourced_created_idx').on(t.tenant, t.createdAt, t.objectId),
    index('crowdsourced_creator_idx').on(t.tenant, t.creatorAccountId, t.createdAt),
    index('crowdsourced_location_idx').on(t.tenant, t.latitude, t.longitude),
    index('crowdsourced_station_idx').on(t.stationId),
  ],
);

/**
 * How many reports a tenant has in each review and online state, kept by statement triggers on
 * `crowdsourced_stations` (migration 0016_crowdsourced_totals), so the review queue filtered by state alone
 * answers its total without counting every row.
 */
export const crowdsourcedTotals = pgTable(
  'crowdsourced_totals',
  {
    tenant: text('tenant').notNull(),
    stationStatus: smallint('station_status').notNull(),
    onlineStatus: smallint('online_status').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.stationStatus, t.onlineStatus] })],
);
