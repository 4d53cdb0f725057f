import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { signedClients } from '../../platform/signed-clients/signed-clients.tables.js';

/**
 * A tenant's app back end (account service, vehicle service, invitations, route planning) registered as a
 * signed client of kind `app_backend`; its key lives in `signed_clients`.
 */
export const appClients = pgTable('app_clients', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => signedClients.clientId, { onDelete: 'cascade' }),
  tenant: text('tenant').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
