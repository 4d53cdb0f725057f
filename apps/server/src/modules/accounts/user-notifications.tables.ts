import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages for app users written by the portal (a review's answer to a reporter), kept until the push area
 * delivers them and stamps `delivered_at`.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    accountId: text('account_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    origin: text('origin').notNull(),
    originId: text('origin_id').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('user_notifications_account_idx').on(t.tenant, t.accountId, t.notificationId),
    index('user_notifications_pending_idx')
      .on(t.tenant, t.notificationId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
