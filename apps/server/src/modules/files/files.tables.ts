import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    tenant: text('tenant').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_tenant_idx').on(t.tenant, t.createdAt)],
);
