import type { Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import {
  mqttTopicOf,
  type AppMessage,
  type PushNotification,
  type PushNotificationCreate,
} from '@cmp/domain/push-messages/push-messages';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { liveAccountExists } from '../accounts/accounts.views.js';
import {
  markUserNotificationsDelivered,
  undeliveredUserNotifications,
  type StoredUserNotification,
} from '../accounts/user-notifications.service.js';
import {
  markGroupNotificationsDelivered,
  pendingGroupNotifications,
  type StoredGroupNotification,
} from '../group-chats/group-chat-outbox.service.js';
import { batchMessage } from './push-delivery.job.js';
import * as batches from './push-batches.repo.js';
import * as repo from './push-notifications.repo.js';
import type { PushTransport } from './push-transport.js';

export const PUSH_NOTIFICATION_ENTITY = 'push_notification';
/** Rows the relay takes of each outbox per round. */
const RELAY_BATCH = 200;

const singleMessage = (row: repo.PushNotificationRow): AppMessage => ({
  id: `n${row.notificationId}`,
  kind: 'notification',
  title: row.title,
  content: row.content,
  landingPage: row.landingPage,
  clients: [],
  about: null,
  createdAt: row.createdAt.getTime(),
});
const userMessage = (row: StoredUserNotification): AppMessage => ({
  id: `u${row.notificationId}`,
  kind: 'user_notice',
  title: row.title,
  content: row.content,
  landingPage: null,
  clients: [],
  about: { origin: row.origin, originId: row.originId },
  createdAt: row.createdAt.getTime(),
});
const groupMessage = (row: StoredGroupNotification): AppMessage => ({
  id: `g${row.notificationId}`,
  kind: 'group_chat_notice',
  title: row.payload.title,
  content: row.payload.content,
  landingPage: row.payload.linkUrl,
  clients: [],
  about: { groupId: row.payload.groupId, chatId: row.payload.chatId, groupName: row.payload.groupName },
  createdAt: row.createdAt.getTime(),
});

export const toPushNotification = (row: repo.PushNotificationRow): PushNotification => ({
  notificationId: row.notificationId,
  accountId: row.accountId,
  title: row.title,
  content: row.content,
  landingPage: row.landingPage,
  state: row.state as PushNotification['state'],
  attempts: row.attempts,
  lastError: row.lastError,
  createdBy: row.createdBy,
  createdAt: row.createdAt.getTime(),
  sentAt: row.sentAt?.getTime() ?? null,
});

/**
 * The messages that are not batches: single notifications (spec notification/push), the review notices of
 * the accounts' outbox and the group chats' appNotify rows. With a broker the relay publishes them as a push
 * does and marks them by the broker's acknowledgement; with none they wait for the apps' signed fetch and are
 * marked by the apps' acknowledgement. The outboxes of the other areas are read and marked through their own
 * services.
 */
export class PushOutboxService {
  private relaying: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly transport: PushTransport,
  ) {}

  async notify(tenant: Tenant, input: PushNotificationCreate, actor: Actor): Promise<PushNotification> {
    if (!(await liveAccountExists(this.db, tenant, input.accountId)))
      throw new RuleError(ruleMessage('pushMessages.unknownAccount', { accountId: input.accountId }));
    const row = await this.db.transaction(async (tx) => {
      const row = await repo.insertNotification(tx, {
        tenant,
        accountId: input.accountId,
        title: input.title,
        content: input.content,
        landingPage: input.landingPage ?? null,
        createdBy: actor.userName,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: PUSH_NOTIFICATION_ENTITY,
        entityId: row.notificationId,
        action: 'PUSH_NOTIFICATION',
        after: {
          accountId: row.accountId,
          title: row.title,
          content: row.content,
          landingPage: row.landingPage,
        },
      });
      return row;
    });
    void this.relay();
    return toPushNotification(row);
  }

  async notification(tenant: Tenant, notificationId: number): Promise<PushNotification | undefined> {
    const row = await repo.findNotification(this.db, tenant, notificationId);
    return row && toPushNotification(row);
  }

  /**
   * One relay at a time per process; a call while one runs asks for another round after it, so a message
   * written meanwhile is not left for the next tick.
   */
  relay(): Promise<void> {
    if (this.relaying) {
      this.again = true;
      return this.relaying;
    }
    this.relaying = (async () => {
      do {
        this.again = false;
        await this.relayRound();
      } while (this.again);
    })().finally(() => (this.relaying = undefined));
    return this.relaying;
  }

  private async relayRound(): Promise<void> {
    const singles = await repo.pendingNotifications(this.db, RELAY_BATCH);
    if (this.transport.channel === 'outbox') {
      await repo.notificationsSent(
        this.db,
        singles.map((row) => row.notificationId),
        'outbox',
      );
      return;
    }
    await this.transport.ready();
    const publish = async <R extends { tenant: string; accountId: string }>(
      rows: R[],
      message: (row: R) => AppMessage,
    ): Promise<{ sent: R[]; failed: { row: R; error: string }[] }> => {
      const sent: R[] = [];
      const failed: { row: R; error: string }[] = [];
      await Promise.all(
        rows.map((row) =>
          this.transport.publish(mqttTopicOf(row.tenant, row.accountId), JSON.stringify(message(row))).then(
            () => void sent.push(row),
            (error: unknown) =>
              void failed.push({ row, error: error instanceof Error ? error.message : String(error) }),
          ),
        ),
      );
      return { sent, failed };
    };
    const single = await publish(singles, singleMessage);
    await repo.notificationsSent(
      this.db,
      single.sent.map((row) => row.notificationId),
      'mqtt',
    );
    for (const { row, error } of single.failed)
      await repo.notificationFailed(this.db, row.notificationId, error);
    // The other outboxes keep no attempts: a message the broker did not take stays pending for the next round.
    const users = await publish(await undeliveredUserNotifications(this.db, null, RELAY_BATCH), userMessage);
    await markUserNotificationsDelivered(
      this.db,
      users.sent.map((row) => row.notificationId),
    );
    const groups = await publish(await pendingGroupNotifications(this.db, null, RELAY_BATCH), groupMessage);
    await markGroupNotificationsDelivered(
      this.db,
      groups.sent.map((row) => row.notificationId),
    );
  }

  /** The apps' fetch: an account's messages not acknowledged yet, of every kind, oldest first. */
  async fetch(tenant: Tenant, accountId: string, limit: number): Promise<{ items: AppMessage[] }> {
    const scope = { tenant, accountId };
    const [batchRows, singles, users, groups] = await Promise.all([
      batches.sentToAccount(this.db, tenant, accountId, limit),
      repo.notificationsToAccount(this.db, tenant, accountId, limit),
      undeliveredUserNotifications(this.db, scope, limit),
      pendingGroupNotifications(this.db, scope, limit),
    ]);
    const items = [
      ...batchRows.map(({ batch }) => batchMessage(batch)),
      ...singles.map(singleMessage),
      ...users.map(userMessage),
      ...groups.map(groupMessage),
    ]
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .slice(0, limit);
    return { items };
  }

  /** The apps' acknowledgement, by the ids of the messages shown; ids of other accounts change nothing. */
  async acknowledge(
    tenant: Tenant,
    accountId: string,
    ids: readonly string[],
  ): Promise<{ acknowledged: number }> {
    const of = (prefix: string) =>
      ids
        .filter((id) => id.startsWith(prefix) && /^\d{1,15}$/.test(id.slice(1)))
        .map((id) => Number(id.slice(1)));
    const owner = { tenant, accountId };
    return this.db.transaction(async (tx) => {
      let acknowledged = await batches.acknowledgeRecipients(tx, tenant, accountId, of('b'));
      acknowledged += await repo.acknowledgeNotifications(tx, tenant, accountId, of('n'));
      acknowledged += await markUserNotificationsDelivered(tx, of('u'), owner);
      acknowledged += await markGroupNotificationsDelivered(tx, of('g'), owner);
      return { acknowledged };
    });
  }
}
