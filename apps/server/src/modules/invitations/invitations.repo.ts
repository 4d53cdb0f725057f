import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { InvitationKind } from '@cmp/domain/invitations/invitation-codes';
import type { INVITE_SORTABLE, InviteFilter } from '@cmp/domain/invitations/invitations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { accountDirectory } from '../accounts/accounts.views.js';
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

const qb = new QueryBuilder();

/** The list's own order, for the reads that take the latest invitations. */
const newestFirst = [desc(invitations.createTime), desc(invitations.invitationId)];

const ofScope = ({ tenant, kind }: InvitationScope) =>
  and(eq(invitations.tenant, tenant), eq(invitations.kind, kind))!;

/** One kind's invitation filter of a tenant. */
export type InvitationScopedFilter = Omit<InviteFilter, 'sort'> & InvitationScope;

/** What scopes the list (or says how to show it) rather than narrowing it: a scope's total is kept. */
const SCOPE_KEYS = ['tenant', 'kind', 'revealMobile'];

/**
 * The list's conditions, all on `invitations`: a mobile names the invitees through one id subquery on
 * the tenant's accounts (by their mobile index), so neither the page nor the count needs a join.
 */
function invitationWhere({ tenant, kind, ...filter }: InvitationScopedFilter): SQL {
  const conditions: SQL[] = [ofScope({ tenant, kind })];
  if (filter.inviterId) conditions.push(eq(invitations.inviterId, filter.inviterId));
  if (filter.inviteeId) conditions.push(eq(invitations.userId, filter.inviteeId));
  if (filter.mobile) {
    conditions.push(
      inArray(
        invitations.userId,
        qb
          .select({ accountId: accountDirectory.accountId })
          .from(accountDirectory)
          .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.mobile, filter.mobile))),
      ),
    );
  }
  return and(...conditions)!;
}

/** The scope's number of invitations, as the triggers on `invitations` keep it. */
async function scopeTotal(db: DbOrTx, { tenant, kind }: InvitationScope): Promise<number> {
  const [row] = await db
    .select({ total: invitationTotals.total })
    .from(invitationTotals)
    .where(and(eq(invitationTotals.tenant, tenant), eq(invitationTotals.kind, kind)));
  return row?.total ?? 0;
}

/** A field sent empty narrows nothing. */
const blanksLeftOut = (filter: object): object =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));

/**
 * One kind's invitations, newest first, the only order the list offers, ties by id: the time index of
 * (tenant, kind, create_time, invitation_id) read backwards. The total of a whole kind is kept by triggers,
 * not counted: counting a million invitations of a kind takes a scan of them.
 */
export const invitationList = defineList({
  table: invitations,
  id: invitations.invitationId,
  sort: {
    keys: { createTime: invitations.createTime } satisfies Record<(typeof INVITE_SORTABLE)[number], SortKey>,
    default: 'createTime:desc',
  },
  where: invitationWhere,
  select: (db, cursor) =>
    db
      .select({ invitation: invitations, ...cursor })
      .from(invitations)
      .$dynamic(),
  keptTotal: (db, filter) =>
    narrows(blanksLeftOut(filter), SCOPE_KEYS) ? undefined : scopeTotal(db, filter),
});

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
      accountId: accountDirectory.accountId,
      nickName: accountDirectory.nickName,
      name: accountDirectory.name,
      mobile: accountDirectory.mobile,
    })
    .from(accountDirectory)
    .where(
      and(eq(accountDirectory.tenant, tenant), inArray(accountDirectory.accountId, [...new Set(accountIds)])),
    );
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
    .orderBy(...newestFirst)
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
    .orderBy(...newestFirst)
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
