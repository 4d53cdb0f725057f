import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChargingDiscountRules } from '@cmp/domain/activities/charging-discount';
import type { ActivityRuleValue } from '@cmp/domain/activities/activity-type-rules';

/**
 * An activity of a tenant (marketing spec §3 "Activity"). `state` is what staff did (created, started,
 * finished); the status users see is derived from it and the window (`activityStatusOf`). Rules are kept
 * as sent, discounts as ratios.
 */
export const activities = pgTable(
  'activities',
  {
    activityId: bigint('activity_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityType: text('activity_type').notNull(),
    activityName: text('activity_name').notNull(),
    activityDescription: text('activity_description'),
    state: text('state').notNull().default('created'),
    beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    coverImage: text('cover_image'),
    rewardSlogan: text('reward_slogan'),
    activityLink: text('activity_link'),
    businessModule: text('business_module'),
    activityRules: jsonb('activity_rules').$type<ActivityRuleValue[]>().notNull().default([]),
    chargingDiscountRules: jsonb('charging_discount_rules')
      .$type<ChargingDiscountRules[]>()
      .notNull()
      .default([]),
    effectOperatorRules: jsonb('effect_operator_rules')
      .$type<{ operatorId: string }[]>()
      .notNull()
      .default([]),
    creatorId: integer('creator_id').notNull(),
    creatorName: text('creator_name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_created_idx').on(t.tenant, t.createdAt, t.activityId),
    index('activities_window_idx').on(t.tenant, t.state, t.endTime),
  ],
);

/** A station taking part in an activity (spec M3.1.12); `active` is switched by resource/active and inactive. */
export const activityStations = pgTable(
  'activity_stations',
  {
    relationId: bigint('relation_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'cascade' }),
    resourceId: text('resource_id').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_stations_station_idx').on(t.activityId, t.resourceId),
    index('activity_stations_resource_idx').on(t.tenant, t.resourceId),
  ],
);

/**
 * A reward an activity gave a user: red packets (cents) or points. The reward engine writes them; the
 * activity's reward statistics are their sums.
 */
export const activityRewards = pgTable(
  'activity_rewards',
  {
    rewardId: bigint('reward_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'restrict' }),
    accountId: text('account_id').notNull(),
    rewardKind: text('reward_kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_rewards_activity_idx').on(t.activityId, t.rewardKind, t.givenAt)],
);

/**
 * An award bound to a station in an activity (spec M3.1.12 resourceAwards, resource/bind_awards): coupons of
 * a batch for a user who charged `degree` kWh there, `totalAmount` of them, `issueAmount` given so far (the
 * reward engine adds to it, never past the total).
 */
export const activityStationAwards = pgTable(
  'activity_station_awards',
  {
    relationId: bigint('relation_id', { mode: 'number' })
      .notNull()
      .references(() => activityStations.relationId, { onDelete: 'cascade' }),
    degree: doublePrecision('degree').notNull(),
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' }).notNull(),
    totalAmount: integer('total_amount').notNull(),
    issueAmount: integer('issue_amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.relationId, t.degree] })],
);
