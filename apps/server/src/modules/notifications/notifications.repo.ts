import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { resources } from '../stations/stations.tables.js';
import { resourceNotifications } from './notifications.tables.js';

export type NotificationRow = typeof resourceNotifications.$inferSelect;
export type NotificationValues = Pick<
  typeof resourceNotifications.$inferInsert,
  'resourceId' | 'notification' | 'showTimeBegin' | 'showTimeEnd' | 'range' | 'url' | 'type'
>;

export async function resourceExists(db: DbOrTx, resourceId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(resources)
    .where(eq(resources.resourceId, resourceId));
  return row !== undefined;
}

export async function listNotifications(db: DbOrTx, resourceId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(resourceNotifications)
    .where(eq(resourceNotifications.resourceId, resourceId))
    .orderBy(desc(resourceNotifications.showTimeBegin), desc(resourceNotifications.notificationId));
}

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
