import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { PUSH_MAX_ATTEMPTS, type DeliveryChannel } from '@cmp/domain/push-messages/push-messages';
import type { DbOrTx } from '../../platform/db/database.js';
import { pushNotifications } from './push-messages.tables.js';

export type PushNotificationRow = typeof pushNotifications.$inferSelect;

export async function insertNotification(
  tx: DbOrTx,
  values: typeof pushNotifications.$inferInsert,
): Promise<PushNotificationRow> {
  const [row] = await tx.insert(pushNotifications).values(values).returning();
  return row!;
}

export async function findNotification(db: DbOrTx, tenant: Tenant, notificationId: number) {
  const [row] = await db
    .select()
    .from(pushNotifications)
    .where(and(eq(pushNotifications.tenant, tenant), eq(pushNotifications.notificationId, notificationId)));
  return row;
}

export async function pendingNotifications(db: DbOrTx, limit: number): Promise<PushNotificationRow[]> {
  return db
    .select()
    .from(pushNotifications)
    .where(eq(pushNotifications.state, 'pending'))
    .orderBy(asc(pushNotifications.notificationId))
    .limit(limit);
}

export async function notificationsSent(db: DbOrTx, ids: readonly number[], channel: DeliveryChannel) {
  if (ids.length === 0) return;
  await db
    .update(pushNotifications)
    .set({
      state: 'sent',
      channel,
      sentAt: sql`now()`,
      lastError: null,
      attempts: sql`${pushNotifications.attempts} + 1`,
    })
    .where(and(inArray(pushNotifications.notificationId, [...ids]), eq(pushNotifications.state, 'pending')));
}

export async function notificationFailed(db: DbOrTx, id: number, error: string) {
  await db
    .update(pushNotifications)
    .set({
      attempts: sql`${pushNotifications.attempts} + 1`,
      state: sql`case when ${pushNotifications.attempts} + 1 >= ${PUSH_MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      lastError: error.slice(0, 500),
    })
    .where(eq(pushNotifications.notificationId, id));
}

/** An account's single notifications not acknowledged yet, oldest first. */
export async function notificationsToAccount(db: DbOrTx, tenant: Tenant, accountId: string, limit: number) {
  return db
    .select()
    .from(pushNotifications)
    .where(
      and(
        eq(pushNotifications.tenant, tenant),
        eq(pushNotifications.accountId, accountId),
        inArray(pushNotifications.state, ['pending', 'sent']),
      ),
    )
    .orderBy(asc(pushNotifications.notificationId))
    .limit(limit);
}

export async function acknowledgeNotifications(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(pushNotifications)
    .set({ state: 'acknowledged', acknowledgedAt: sql`now()` })
    .where(
      and(
        eq(pushNotifications.tenant, tenant),
        eq(pushNotifications.accountId, accountId),
        inArray(pushNotifications.notificationId, [...ids]),
        inArray(pushNotifications.state, ['pending', 'sent']),
      ),
    )
    .returning({ id: pushNotifications.notificationId });
  return rows.length;
}
