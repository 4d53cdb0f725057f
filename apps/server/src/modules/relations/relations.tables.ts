import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resources } from '../stations/stations.tables.js';

/**
 * What ties an app account to a station (the spec's CDM relations): bound with a reason, later unbound
 * with one. An unbound relation stays as the record of it; a new bind makes a new relation.
 */
export const relations = pgTable(
  'relations',
  {
    relationId: bigserial('relation_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    resourceOriginId: text('resource_origin_id'),
    accountId: text('account_id').notNull(),
    relationType: text('relation_type').notNull(),
    bindReason: text('bind_reason'),
    /** bind or unbind. */
    state: text('state').notNull().default('bind'),
    unbindReason: text('unbind_reason'),
    bindTime: timestamp('bind_time', { withTimezone: true }).notNull().defaultNow(),
    unbindTime: timestamp('unbind_time', { withTimezone: true }),
    /** Who bound it: portal (staff), app (the app back end) or virtual_station (a report). */
    source: text('source').notNull(),
    boundBy: text('bound_by'),
    unboundBy: text('unbound_by'),
  },
  (t) => [
    // One live relation of a kind between an account and a station; unbound ones are history. Account
    // ids are unique only within a tenant, so the tenant is part of the key.
    uniqueIndex('relations_bound_idx')
      .on(t.tenant, t.resourceId, t.accountId, t.relationType)
      .where(sql`${t.state} = 'bind'`),
    index('relations_account_idx').on(t.tenant, t.accountId, t.relationId),
    index('relations_resource_idx').on(t.resourceId, t.relationId),
    index('relations_tenant_idx').on(t.tenant, t.relationId),
  ],
);
