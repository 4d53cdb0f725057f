import { sql } from 'drizzle-orm';
import {
  bigserial,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ClientCode } from '@cmp/domain/shared/clients';

/** A push batch (spec batchList, batch/detail): the message, its apps, its schedule and its latest push. */
export const pushBatches = pgTable(
  'push_batches',
  {
    batchId: serial('batch_id').primaryKey(),
    tenant: text('tenant').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    landingPage: text('landing_page'),
    targetClients: jsonb('target_clients').$type<ClientCode[]>().notNull(),
    ratePerSecond: integer('rate_per_second').notNull(),
    status: text('status').notNull().default('draft'),
    pushAt: timestamp('push_at', { withTimezone: true }),
    jobId: integer('job_id'),
    /** Kept with the recipients, so the list needs no count. */
    recipients: integer('recipients').notNull().default(0),
    creator: text('creator'),
    updater: text('updater'),
    /** Who set the push time: the scheduled push's job is theirs, in their task center. */
    scheduledBy: integer('scheduled_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_batches_created_idx').on(t.tenant, t.createdAt, t.batchId),
    index('push_batches_due_idx')
      .on(t.pushAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * A batch's recipient and its delivery. `in_flight_at` is set before a message goes to the broker and
 * cleared with its record: a recipient found in flight when a push resumes may have been delivered once
 * already, and its next delivery is counted in `duplicates`.
 */
export const pushRecipients = pgTable(
  'push_recipients',
  {
    batchId: integer('batch_id').notNull(),
    accountId: text('account_id').notNull(),
    state: text('state').notNull().default('pending'),
    channel: text('channel'),
    attempts: integer('attempts').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    lastError: text('last_error'),
    inFlightAt: timestamp('in_flight_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.accountId] }),
    foreignKey({ columns: [t.batchId], foreignColumns: [pushBatches.batchId] }).onDelete('cascade'),
    index('push_recipients_state_idx').on(t.batchId, t.state, t.accountId),
    index('push_recipients_account_idx').on(t.accountId, t.batchId),
  ],
);

/** Single notifications to one account (spec notification/push), delivered as batch recipients are. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    accountId: text('account_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    landingPage: text('landing_page'),
    state: text('state').notNull().default('pending'),
    channel: text('channel'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    index('push_notifications_account_idx').on(t.tenant, t.accountId, t.notificationId),
    index('push_notifications_pending_idx')
      .on(t.tenant, t.notificationId)
      .where(sql`${t.state} = 'pending'`),
  ],
);
