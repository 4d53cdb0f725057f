import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NOTIFICATION_SORTABLE } from '@cmp/domain/stations/resource-notification';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { resourceNotifications } from './notifications.tables.js';

export type NotificationRow = typeof resourceNotifications.$inferSelect;
export type NotificationValues = Pick<
  typeof resourceNotifications.$inferInsert,
  'resourceId' | 'notification' | 'showTimeBegin' | 'showTimeEnd' | 'range' | 'url' | 'type'
>;

/** A station's notifications, the latest shown first. */
export const notificationList = defineList({
  table: resourceNotifications,
  id: resourceNotifications.notificationId,
  sort: {
    keys: {
      showTimeBegin: resourceNotifications.showTimeBegin,
      showTimeEnd: resourceNotifications.showTimeEnd,
      updateTime: resourceNotifications.updateTime,
    } satisfies Record<(typeof NOTIFICATION_SORTABLE)[number], AnyPgColumn>,
    default: 'showTimeBegin:desc',
  },
  where: ({ resourceId }: { resourceId: string }) => eq(resourceNotifications.resourceId, resourceId),
  select: (db, cursor) =>
    db
      .select({ notification: resourceNotifications, ...cursor })
      .from(resourceNotifications)
      .$dynamic(),
});

export async function findNotification(
  db: DbOrTx,
  notificationId: number,
  { forUpdate = false } = {},
): Promise<NotificationRow | undefined> {
  const query = db
    .select()
    .from(resourceNotifications)
    .where(eq(resourceNotifications.notificationId, notificationId));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertNotification(
  tx: DbOrTx,
  values: NotificationValues & { createdBy: number | null },
): Promise<NotificationRow> {
  const [row] = await tx.insert(resourceNotifications).values(values).returning();
  return row!;
}

export async function updateNotification(
  tx: DbOrTx,
  notificationId: number,
  values: Partial<NotificationValues>,
): Promise<NotificationRow> {
  const [row] = await tx
    .update(resourceNotifications)
    .set({ ...values, updateTime: sql`now()` })
    .where(eq(resourceNotifications.notificationId, notificationId))
    .returning();
  return row!;
}
