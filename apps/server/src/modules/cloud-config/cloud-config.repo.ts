import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { RELEASE_SORTABLE, ReleaseFilter } from '@cmp/domain/cloud-config/cloud-config';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { configItems, configNamespaces, configReleases } from './cloud-config.tables.js';

export type NamespaceRow = typeof configNamespaces.$inferSelect;
export type ItemRow = typeof configItems.$inferSelect;
export type ReleaseRow = typeof configReleases.$inferSelect;

export async function namespacesOf(db: DbOrTx, tenant: Tenant): Promise<NamespaceRow[]> {
  return db
    .select()
    .from(configNamespaces)
    .where(eq(configNamespaces.tenant, tenant))
    .orderBy(asc(configNamespaces.namespaceName));
}

export async function findNamespace(
  db: DbOrTx,
  tenant: Tenant,
  namespaceName: string,
): Promise<NamespaceRow | undefined> {
  const [row] = await db
    .select()
    .from(configNamespaces)
    .where(and(eq(configNamespaces.tenant, tenant), eq(configNamespaces.namespaceName, namespaceName)));
  return row;
}

/** The namespace, locked until the transaction ends: releases and rollbacks of it run one at a time. */
export async function lockNamespace(
  tx: DbOrTx,
  tenant: Tenant,
  namespaceName: string,
): Promise<NamespaceRow | undefined> {
  const [row] = await tx
    .select()
    .from(configNamespaces)
    .where(and(eq(configNamespaces.tenant, tenant), eq(configNamespaces.namespaceName, namespaceName)))
    .for('update');
  return row;
}

/** Inserts the namespace unless the tenant has one of that name; else undefined. */
export async function insertNamespace(
  tx: DbOrTx,
  values: typeof configNamespaces.$inferInsert,
): Promise<NamespaceRow | undefined> {
  const [row] = await tx.insert(configNamespaces).values(values).onConflictDoNothing().returning();
  return row;
}

/** The next notification id of a locked namespace. */
export async function bumpNotificationId(tx: DbOrTx, namespaceId: number): Promise<number> {
  const [row] = await tx
    .update(configNamespaces)
    .set({ notificationId: sql`${configNamespaces.notificationId} + 1` })
    .where(eq(configNamespaces.namespaceId, namespaceId))
    .returning({ notificationId: configNamespaces.notificationId });
  return row!.notificationId;
}

/** The notification ids of the tenant's namespaces of these names (the ones it has). */
export async function notificationIds(
  db: DbOrTx,
  tenant: Tenant,
  namespaceNames: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: configNamespaces.namespaceName, id: configNamespaces.notificationId })
    .from(configNamespaces)
    .where(and(eq(configNamespaces.tenant, tenant), inArray(configNamespaces.namespaceName, namespaceNames)));
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function itemsOf(db: DbOrTx, namespaceId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(configItems)
    .where(eq(configItems.namespaceId, namespaceId))
    .orderBy(asc(configItems.key));
}

/** Items of several namespaces, for their counts of changes. */
export async function itemsOfNamespaces(db: DbOrTx, namespaceIds: number[]): Promise<ItemRow[]> {
  if (namespaceIds.length === 0) return [];
  return db.select().from(configItems).where(inArray(configItems.namespaceId, namespaceIds));
}

export async function findItem(db: DbOrTx, namespaceId: number, key: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(configItems)
    .where(and(eq(configItems.namespaceId, namespaceId), eq(configItems.key, key)));
  return row;
}

/** Inserts a new key; undefined when the namespace has it (the unique index decides). */
export async function insertItem(
  tx: DbOrTx,
  values: typeof configItems.$inferInsert,
): Promise<ItemRow | undefined> {
  const [row] = await tx.insert(configItems).values(values).onConflictDoNothing().returning();
  return row;
}

