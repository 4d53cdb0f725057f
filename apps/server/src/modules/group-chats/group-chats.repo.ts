import { and, asc, count, desc, eq, max, min, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { GROUP_CHAT_SORTABLE, GroupChatFilter } from '@cmp/domain/chats/group-chats';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { stationDirectory } from '../stations/stations.views.js';
import { groupChatMembers, groupChatNotifications, groupChats } from './group-chats.tables.js';

export type GroupChatRow = typeof groupChats.$inferSelect;
export type NewGroupChat = typeof groupChats.$inferInsert;
export type GroupNotificationRow = typeof groupChatNotifications.$inferInsert;

export type GroupChatScopedFilter = Omit<GroupChatFilter, 'sort' | 'needChatInfoDetail' | 'tenantId'> & {
  tenant: Tenant;
};

function groupChatWhere({ tenant, ...f }: GroupChatScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(groupChats.tenant, tenant)];
  if (f.clientCode) conditions.push(eq(groupChats.clientCode, f.clientCode));
  if (f.resourceId) conditions.push(eq(groupChats.resourceId, f.resourceId));
  if (f.chatSwitch !== undefined) conditions.push(eq(groupChats.chatSwitch, f.chatSwitch));
  if (f.chatId) conditions.push(eq(groupChats.chatId, f.chatId));
  if (f.owner) conditions.push(eq(groupChats.owner, f.owner));
  if (f.chatStatus) conditions.push(eq(groupChats.chatStatus, f.chatStatus));
  return and(...conditions)!;
}

/** A group with its station's name and its owner's nickname (null when either is unknown now). */
export interface GroupChatNamedRow {
  group: GroupChatRow;
  resourceName: string | null;
  ownerNickname: string | null;
}

const named = (db: DbOrTx) =>
  db
    .select({
      group: groupChats,
      resourceName: stationDirectory.resourceName,
      ownerNickname: accountDirectory.nickName,
    })
    .from(groupChats)
    .leftJoin(stationDirectory, eq(stationDirectory.resourceId, groupChats.resourceId))
    .leftJoin(
      accountDirectory,
      and(eq(accountDirectory.tenant, groupChats.tenant), eq(accountDirectory.accountId, groupChats.owner)),
    );

/** The group chat list: the latest created first. */
export const groupChatList = defineList({
  table: groupChats,
  id: groupChats.id,
  sort: {
    keys: {
      createdAt: groupChats.createdAt,
      updatedAt: groupChats.updatedAt,
      id: groupChats.id,
    } satisfies Record<(typeof GROUP_CHAT_SORTABLE)[number], AnyPgColumn>,
    default: 'createdAt:desc',
  },
  where: groupChatWhere,
  select: (db, cursor) =>
    db
      .select({
        ...cursor,
        group: groupChats,
        resourceName: stationDirectory.resourceName,
        ownerNickname: accountDirectory.nickName,
      })
      .from(groupChats)
      .leftJoin(stationDirectory, eq(stationDirectory.resourceId, groupChats.resourceId))
      .leftJoin(
        accountDirectory,
        and(eq(accountDirectory.tenant, groupChats.tenant), eq(accountDirectory.accountId, groupChats.owner)),
      )
      .$dynamic(),
});

export async function findGroupChat(
  db: DbOrTx,
  tenant: Tenant,
  groupId: number,
): Promise<GroupChatNamedRow | undefined> {
  const [row] = await named(db).where(and(eq(groupChats.tenant, tenant), eq(groupChats.id, groupId)));
  return row;
}

export async function findGroupOfStation(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  clientCode: string,
): Promise<GroupChatNamedRow | undefined> {
  const [row] = await named(db).where(
    and(
      eq(groupChats.tenant, tenant),
      eq(groupChats.resourceId, resourceId),
      eq(groupChats.clientCode, clientCode),
    ),
  );
  return row;
}

export async function lockGroupChat(
  tx: DbOrTx,
  tenant: Tenant,
  groupId: number,
): Promise<GroupChatRow | undefined> {
  const [row] = await tx
    .select()
    .from(groupChats)
    .where(and(eq(groupChats.tenant, tenant), eq(groupChats.id, groupId)))
    .for('update');
  return row;
}

