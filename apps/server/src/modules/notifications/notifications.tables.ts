import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { resources } from '../stations/stations.tables.js';

/** A notice shown to drivers on a station's page between its show times. */
export const resourceNotifications = pgTable(
  'resource_notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    notification: text('notification').notNull(),
    showTimeBegin: timestamp('show_time_begin', { withTimezone: true }).notNull(),
    showTimeEnd: timestamp('show_time_end', { withTimezone: true }).notNull(),
    range: text('range'),
    url: text('url'),
    type: text('type').notNull(),
    createdBy: integer('created_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_notifications_resource_idx').on(t.resourceId, t.showTimeBegin)],
);
