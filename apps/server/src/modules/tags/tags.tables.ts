import { sql } from 'drizzle-orm';
import {
  boolean,
  smallint,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { resources } from '../stations/stations.tables.js';

/** Kinds of tag (resource information, algorithm tags, evaluations), numbered as the spec's tagCategoryCode. */
export const tagCategories = pgTable(
  'tag_categories',
  {
    tagCategoryId: serial('tag_category_id').primaryKey(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tag_categories_code_key').on(t.code)],
);

/** Who sets a group's value: the algorithms (measured) or the operations staff (cmo). */
export const tagProviders = pgTable(
  'tag_providers',
  {
    tagProviderId: serial('tag_provider_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tag_providers_code_key').on(t.code)],
);

/** A question a station answers with one tag (or one value): its kind, provider, station type and input. */
export const tagGroups = pgTable(
  'tag_groups',
  {
    tagGroupId: serial('tag_group_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    tagCategoryId: integer('tag_category_id')
      .notNull()
      .references(() => tagCategories.tagCategoryId),
    tagProviderId: integer('tag_provider_id')
      .notNull()
      .references(() => tagProviders.tagProviderId),
    /** ChargeStation or PowerSwap. */
    bizCode: text('biz_code').notNull(),
    /** select, number, fault_ratio, occupy_time or yes_no (TAG_INPUT_TYPES). */
    inputType: text('input_type').notNull(),
    unit: text('unit'),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    manualUpdateAllowed: boolean('manual_update_allowed').notNull(),
    /** A disabled group is kept with what stations hold but no longer offered in the stations' tag editor. */
    enable: boolean('enable').notNull().default(true),
    /** Whether the group's tag is the reason the app gives for recommending a station, under this heading. */
    recommendationTag: boolean('recommendation_tag').notNull().default(false),
    recommendationText: text('recommendation_text'),
    /** Staff's note about the group, shown only in the catalogue. */
    remark: text('remark'),
    relationGroupCode: text('relation_group_code'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tag_groups_code_key').on(t.code),
    index('tag_groups_biz_sort_idx').on(t.bizCode, t.sort),
  ],
);

export const tags = pgTable(
  'tags',
  {
    tagId: serial('tag_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    tagGroupId: integer('tag_group_id')
      .notNull()
      .references(() => tagGroups.tagGroupId, { onDelete: 'cascade' }),
    priority: integer('priority').notNull().default(0),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_code_key').on(t.code), index('tags_group_idx').on(t.tagGroupId, t.priority)],
);

/** The explanation the editor shows beside a group's input; the fault ratio's ceiling is written in it. */
export const tagTooltips = pgTable('tag_tooltips', {
  tagGroupId: integer('tag_group_id')
    .primaryKey()
    .references(() => tagGroups.tagGroupId, { onDelete: 'cascade' }),
  text: text('text').notNull(),
});

/**
 * The tags a station holds, one per group (the services keep it so). Degree 1 is a value staff set; higher
 * degrees are values the algorithms measured, which for stations not run by their owner may not be overwritten.
 */
export const resourceTags = pgTable(
  'resource_tags',
  {
    resourceTagId: serial('resource_tag_id').primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.tagId, { onDelete: 'cascade' }),
    value: text('value'),
    degree: smallint('degree').notNull().default(1),
    expire: boolean('expire').notNull().default(false),
    expireReason: text('expire_reason'),
    /** The tenant key (`cmo:tenant:nio`) of the area staff set the value in; null for measured values. */
    cmoTenant: text('cmo_tenant'),
    /** The remark staff gave with their value. */
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A tag once per layer: the algorithms' measured value (degree above 1) and staff's value (degree 1).
    uniqueIndex('resource_tags_resource_tag_layer_key').on(t.resourceId, t.tagId, sql`(${t.degree} > 1)`),
    // The operations list's filter by tag.
    index('resource_tags_tag_idx').on(t.tagId, t.resourceId),
  ],
);
