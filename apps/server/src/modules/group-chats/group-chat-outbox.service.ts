import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { groupChatNotifications } from './group-chats.tables.js';

export type StoredGroupNotification = typeof groupChatNotifications.$inferSelect;

/**
 * The appNotify outbox as the push area reads it: pending rows, oldest first, of one account (the apps'
 * fetch) or of every account (the relay to the broker).
 */
export async function pendingGroupNotifications(
  db: DbOrTx,
  scope: { tenant: Tenant; accountId: string } | null,
  limit: number,
): Promise<StoredGroupNotification[]> {
  return db
    .select()
    .from(groupChatNotifications)
    .where(
      and(
        eq(groupChatNotifications.status, 'pending'),
        scope ? eq(groupChatNotifications.tenant, scope.tenant) : undefined,
        scope ? eq(groupChatNotifications.accountId, scope.accountId) : undefined,
      ),
    )
    .orderBy(asc(groupChatNotifications.notificationId))
    .limit(limit);
}

/** Marks pending rows `delivered`; of one account when named. */
export async function markGroupNotificationsDelivered(
  db: DbOrTx,
  ids: readonly number[],
  owner?: { tenant: Tenant; accountId: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(groupChatNotifications)
    .set({ status: 'delivered', deliveredAt: sql`now()` })
    .where(
      and(
        inArray(groupChatNotifications.notificationId, [...ids]),
        eq(groupChatNotifications.status, 'pending'),
        owner ? eq(groupChatNotifications.tenant, owner.tenant) : undefined,
        owner ? eq(groupChatNotifications.accountId, owner.accountId) : undefined,
      ),
    )
    .returning({ id: groupChatNotifications.notificationId });
  return rows.length;
}