/** Inserts the group unless the station has one for the client (the unique index decides). */
export async function insertGroupChat(tx: DbOrTx, values: NewGroupChat): Promise<GroupChatRow | undefined> {
  const [row] = await tx.insert(groupChats).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateGroupChat(
  tx: DbOrTx,
  groupId: number,
  values: Partial<NewGroupChat>,
): Promise<GroupChatRow> {
  const [row] = await tx
    .update(groupChats)
    .set({ ...values, version: sql`${groupChats.version} + 1`, updatedAt: sql`now()` })
    .where(eq(groupChats.id, groupId))
    .returning();
  return row!;
}

/** Adds the member unless it is in already; answers whether it was added. */
export async function addMember(tx: DbOrTx, member: typeof groupChatMembers.$inferInsert): Promise<boolean> {
  const added = await tx.insert(groupChatMembers).values(member).onConflictDoNothing().returning();
  if (added.length === 0) return false;
  await tx
    .update(groupChats)
    .set({ memberNum: sql`${groupChats.memberNum} + 1` })
    .where(eq(groupChats.id, member.groupId));
  return true;
}

export async function removeMember(tx: DbOrTx, groupId: number, accountId: string): Promise<boolean> {
  const removed = await tx
    .delete(groupChatMembers)
    .where(and(eq(groupChatMembers.groupId, groupId), eq(groupChatMembers.accountId, accountId)))
    .returning();
  if (removed.length === 0) return false;
  await tx
    .update(groupChats)
    .set({ memberNum: sql`${groupChats.memberNum} - 1` })
    .where(eq(groupChats.id, groupId));
  return true;
}

export async function isMember(db: DbOrTx, groupId: number, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: groupChatMembers.accountId })
    .from(groupChatMembers)
    .where(and(eq(groupChatMembers.groupId, groupId), eq(groupChatMembers.accountId, accountId)));
  return row !== undefined;
}

const membersNamed = (db: DbOrTx, tenant: Tenant) =>
  db
    .select({
      member: groupChatMembers,
      nickname: accountDirectory.nickName,
      avatar: accountDirectory.avatar,
    })
    .from(groupChatMembers)
    .leftJoin(
      accountDirectory,
      and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.accountId, groupChatMembers.accountId)),
    );
export type MemberNamedRow = Awaited<ReturnType<ReturnType<typeof membersNamed>['execute']>>[number];

export async function findMember(
  db: DbOrTx,
  tenant: Tenant,
  groupId: number,
  accountId: string,
): Promise<MemberNamedRow | undefined> {
  const [row] = await membersNamed(db, tenant).where(
    and(eq(groupChatMembers.groupId, groupId), eq(groupChatMembers.accountId, accountId)),
  );
  return row;
}

/** A page of a group's members, the earliest joined first, with their account's nickname and avatar. */
export async function memberPage(
  db: DbOrTx,
  tenant: Tenant,
  groupId: number,
  page: { pageNo: number; pageSize: number },
) {
  const where = eq(groupChatMembers.groupId, groupId);
  const [rows, [total]] = await Promise.all([
    membersNamed(db, tenant)
      .where(where)
      .orderBy(asc(groupChatMembers.joinedAt), asc(groupChatMembers.accountId))
      .limit(page.pageSize)
      .offset(page.pageSize * (page.pageNo - 1)),
    db.select({ total: count() }).from(groupChatMembers).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function memberIds(db: DbOrTx, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ accountId: groupChatMembers.accountId })
    .from(groupChatMembers)
    .where(eq(groupChatMembers.groupId, groupId))
    .orderBy(asc(groupChatMembers.accountId));
  return rows.map((row) => row.accountId);
}

export async function insertNotifications(tx: DbOrTx, rows: GroupNotificationRow[]): Promise<void> {
  // Large groups go in slices, within the parameters one statement may carry.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(groupChatNotifications).values(rows.slice(i, i + 1000));
  }
}

/** The group's notices, newest first: each batch with its recipients and how many still wait. */
export async function noticesOf(db: DbOrTx, groupId: number, limit: number) {
  return db
    .select({
      batchId: groupChatNotifications.batchId,
      payload: min(sql<string>`${groupChatNotifications.payload}::text`),
      recipients: count(),
      pending: sql<number>`count(*) filter (where ${groupChatNotifications.status} = 'pending')`.mapWith(
        Number,
      ),
      createdBy: max(groupChatNotifications.createdBy),
      createdAt: max(groupChatNotifications.createdAt),
    })
    .from(groupChatNotifications)
    .where(eq(groupChatNotifications.groupId, groupId))
    .groupBy(groupChatNotifications.batchId)
    .orderBy(desc(max(groupChatNotifications.createdAt)), desc(groupChatNotifications.batchId))
    .limit(limit);
}
