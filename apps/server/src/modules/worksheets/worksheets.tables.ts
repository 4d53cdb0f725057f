import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { resources } from '../stations/stations.tables.js';

/** A work order on a station. Stations are network-wide; the tenant records where it was raised. */
export const worksheets = pgTable(
  'worksheets',
  {
    worksheetId: bigserial('worksheet_id', { mode: 'number' }).primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    tenant: text('tenant').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** `open` or `closed`. */
    status: text('status').notNull().default('open'),
    creatorUserId: integer('creator_user_id'),
    creatorName: text('creator_name').notNull(),
    closedByName: text('closed_by_name'),
    closeRemark: text('close_remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('worksheets_resource_idx').on(t.resourceId, t.worksheetId),
    index('worksheets_status_idx').on(t.status, t.worksheetId),
  ],
);
