import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A platform account of a tenant's app, as the account service last sent it (`POST /api/app/accounts`).
 * Account ids are the service's own, unique within a tenant. A deletion keeps the row with `isDelete`,
 * so comments, relations and paths still name who wrote or planned them.
 */
export const accounts = pgTable(
  'accounts',
  {
    tenant: text('tenant').notNull(),
    accountId: text('account_id').notNull(),
    channelCode: text('channel_code'),
    channelUserId: text('channel_user_id'),
    countryCode: text('country_code').notNull().default('86'),
    mobile: text('mobile'),
    avatar: text('avatar'),
    name: text('name'),
    nickName: text('nick_name'),
    isDefaultNickname: boolean('is_default_nickname').notNull().default(false),
    /** male, female or unknown. */
    gender: text('gender').notNull().default('unknown'),
    birthday: date('birthday', { mode: 'string' }),
    usualCityCode: text('usual_city_code'),
    email: text('email'),
    appId: text('app_id'),
    sourceCode: text('source_code'),
    /** The user-data service's id, shown with relations. */
    udsUserId: text('uds_user_id'),
    medalImage: text('medal_image'),
    intro: text('intro'),
    isDelete: boolean('is_delete').notNull().default(false),
    /** The service's own times of the account. */
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant, t.accountId] }),
    index('accounts_mobile_idx').on(t.tenant, t.mobile),
    // Nickname look-ups match a prefix; text_pattern_ops lets LIKE 'x%' use the index under any collation.
    index('accounts_nick_name_idx').on(t.tenant, t.nickName.op('text_pattern_ops')),
    index('accounts_name_idx').on(t.tenant, t.name.op('text_pattern_ops')),
  ],
);

/** A car an account bound in the app (`GET vehicle users/{id}/my-cars`), keyed by the vehicle id. */
export const personalCars = pgTable(
  'personal_cars',
  {
    tenant: text('tenant').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    userId: text('user_id').notNull(),
    plateNumber: text('plate_number'),
    color: text('color'),
    modelId: text('model_id'),
    brand: text('brand'),
    model: text('model'),
    modelSeries: text('model_series'),
    ratedCapacityInAh: doublePrecision('rated_capacity_in_ah'),
    ratedCapacityInKwh: doublePrecision('rated_capacity_in_kwh'),
    /** Kilometres. */
    ratedRange: integer('rated_range'),
    /** bound or unbound (docs/decisions.md "Accounts and app users"). */
    bindingStatus: text('binding_status').notNull().default('bound'),
    isPmSupported: boolean('is_pm_supported').notNull().default(false),
    isPsSupported: boolean('is_ps_supported').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenant, t.vehicleId] }),
    index('personal_cars_user_idx').on(t.tenant, t.userId),
  ],
);
