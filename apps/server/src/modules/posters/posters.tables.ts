import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ShareInfo } from '@cmp/domain/posters/poster-contracts';

/**
 * A poster of a tenant (marketing spec §3 "Poster"): a picture the apps show at a trigger, for a client, in
 * some regions, inside a window. `configType`/`resourceScope` tie it to stations (null: not tied).
 */
export const posters = pgTable(
  'posters',
  {
    posterId: bigint('poster_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    posterName: text('poster_name').notNull(),
    activityId: bigint('activity_id', { mode: 'number' }),
    clientCode: text('client_code').notNull(),
    businessModule: text('business_module'),
    ruleId: integer('rule_id').notNull(),
    visible: boolean('visible').notNull(),
    priority: integer('priority').notNull(),
    image: text('image').notNull(),
    linkType: integer('link_type').notNull().default(0),
    linkUrl: text('link_url'),
    linkUrlView: text('link_url_view'),
    shareInfoId: bigint('share_info_id', { mode: 'number' }),
    description: text('description'),
    showTimeBegin: timestamp('show_time_begin', { withTimezone: true }).notNull(),
    showTimeEnd: timestamp('show_time_end', { withTimezone: true }).notNull(),
    title: text('title'),
    subTitle: text('sub_title'),
    momentsShareInfo: jsonb('moments_share_info').$type<ShareInfo>(),
    weiboShareInfo: jsonb('weibo_share_info').$type<ShareInfo>(),
    /** Region codes; empty for every region. */
    regionInfo: text('region_info').array().notNull().default([]),
    videoTitle: text('video_title'),
    videoUrl: text('video_url'),
    isPush: boolean('is_push').notNull().default(false),
    pushTitle: text('push_title'),
    configType: text('config_type'),
    resourceScope: text('resource_scope'),
    creatorId: integer('creator_id').notNull(),
    creatorName: text('creator_name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posters_created_idx').on(t.tenant, t.createdAt, t.posterId),
    // The apps' read: the visible posters of a trigger and a client, by priority.
    index('posters_app_idx').on(t.tenant, t.ruleId, t.clientCode, t.visible, t.priority, t.posterId),
  ],
);

/** A station a poster is bound to (resources/bind, upload): it shows there when its scope is `part`. */
export const posterResources = pgTable(
  'poster_resources',
  {
    bindingId: bigint('binding_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    posterId: bigint('poster_id', { mode: 'number' })
      .notNull()
      .references(() => posters.posterId, { onDelete: 'cascade' }),
    tenant: text('tenant').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('poster_resources_binding_idx').on(t.posterId, t.resourceId),
    index('poster_resources_resource_idx').on(t.tenant, t.resourceId, t.posterId),
    index('poster_resources_created_idx').on(t.posterId, t.createdAt, t.bindingId),
  ],
);
