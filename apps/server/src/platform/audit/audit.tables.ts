import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change of every area. The spec's station and comment operation histories are views of
 * this table filtered by entity type and id.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    tenant: text('tenant'),
    actorUserId: integer('actor_user_id'),
    actorUserName: text('actor_user_name'),
    /** Who acted, in the spec's userType sense: `staff` for portal users, `system` for the server itself. */
    actorType: text('actor_type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    result: text('result').notNull(),
    extData: jsonb('ext_data'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_records_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_records_tenant_idx').on(t.tenant, t.id),
  ],
);
