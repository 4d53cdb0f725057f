import { sql } from 'drizzle-orm';
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
import { activities } from '../activities/activities.tables.js';

/** A lottery activity's way of giving its bags (the gift bag list's claim type, spec M3.2.6). */
export const lotteries = pgTable('lotteries', {
  activityId: bigint('activity_id', { mode: 'number' })
    .primaryKey()
    .references(() => activities.activityId, { onDelete: 'cascade' }),
  tenant: text('tenant').notNull(),
  claimType: text('claim_type').notNull().default('random'),
  version: integer('version').notNull().default(1),
});

/** A gift bag of a lottery activity (spec M3.2.3): won `won` times of its `lotteryQuota`. */
export const giftBags = pgTable(
  'gift_bags',
  {
    giftBagId: bigint('gift_bag_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'cascade' }),
    description: text('description'),
    lotteryQuota: integer('lottery_quota').notNull(),
    won: integer('won').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_bags_activity_idx').on(t.activityId, t.giftBagId)],
);

/**
 * An award of an activity (spec M3.2.1): `awardUnits` coupons of the batch `awardCode` per win, `awardAmount`
 * wins in stock of which `issueAmount` are given. In one gift bag at most.
 */
export const awards = pgTable(
  'awards',
  {
    awardId: bigint('award_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'cascade' }),
    giftBagId: bigint('gift_bag_id', { mode: 'number' }).references(() => giftBags.giftBagId, {
      onDelete: 'set null',
    }),
    awardType: text('award_type').notNull().default('pe_coupon'),
    awardCode: text('award_code').notNull(),
    awardTitle: text('award_title').notNull(),
    awardSubTitle: text('award_sub_title'),
    awardImage: text('award_image'),
    needLogistics: boolean('need_logistics').notNull().default(false),
    awardUnits: integer('award_units').notNull().default(1),
    awardAmount: integer('award_amount').notNull(),
    issueAmount: integer('issue_amount').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('awards_activity_idx').on(t.activityId, t.awardId),
    index('awards_gift_bag_idx').on(t.giftBagId),
  ],
);

/**
 * A user's draw in a lottery (spec M3.2.8). `period` is what the claim frequency counts (`once`, or the day
 * in UTC+08:00), so one draw per user and period is a unique index; the apps' request id makes a draw asked
 * twice one draw.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    drawLogId: bigint('draw_log_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'restrict' }),
    accountId: text('account_id').notNull(),
    requestId: text('request_id').notNull(),
    period: text('period').notNull(),
    giftBagId: bigint('gift_bag_id', { mode: 'number' }),
    drawState: text('draw_state').notNull(),
    loseReason: text('lose_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_draws_request_idx').on(t.activityId, t.requestId),
    uniqueIndex('lottery_draws_period_idx').on(t.activityId, t.accountId, t.period),
    index('lottery_draws_time_idx').on(t.tenant, t.createdAt, t.drawLogId),
  ],
);

/**
 * A reward given to a user (a draw's award, or what the reward engine gives): coupons of a batch or brand
 * points, with its state (spec M4.5) and, when it failed, why. Point records are the brand-point rewards.
 */
export const rewardRecords = pgTable(
  'reward_records',
  {
    recordId: bigint('record_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'restrict' }),
    accountId: text('account_id').notNull(),
    drawLogId: bigint('draw_log_id', { mode: 'number' }).references(() => lotteryDraws.drawLogId, {
      onDelete: 'restrict',
    }),
    awardId: bigint('award_id', { mode: 'number' }),
    rewardType: text('reward_type').notNull(),
    rewardCode: text('reward_code'),
    rewardName: text('reward_name').notNull(),
    rewardUnits: integer('reward_units').notNull(),
    rewardState: integer('reward_state').notNull().default(0),
    failReason: text('fail_reason'),
    reissueDesc: text('reissue_desc'),
    couponIds: jsonb('coupon_ids').$type<number[]>().notNull().default([]),
    resourceId: text('resource_id'),
    resourceName: text('resource_name'),
    vehicleId: text('vehicle_id'),
    extResourceType: text('ext_resource_type'),
    extResourceId: text('ext_resource_id'),
    /** The event the reward engine gave it for: one reward per activity, event and rule. */
    eventKey: text('event_key'),
    rewardTime: timestamp('reward_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_records_draw_idx').on(t.drawLogId),
    index('reward_records_type_time_idx').on(t.tenant, t.rewardType, t.createdAt, t.recordId),
    uniqueIndex('reward_records_event_idx').on(t.activityId, t.eventKey),
  ],
);

/**
 * What the apps' back end reported users did, kept until the reward engine has read it (`processedAt`):
 * one row per tenant and event id, so an event sent twice is one event.
 */
export const rewardEvents = pgTable(
  'reward_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reward_events_event_idx').on(t.tenant, t.eventId),
    index('reward_events_pending_idx')
      .on(t.tenant, t.seq)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * What the engine counts per activity and account: kWh charged (`kwh`, `kwh:<station>`), assists given and
 * received, the pairs already counted (`helped:<account>`), and per station the red packets given
 * (account '', `red:<station>`).
 */
export const rewardProgress = pgTable(
  'reward_progress',
  {
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.activityId, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    scope: text('scope').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.accountId, t.scope] })],
);
