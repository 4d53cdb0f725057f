import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { userNotifications } from './user-notifications.tables.js';

/** A message for an app user, and what in the portal it answers. */
export interface UserNotification {
  tenant: Tenant;
  accountId: string;
  title: string;
  content: string;
  /** What the message is about (a review of a report, say) and its id there. */
  origin: string;
  originId: string;
  createdBy: string | null;
}

/**
 * Puts a message for an app user in the outbox the push area delivers from, in the caller's transaction,
 * so it is sent only if the change it tells of is committed.
 */
export async function notifyUser(tx: DbOrTx, notification: UserNotification): Promise<void> {
  await tx.insert(userNotifications).values(notification);
}

export type StoredUserNotification = typeof userNotifications.$inferSelect;

/**
 * Messages not delivered yet, oldest first: of one account (the apps' fetch), or of every account (the push
 * area's relay to the broker).
 */
export async function undeliveredUserNotifications(
  db: DbOrTx,
  scope: { tenant: Tenant; accountId: string } | null,
  limit: number,
): Promise<StoredUserNotification[]> {
  return db
    .select()
    .from(userNotifications)
    .where(
      and(
        isNull(userNotifications.deliveredAt),
        scope ? eq(userNotifications.tenant, scope.tenant) : undefined,
        scope ? eq(userNotifications.accountId, scope.accountId) : undefined,
      ),
    )
    .orderBy(asc(userNotifications.notificationId))
    .limit(limit);
}

/** Stamps messages delivered (by the broker's acknowledgement or the app's); of one account when named. */
export async function markUserNotificationsDelivered(
  db: DbOrTx,
  ids: readonly number[],
  owner?: { tenant: Tenant; accountId: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(userNotifications)
    .set({ deliveredAt: sql`now()` })
    .where(
      and(
        inArray(userNotifications.notificationId, [...ids]),
        isNull(userNotifications.deliveredAt),
        owner ? eq(userNotifications.tenant, owner.tenant) : undefined,
        owner ? eq(userNotifications.accountId, owner.accountId) : undefined,
      ),
    )
    .returning({ id: userNotifications.notificationId });
  return rows.length;
}
