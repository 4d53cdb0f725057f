import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { OpeningHours } from '@cmp/domain/stations/business-hours';
import type { FeePeriod } from '@cmp/domain/stations/fees';
import { equipmentOwners, operators } from '../operators/operators.tables.js';

/**
 * One row per charge or swap station: the columns the operations list filters and sorts on. Type-specific
 * fields live in `charge_stations` and `swap_stations`. The four counters are kept by the services that
 * change worksheets and comments, in the same transaction, so the list never aggregates at read time.
 */
export const resources = pgTable(
  'resources',
  {
    resourceId: text('resource_id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    resourceName: text('resource_name').notNull(),
    description: text('description'),
    remark: text('remark'),
    pictureAppVisible: boolean('picture_app_visible').notNull().default(true),
    operatorId: text('operator_id').references(() => operators.operatorId),
    equipmentOwnerId: text('equipment_owner_id').references(() => equipmentOwners.equipmentOwnerId),
    recommendationCode: text('recommendation_code'),
    /** GB/T 2260 code of the district (or the city where a city has no districts). */
    regionId: text('region_id'),
    cityId: text('city_id'),
    provinceId: text('province_id'),
    address: text('address'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    status: smallint('status').notNull().default(50),
    construction: smallint('construction'),
    /**
     * The direction of travel an expressway service area serves (one carriageway), in whole degrees
     * clockwise from north; null when cars going either way can pull in (docs/route-planning.md).
     */
    servedBearing: smallint('served_bearing'),
    guide: text('guide'),
    active: boolean('active').notNull().default(true),
    bizSceneCodes: integer('biz_scene_codes').array().notNull().default([]),
    commentaryNumber: integer('commentary_number').notNull().default(0),
    focusedCommentaryNumber: integer('focused_commentary_number').notNull().default(0),
    worksheetNumber: integer('worksheet_number').notNull().default(0),
    openWorksheetNumber: integer('open_worksheet_number').notNull().default(0),
    basicInfoUpdateTime: timestamp('basic_info_update_time', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped on every save of the basic info; a save naming an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resources_update_time_idx').on(t.basicInfoUpdateTime.desc(), t.resourceId.desc()),
    index('resources_type_idx').on(t.resourceType, t.basicInfoUpdateTime.desc(), t.resourceId.desc()),
    index('resources_operator_idx').on(t.operatorId),
    index('resources_owner_idx').on(t.equipmentOwnerId),
    index('resources_region_idx').on(t.regionId),
    index('resources_city_idx').on(t.cityId),
    index('resources_location_idx').on(t.latitude, t.longitude),
  ],
);

/**
 * How many stations of each type there are, kept by triggers on `resources` (migration 0021), so that the
 * operations list unfiltered, or filtered by type alone, answers its total without counting a million rows.
 */
export const resourceTotals = pgTable('resource_totals', {
  resourceType: text('resource_type').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const chargeStations = pgTable('charge_stations', {
  resourceId: text('resource_id')
    .primaryKey()
    .references(() => resources.resourceId, { onDelete: 'cascade' }),
  stationType: smallint('station_type'),
  groupType: text('group_type'),
  chargerType: text('charger_type'),
  timezone: text('timezone').notNull(),
  serviceTel: text('service_tel'),
  businessHours: jsonb('business_hours').$type<OpeningHours>().notNull(),
  electricityFee: jsonb('electricity_fee').$type<FeePeriod[]>().notNull(),
  serviceFee: jsonb('service_fee').$type<FeePeriod[]>().notNull(),
  parkFeeModify: boolean('park_fee_modify').notNull().default(false),
  parkFeeTag: text('park_fee_tag'),
  parkFeeOrigin: text('park_fee_origin'),
  payment: text('payment'),
  matchCars: text('match_cars'),
  parkNumbers: integer('park_numbers'),
  parkInfo: text('park_info'),
  supportPowerNorth: boolean('support_power_north').notNull().default(false),
  chargingMapOnline: boolean('charging_map_online').notNull().default(true),
  oneClickChargingOnline: boolean('one_click_charging_online').notNull().default(true),
  isScannable: boolean('is_scannable').notNull().default(true),
});

export const swapStations = pgTable('swap_stations', {
  resourceId: text('resource_id')
    .primaryKey()
    .references(() => resources.resourceId, { onDelete: 'cascade' }),
  registrationCode: text('registration_code'),
  softwareVersion: text('software_version'),
  hardwareVersion: text('hardware_version'),
  firmwareVersion: text('firmware_version'),
  parkNo: text('park_no'),
  parkInfo: text('park_info'),
  parkFeeTag: text('park_fee_tag'),
  parkFeeModify: boolean('park_fee_modify').notNull().default(false),
  chargerTotalNumberAc: integer('charger_total_number_ac').notNull().default(0),
  chargerFreeNumberAc: integer('charger_free_number_ac').notNull().default(0),
  chargerTotalNumberDc: integer('charger_total_number_dc').notNull().default(0),
  chargerFreeNumberDc: integer('charger_free_number_dc').notNull().default(0),
  chargingPowerTotalMin: doublePrecision('charging_power_total_min'),
  chargingPowerTotalMax: doublePrecision('charging_power_total_max'),
  workLine: text('work_line'),
  workLineUpdateReason: text('work_line_update_reason'),
  hasClone: boolean('has_clone').notNull().default(false),
  cloneLongitude: doublePrecision('clone_longitude'),
  cloneLatitude: doublePrecision('clone_latitude'),
  cloneDescription: text('clone_description'),
  deviceSupervisor: text('device_supervisor'),
  deputyRegion: text('deputy_region'),
  deputyRegionId: text('deputy_region_id'),
  deviceSupplier: text('device_supplier'),
  followers: text('followers').array().notNull().default([]),
  userId: text('user_id'),
  userName: text('user_name'),
  openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
  swapQueueAdjust: integer('swap_queue_adjust').notNull().default(0),
});

/** A charger of a charge station; its connectors are the plugs a car uses. */
export const equipments = pgTable(
  'equipments',
  {
    equipmentId: text('equipment_id').primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    equipmentType: text('equipment_type').notNull(),
    equipmentLng: doublePrecision('equipment_lng'),
    equipmentLat: doublePrecision('equipment_lat'),
    power: doublePrecision('power').notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipments_resource_idx').on(t.resourceId)],
);

export const connectors = pgTable(
  'connectors',
  {
    connectorId: text('connector_id').primaryKey(),
    equipmentId: text('equipment_id')
      .notNull()
      .references(() => equipments.equipmentId, { onDelete: 'cascade' }),
    connectorType: smallint('connector_type').notNull(),
    voltageUpperLimits: integer('voltage_upper_limits'),
    current: integer('current'),
    power: doublePrecision('power').notNull(),
    nationalStandard: smallint('national_standard'),
    /** `free`, `busy` or `offline`: what the charger last reported. */
    status: text('status').notNull().default('free'),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('connectors_equipment_idx').on(t.equipmentId)],
);
