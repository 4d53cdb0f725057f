import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CommentPicture } from '@cmp/domain/comments/comment-contracts';
import { resources } from '../stations/stations.tables.js';

/**
 * A vendor that sends comments in: a signed client (`platform/signed-clients`, kind `comment_vendor`)
 * of one tenant, whose comments belong to that tenant.
 */
export const commentVendors = pgTable(
  'comment_vendors',
  {
    applicationId: text('application_id').primaryKey(),
    tenant: text('tenant').notNull(),
    applicationName: text('application_name').notNull(),
    description: text('description'),
    sourceId: text('source_id').notNull(),
    callbackUrl: text('callback_url'),
    state: text('state').notNull().default('enabled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_vendors_source_idx').on(t.tenant, t.sourceId)],
);

/**
 * A user's comment on a station. The station's fields are read from the station; the user's are as the
 * vendor last sent them. `tenant` is the source tenant: every query of this table filters on it.
 */
export const comments = pgTable(
  'comments',
  {
    commentaryId: bigserial('commentary_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    applicationId: text('application_id').references(() => commentVendors.applicationId),
    /** The vendor's own id of the comment: sending it again updates the comment. */
    externalId: text('external_id'),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    commentaryTime: timestamp('commentary_time', { withTimezone: true }).notNull(),
    commentaryText: text('commentary_text'),
    commentaryTags: text('commentary_tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    pictures: jsonb('pictures').$type<CommentPicture[]>().notNull().default([]),
    accountId: text('account_id').notNull(),
    userName: text('user_name'),
    userNickname: text('user_nickname'),
    userMobile: text('user_mobile'),
    userRole: text('user_role'),
    client: text('client').notNull(),
    chargeOrder: text('charge_order'),
    chargeStationId: text('charge_station_id'),
    scene: text('scene').notNull(),
    quality: text('quality').notNull().default('normal'),
    thumbs: integer('thumbs').notNull().default(0),
    top: boolean('top').notNull().default(false),
    focused: boolean('focused').notNull().default(false),
    droppedByAdmin: boolean('dropped_by_admin').notNull().default(false),
    droppedByUser: boolean('dropped_by_user').notNull().default(false),
    accountCancellation: boolean('account_cancellation').notNull().default(false),
    appVisible: boolean('app_visible').notNull().default(true),
    highQualityRewardSuccess: boolean('high_quality_reward_success').notNull().default(false),
    detail: text('detail'),
    remark: text('remark'),
    chargingSpeed: text('charging_speed'),
    vehicleName: text('vehicle_name'),
    replyNumber: integer('reply_number').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_external_idx').on(t.applicationId, t.externalId),
    // The list's default order within a tenant, and the order of a station's comments.
    index('comments_tenant_time_idx').on(t.tenant, t.commentaryTime.desc(), t.commentaryId.desc()),
    index('comments_resource_time_idx').on(t.resourceId, t.commentaryTime.desc(), t.commentaryId.desc()),
    index('comments_account_idx').on(t.tenant, t.accountId, t.commentaryTime.desc()),
    index('comments_mobile_idx').on(t.tenant, t.userMobile),
  ],
);

/** An official reply, by staff: at most one per comment. */
export const commentReplies = pgTable(
  'comment_replies',
  {
    replyId: bigserial('reply_id', { mode: 'number' }).primaryKey(),
    commentaryId: bigint('commentary_id', { mode: 'number' })
      .notNull()
      .references(() => comments.commentaryId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    userType: text('user_type').notNull().default('staff'),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_replies_official_idx').on(t.commentaryId)],
);

/**
 * How many comments each tenant has, kept by statement triggers on `comments` (migration 0009), so the
 * unfiltered list answers its total without counting a million rows.
 */
export const commentTotals = pgTable('comment_totals', {
  tenant: text('tenant').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
