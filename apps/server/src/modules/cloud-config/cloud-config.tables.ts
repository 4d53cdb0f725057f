import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReleasedItem } from '@cmp/domain/cloud-config/cloud-config';

/**
 * A namespace of a tenant's configuration app. `notificationId` counts its releases: a release takes the
 * row's lock and adds one, so the numbers of one namespace grow by one with no gap and no twin.
 */
export const configNamespaces = pgTable(
  'config_namespaces',
  {
    namespaceId: bigint('namespace_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    namespaceName: text('namespace_name').notNull(),
    comment: text('comment'),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_namespaces_name_idx').on(t.tenant, t.namespaceName)],
);

/** The working items of a namespace: what staff edit; the apps see them only once released. */
export const configItems = pgTable(
  'config_items',
  {
    itemId: bigint('item_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    namespaceId: bigint('namespace_id', { mode: 'number' })
      .notNull()
      .references(() => configNamespaces.namespaceId),
    key: text('key').notNull(),
    /** The JSON text as it was saved (checked against its key's shape), so the apps read it verbatim. */
    value: text('value').notNull(),
    comment: text('comment'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_items_key_idx').on(t.namespaceId, t.key)],
);

/** A release: the whole namespace as it was released, never changed afterwards. */
export const configReleases = pgTable(
  'config_releases',
  {
    releaseId: bigint('release_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    namespaceId: bigint('namespace_id', { mode: 'number' })
      .notNull()
      .references(() => configNamespaces.namespaceId),
    tenant: text('tenant').notNull(),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    releaseKey: text('release_key').notNull(),
    releaseTitle: text('release_title').notNull(),
    releaseComment: text('release_comment'),
    /** The items by key order. */
    items: jsonb('items').$type<ReleasedItem[]>().notNull(),
    releasedBy: text('released_by').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    rollbackOfReleaseId: bigint('rollback_of_release_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('config_releases_notification_idx').on(t.namespaceId, t.notificationId),
    uniqueIndex('config_releases_key_idx').on(t.releaseKey),
    index('config_releases_time_idx').on(t.namespaceId, t.releasedAt.desc(), t.releaseId.desc()),
  ],
);
