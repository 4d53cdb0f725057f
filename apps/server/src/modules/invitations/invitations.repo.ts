import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { InvitationKind } from '@cmp/domain/invitations/invitation-codes';
import { INVITE_SORTABLE, type InviteFilter } from '@cmp/domain/invitations/invitations';
import { parseSort, pageOffset } from '@cmp/domain';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts } from '../accounts/accounts.tables.js';
import { invitations, invitationTotals } from './invitations.tables.js';

export type InvitationRow = typeof invitations.$inferSelect;

/** The spec's simple account, as the accounts table holds it. */
export interface AccountRow {
  accountId: string;
  nickName: string | null;
  name: string | null;
  mobile: string | null;
}

/** Where one kind's invitations of a tenant are listed from. */
export interface InvitationScope {
  tenant: Tenant;
  kind: InvitationKind;
}

const ofScope = ({ tenant, kind }: InvitationScope) =>
  and(eq(invitations.tenant, tenant), eq(invitations.kind, kind))!;

/**
 * The list's conditions, all on `invitations`: a mobile names the invitees through one id subquery on
 * the tenant's accounts (by their mobile index), so neither the page nor the count needs a join.
 */
export function invitationWhere(scope: InvitationScope, filter: InviteFilter): SQL {
  const conditions: SQL[] = [ofScope(scope)];
  if (filter.inviterId) conditions.push(eq(invitations.inviterId, filter.inviterId));
  if (filter.inviteeId) conditions.push(eq(invitations.userId, filter.inviteeId));
  if (filter.mobile) {
    conditions.push(
      inArray(
        invitations.userId,
        sql`(select ${accounts.accountId} from ${accounts}
             where ${accounts.tenant} = ${scope.tenant} and ${accounts.mobile} = ${filter.mobile})`,
      ),
    );
  }
  return and(...conditions)!;
}

/**
 * Newest first, the only order the list offers (400 for another), ties by id: the time index of
 * (tenant, kind, create_time, invitation_id) read backwards.
 */
export function invitationOrder(sort: string | undefined): 'asc' | 'desc' {
  return parseSort(sort, INVITE_SORTABLE)?.direction ?? 'desc';
}

const orderBy = (direction: 'asc' | 'desc') =>
  direction === 'asc'
    ? [invitations.createTime, invitations.invitationId]
    : [desc(invitations.createTime), desc(invitations.invitationId)];

/** The scope's number of invitations, as the triggers on `invitations` keep it. */
async function keptTotal(db: DbOrTx, { tenant, kind }: InvitationScope): Promise<number> {
  const [row] = await db
    .select({ total: invitationTotals.total })
    .from(invitationTotals)
    .where(and(eq(invitationTotals.tenant, tenant), eq(invitationTotals.kind, kind)));
  return row?.total ?? 0;
}

/** Whether the filter narrows the scope's invitations at all (the order does not). */
const narrows = ({ sort: _sort, ...filter }: InviteFilter): boolean =>
  Object.values(filter).some((value) => value !== undefined && value !== '');

/**
 * One page and the total, at once. The total of the whole list is kept by triggers, not counted: counting a
 * million invitations of a kind takes a scan of them; a filtered one reads the inviter or invitee index.
 */
export async function invitationPage(
  db: DbOrTx,
  scope: InvitationScope,
  filter: InviteFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const where = invitationWhere(scope, filter);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(...orderBy(invitationOrder(filter.sort)))
      .limit(page.pageSize)
      .offset(pageOffset(page.pageNo, page.pageSize)),
    narrows(filter) ? countInvitations(db, where) : keptTotal(db, scope),
  ]);
  return { rows, total };
}

export async function countInvitations(db: DbOrTx, where: SQL): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(invitations).where(where);
  return counted?.n ?? 0;
}

/** Where an export batch ended. */
export interface InvitationCursor {
  createTime: number;
  invitationId: number;
}

