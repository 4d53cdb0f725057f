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