/** Saves the item if it is still at `version`; undefined when it moved on or is gone. */
export async function updateItem(
  tx: DbOrTx,
  itemId: number,
  version: number,
  values: { value: string; comment: string | null; modifiedBy: string },
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(configItems)
    .set({ ...values, version: sql`${configItems.version} + 1`, modifiedAt: sql`now()` })
    .where(and(eq(configItems.itemId, itemId), eq(configItems.version, version)))
    .returning();
  return row;
}

/** Deletes the item if it is still at `version`; false when it moved on or is gone. */
export async function deleteItem(tx: DbOrTx, itemId: number, version: number): Promise<boolean> {
  const rows = await tx
    .delete(configItems)
    .where(and(eq(configItems.itemId, itemId), eq(configItems.version, version)))
    .returning({ itemId: configItems.itemId });
  return rows.length > 0;
}

export async function deleteItemsOf(tx: DbOrTx, namespaceId: number): Promise<void> {
  await tx.delete(configItems).where(eq(configItems.namespaceId, namespaceId));
}

export async function insertItems(tx: DbOrTx, values: (typeof configItems.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await tx.insert(configItems).values(values);
}

export async function insertRelease(
  tx: DbOrTx,
  values: typeof configReleases.$inferInsert,
): Promise<ReleaseRow> {
  const [row] = await tx.insert(configReleases).values(values).returning();
  return row!;
}

export async function latestRelease(db: DbOrTx, namespaceId: number): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(configReleases)
    .where(eq(configReleases.namespaceId, namespaceId))
    .orderBy(desc(configReleases.notificationId))
    .limit(1);
  return row;
}

/** The latest release of each namespace given. */
export async function latestReleases(db: DbOrTx, namespaceIds: number[]): Promise<ReleaseRow[]> {
  if (namespaceIds.length === 0) return [];
  return db
    .selectDistinctOn([configReleases.namespaceId])
    .from(configReleases)
    .where(inArray(configReleases.namespaceId, namespaceIds))
    .orderBy(configReleases.namespaceId, desc(configReleases.notificationId));
}

export async function findRelease(
  db: DbOrTx,
  namespaceId: number,
  releaseId: number,
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(configReleases)
    .where(and(eq(configReleases.namespaceId, namespaceId), eq(configReleases.releaseId, releaseId)));
  return row;
}

/** A release list's filter: one namespace of one tenant, named as the URL names it. */
export type ReleaseScopedFilter = Omit<ReleaseFilter, 'sort'> & { tenant: Tenant; namespaceName: string };

function releaseWhere({ tenant, namespaceName, releaseTitle, releasedBy }: ReleaseScopedFilter): SQL {
  const conditions: SQL[] = [
    eq(configReleases.tenant, tenant),
    eq(
      configReleases.namespaceId,
      sql`(select ${configNamespaces.namespaceId} from ${configNamespaces} where ${configNamespaces.tenant} = ${tenant} and ${configNamespaces.namespaceName} = ${namespaceName})`,
    ),
  ];
  if (releaseTitle) conditions.push(contains(configReleases.releaseTitle, releaseTitle));
  if (releasedBy) conditions.push(eq(configReleases.releasedBy, releasedBy));
  return and(...conditions)!;
}

/**
 * A namespace's releases, newest first by default. `config_releases_time_idx` is built `.desc()`
 * (descending, nulls last), so nulls sort low.
 */
export const releaseList = defineList({
  table: configReleases,
  id: configReleases.releaseId,
  sort: {
    keys: { releasedAt: configReleases.releasedAt } satisfies Record<
      (typeof RELEASE_SORTABLE)[number],
      AnyPgColumn
    >,
    default: 'releasedAt:desc',
    nulls: 'low',
  },
  where: releaseWhere,
  select: (db, cursor) =>
    db
      .select({ release: configReleases, namespaceName: configNamespaces.namespaceName, ...cursor })
      .from(configReleases)
      .innerJoin(configNamespaces, eq(configNamespaces.namespaceId, configReleases.namespaceId))
      .$dynamic(),
});