export async function invitationBatch(
  db: DbOrTx,
  where: SQL,
  direction: 'asc' | 'desc',
  cursor: InvitationCursor | null,
  size: number,
): Promise<{ rows: InvitationRow[]; next: InvitationCursor | null }> {
  const at =
    cursor &&
    sql`(${new Date(cursor.createTime).toISOString()}::timestamptz, ${cursor.invitationId}::bigint)`;
  const beyond =
    at &&
    (direction === 'asc'
      ? sql`(${invitations.createTime}, ${invitations.invitationId}) > ${at}`
      : sql`(${invitations.createTime}, ${invitations.invitationId}) < ${at}`);
  const rows = await db
    .select()
    .from(invitations)
    .where(beyond ? and(where, beyond) : where)
    .orderBy(...orderBy(direction))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next:
      last && rows.length === size
        ? { createTime: last.createTime.getTime(), invitationId: last.invitationId }
        : null,
  };
}

/**
 * How many each of `userIds` invited, of the scope's kind: one grouped read of the inviter index for the
 * rows at hand, never for the whole table.
 */
export async function invitedCounts(
  db: DbOrTx,
  scope: InvitationScope,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ inviterId: invitations.inviterId, n: count() })
    .from(invitations)
    .where(and(ofScope(scope), inArray(invitations.inviterId, [...new Set(userIds)])))
    .groupBy(invitations.inviterId);
  return new Map(rows.map((r) => [r.inviterId, r.n]));
}

/** The tenant's accounts of `accountIds` that the portal has received, by id. */
export async function accountsOf(
  db: DbOrTx,
  tenant: Tenant,
  accountIds: readonly string[],
): Promise<Map<string, AccountRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: accounts.accountId,
      nickName: accounts.nickName,
      name: accounts.name,
      mobile: accounts.mobile,
    })
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), inArray(accounts.accountId, [...new Set(accountIds)])));
  return new Map(rows.map((r) => [r.accountId, r]));
}

/** The latest invitation of the scope's kind that invited `userId`. */
export async function latestInvitationOf(
  db: DbOrTx,
  scope: InvitationScope,
  userId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(ofScope(scope), eq(invitations.userId, userId)))
    .orderBy(...orderBy('desc'))
    .limit(1);
  return row;
}

/** The invitees of `inviterIds`, at most `breadth` of each and `limit` in all, newest first. */
export async function inviteesOf(
  db: DbOrTx,
  scope: InvitationScope,
  inviterIds: readonly string[],
  breadth: number,
  limit: number,
): Promise<InvitationRow[]> {
  if (inviterIds.length === 0) return [];
  const ranked = db
    .select({
      invitationId: invitations.invitationId,
      rank: sql<number>`row_number() over (partition by ${invitations.inviterId}
        order by ${invitations.createTime} desc, ${invitations.invitationId} desc)`.as('rank'),
    })
    .from(invitations)
    .where(and(ofScope(scope), inArray(invitations.inviterId, [...inviterIds])))
    .as('ranked');
  return db
    .select({ invitation: invitations })
    .from(invitations)
    .innerJoin(ranked, eq(ranked.invitationId, invitations.invitationId))
    .where(sql`${ranked.rank} <= ${breadth}`)
    .orderBy(...orderBy('desc'))
    .limit(limit)
    .then((rows) => rows.map((r) => r.invitation));
}

/** Whether any invitation of the scope's kind names `userId`, as invitee or as inviter. */
export async function isNamed(db: DbOrTx, scope: InvitationScope, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.invitationId })
    .from(invitations)
    .where(and(ofScope(scope), or(eq(invitations.userId, userId), eq(invitations.inviterId, userId))))
    .limit(1);
  return row !== undefined;
}

/** The invitation the app sent under `externalId`, if it did. */
export async function findByExternalId(
  db: DbOrTx,
  scope: InvitationScope,
  externalId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(ofScope(scope), eq(invitations.externalId, externalId)));
  return row;
}

/** Inserts an invitation unless one of its external id exists; answers its id when it was new. */
export async function insertInvitation(
  db: DbOrTx,
  row: typeof invitations.$inferInsert,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(invitations)
    .values(row)
    .onConflictDoNothing({ target: [invitations.tenant, invitations.kind, invitations.externalId] })
    .returning({ invitationId: invitations.invitationId });
  return inserted?.invitationId;
}

/** Applies a later sending: its status and times, unless what is kept is newer. */
export async function updateInvitation(
  db: DbOrTx,
  invitationId: number,
  change: { inviteStatus: string; createTime: Date; updateTime: Date },
): Promise<void> {
  await db
    .update(invitations)
    .set({ ...change, receivedAt: new Date() })
    .where(and(eq(invitations.invitationId, invitationId), lte(invitations.updateTime, change.updateTime)));
}
