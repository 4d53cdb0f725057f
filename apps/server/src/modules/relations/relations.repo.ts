import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_RELATION_SORT,
  type RELATION_SORTABLE,
  type RelationFilter,
} from '@cmp/domain/accounts/relation-contracts';
import type { RelationType } from '@cmp/domain/accounts/relations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { contains } from '../../platform/lists/text-match.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { stationDirectory } from '../stations/stations.views.js';
import { relations } from './relations.tables.js';

export type RelationTableRow = typeof relations.$inferSelect;

/** The relation filter of one tenant. */
export type RelationScopedFilter = Omit<RelationFilter, 'sort'> & { tenant: Tenant };

/** The filter's conditions, all on `relations`, so the count needs no join. */
function relationWhere({ tenant, ...f }: RelationScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(relations.tenant, tenant)];
  if (f.relation_id !== undefined) conditions.push(eq(relations.relationId, f.relation_id));
  if (f.resource_id) conditions.push(eq(relations.resourceId, f.resource_id));
  if (f.resource_origin_id) conditions.push(eq(relations.resourceOriginId, f.resource_origin_id));
  if (f.account_id) conditions.push(eq(relations.accountId, f.account_id));
  const types: RelationType[] = [...(f.relation_type ? [f.relation_type] : []), ...(f.relation_types ?? [])];
  if (f.relation_type || f.relation_types?.length) conditions.push(inArray(relations.relationType, types));
  if (f.bind_reason) conditions.push(contains(relations.bindReason, f.bind_reason));
  if (f.unbind_reason) conditions.push(contains(relations.unbindReason, f.unbind_reason));
  if (f.state) conditions.push(eq(relations.state, f.state));
  return and(...conditions)!;
}

const rowSelection = {
  relation: relations,
  resourceName: stationDirectory.resourceName,
  mobile: accountDirectory.mobile,
  udsUserId: accountDirectory.udsUserId,
  name: accountDirectory.name,
  gender: accountDirectory.gender,
  nickname: accountDirectory.nickName,
  countryCode: accountDirectory.countryCode,
  headImage: accountDirectory.avatar,
  medalImage: accountDirectory.medalImage,
  intro: accountDirectory.intro,
};

export interface RelationRow {
  relation: RelationTableRow;
  resourceName: string;
  mobile: string | null;
  udsUserId: string | null;
  name: string | null;
  gender: string | null;
  nickname: string | null;
  countryCode: string | null;
  headImage: string | null;
  medalImage: string | null;
  intro: string | null;
}

/**
 * Relations with their station's name and their account's fields (null when the portal has not
 * received the account); with `extra` columns.
 */
function withAccount<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(relations)
    .innerJoin(stationDirectory, eq(stationDirectory.resourceId, relations.resourceId))
    .leftJoin(
      accountDirectory,
      and(eq(accountDirectory.tenant, relations.tenant), eq(accountDirectory.accountId, relations.accountId)),
    );
}

/** The tenant's relations, the latest bound first. */
export const relationList = defineList({
  table: relations,
  id: relations.relationId,
  sort: {
    keys: {
      bindTime: relations.bindTime,
      // A relation still bound has no unbind time and sorts before every unbound one.
      unbindTime: {
        key: sql`coalesce(${relations.unbindTime}, '-infinity'::timestamptz)`,
        type: 'timestamptz',
      },
      relationId: relations.relationId,
    } satisfies Record<(typeof RELATION_SORTABLE)[number], SortKey>,
    default: DEFAULT_RELATION_SORT,
  },
  where: relationWhere,
  select: (db, cursor) => withAccount(db, cursor).$dynamic(),
});

export async function findRelation(
  db: DbOrTx,
  tenant: Tenant,
  relationId: number,
): Promise<RelationRow | undefined> {
  const [row] = await withAccount(db).where(
    and(eq(relations.tenant, tenant), eq(relations.relationId, relationId)),
  );
  return row;
}

/** The relation itself, locked until the transaction ends, so two unbinds of it run one after the other. */
export async function lockRelation(
  tx: DbOrTx,
  tenant: Tenant,
  relationId: number,
): Promise<RelationTableRow | undefined> {
  const [row] = await tx
    .select()
    .from(relations)
    .where(and(eq(relations.tenant, tenant), eq(relations.relationId, relationId)))
    .for('update');
  return row;
}

/**
 * Inserts a bound relation unless the account already holds a live one of that type on the station (the
 * partial unique index decides, so two binds at once cannot both succeed); answers it, or undefined.
 */
export async function insertBound(
  tx: DbOrTx,
  values: typeof relations.$inferInsert,
): Promise<RelationTableRow | undefined> {
  const [row] = await tx.insert(relations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markUnbound(
  tx: DbOrTx,
  relationId: number,
  change: { unbindReason: string; unboundBy: string | null },
): Promise<RelationTableRow> {
  const [row] = await tx
    .update(relations)
    .set({ ...change, state: 'unbind', unbindTime: sql`now()` })
    .where(eq(relations.relationId, relationId))
    .returning();
  return row!;
}

/** The live relations of a station, of one type or all, oldest first. */
export function liveRelations(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  relationType?: RelationType,
): Promise<RelationTableRow[]> {
  return db
    .select()
    .from(relations)
    .where(
      and(
        eq(relations.tenant, tenant),
        eq(relations.resourceId, resourceId),
        eq(relations.state, 'bind'),
        relationType ? eq(relations.relationType, relationType) : undefined,
      ),
    )
    .orderBy(relations.relationId);
}

/** The account as binding needs it: whether the tenant has it, and whether it was deleted. */
export async function findAccount(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
): Promise<{ isDelete: boolean; nickname: string | null; name: string | null } | undefined> {
  const [row] = await db
    .select({
      isDelete: accountDirectory.isDelete,
      nickname: accountDirectory.nickName,
      name: accountDirectory.name,
    })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.accountId, accountId)));
  return row;
}

/** Those of the accounts that have a mobile on record: only theirs are revealed by a search. */
export async function accountsWithMobile(
  db: DbOrTx,
  tenant: Tenant,
  accountIds: readonly string[],
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(
      and(
        eq(accountDirectory.tenant, tenant),
        inArray(accountDirectory.accountId, [...accountIds]),
        isNotNull(accountDirectory.mobile),
      ),
    );
  return rows.map((r) => r.accountId);
}
