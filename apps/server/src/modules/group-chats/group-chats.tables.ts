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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GroupNotificationPayload } from '@cmp/domain/chats/group-chats';

/** A station's group chat for one client (spec M3.7.1); `member_num` is kept with the members. */
export const groupChats = pgTable(
  'group_chats',
  {
    id: serial('id').primaryKey(),
    tenant: text('tenant').notNull(),
    clientCode: text('client_code').notNull(),
    resourceId: text('resource_id').notNull(),
    chatSwitch: smallint('chat_switch').notNull().default(0),
    chatId: text('chat_id').notNull(),
    owner: text('owner').notNull(),
    groupName: text('group_name').notNull(),
    groupIntro: text('group_intro'),
    groupCover: text('group_cover'),
    chatStatus: text('chat_status').notNull().default('NORMAL'),
    memberNum: integer('member_num').notNull().default(0),
    maxMemberNum: integer('max_member_num').notNull(),
    creator: text('creator'),
    updater: text('updater'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_chats_station_client_idx').on(t.tenant, t.resourceId, t.clientCode),
    uniqueIndex('group_chats_chat_id_idx').on(t.chatId),
    index('group_chats_created_idx').on(t.tenant, t.createdAt, t.id),
  ],
);

/** Who is in a group: app accounts, joined through the app back end (the owner from the start). */
export const groupChatMembers = pgTable(
  'group_chat_members',
  {
    groupId: integer('group_id').notNull(),
    accountId: text('account_id').notNull(),
    clientCode: text('client_code').notNull(),
    invitedBy: text('invited_by'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.accountId] }),
    foreignKey({ columns: [t.groupId], foreignColumns: [groupChats.id] }).onDelete('cascade'),
    index('group_chat_members_joined_idx').on(t.groupId, t.joinedAt, t.accountId),
  ],
);

/**
 * The group chats' notification outbox (spec appNotify): one row per member of a notice, `pending` until
 * the push area delivers it and marks it `delivered` or `failed`.
 */
export const groupChatNotifications = pgTable(
  'group_chat_notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    groupId: integer('group_id').notNull(),
    batchId: text('batch_id').notNull(),
    accountId: text('account_id').notNull(),
    payload: jsonb('payload').$type<GroupNotificationPayload>().notNull(),
    status: text('status').notNull().default('pending'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.groupId], foreignColumns: [groupChats.id] }).onDelete('cascade'),
    index('group_chat_notifications_group_idx').on(t.groupId, t.batchId),
    index('group_chat_notifications_pending_idx')
      .on(t.tenant, t.notificationId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
