import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  POSTER_RESOURCE_SORTABLE,
  POSTER_SORTABLE,
  PosterFilter,
  PosterResourceFilter,
} from '@cmp/domain/posters/poster-contracts';
import { POSTER_APP_MAX } from '@cmp/domain/posters/poster-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { stationDirectory } from '../stations/stations.views.js';
import { posterResources, posters } from './posters.tables.js';

export type PosterRow = typeof posters.$inferSelect;
export type NewPoster = typeof posters.$inferInsert;

/** The poster filter of one tenant, at the time `effective` is read at. */
export type PosterScopedFilter = Omit<PosterFilter, 'sort'> & { tenant: Tenant; now: number };

const effectiveAt = (now: Date): SQL =>
  and(eq(posters.visible, true), lte(posters.showTimeBegin, now), gt(posters.showTimeEnd, now))!;

function posterWhere(f: PosterScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(posters.tenant, f.tenant)];
  if (f.posterId !== undefined) conditions.push(eq(posters.posterId, f.posterId));
  if (f.posterName) conditions.push(contains(posters.posterName, f.posterName));
  if (f.activityId !== undefined) conditions.push(eq(posters.activityId, f.activityId));
  if (f.clientCode) conditions.push(eq(posters.clientCode, f.clientCode));
  if (f.ruleId !== undefined) conditions.push(eq(posters.ruleId, f.ruleId));
  if (f.visible !== undefined) conditions.push(eq(posters.visible, f.visible));
  if (f.linkType !== undefined) conditions.push(eq(posters.linkType, f.linkType));
  if (f.effective !== undefined) {
    const now = new Date(f.now);
    conditions.push(f.effective ? effectiveAt(now) : sql`not (${effectiveAt(now)})`);
  }
  // A window that meets the range asked for.
  if (f.showTimeBegin !== undefined) conditions.push(gt(posters.showTimeEnd, new Date(f.showTimeBegin)));
  if (f.showTimeEnd !== undefined) conditions.push(lte(posters.showTimeBegin, new Date(f.showTimeEnd)));
  const station: SQL[] = [];
  if (f.resourceId) station.push(eq(posterResources.resourceId, f.resourceId));
  if (f.resourceName) station.push(contains(stationDirectory.resourceName, f.resourceName));
  if (f.resourceType) station.push(eq(stationDirectory.resourceType, f.resourceType));
  if (station.length > 0) {
    conditions.push(
      inArray(
        posters.posterId,
        sql`(select ${posterResources.posterId} from ${posterResources}
             left join ${stationDirectory} on ${stationDirectory.resourceId} = ${posterResources.resourceId}
             where ${posterResources.tenant} = ${f.tenant} and ${and(...station)})`,
      ),
    );
  }
  return and(...conditions)!;
}

const POSTER_ID = sql`${sql.identifier('posters')}.${sql.identifier('poster_id')}`;

// Qualified by hand: inside this subquery an unqualified poster_id would be poster_resources' own.
const resourceCount = sql<number>`(select count(*)::int from ${posterResources}
  where ${posterResources.posterId} = ${POSTER_ID})`.as('resource_count');

export interface PosterWithCount {
  poster: PosterRow;
  resourceCount: number;
}

/** The poster list: the latest created first, ties by id. */
export const posterList = defineList({
  table: posters,
  id: posters.posterId,
  sort: {
    keys: {
      priority: posters.priority,
      createTime: posters.createdAt,
      updateTime: posters.updatedAt,
      showTimeBegin: posters.showTimeBegin,
      showTimeEnd: posters.showTimeEnd,
    } satisfies Record<(typeof POSTER_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: posterWhere,
  select: (db, cursor) =>
    db
      .select({ poster: posters, resourceCount, ...cursor })
      .from(posters)
      .$dynamic(),
});

export async function findPoster(
  db: DbOrTx,
  tenant: Tenant,
  posterId: number,
): Promise<PosterWithCount | undefined> {
  const [row] = await db
    .select({ poster: posters, resourceCount })
    .from(posters)
    .where(and(eq(posters.tenant, tenant), eq(posters.posterId, posterId)));
  return row;
}

/** The poster, locked until the transaction ends, so two changes of it run one after the other. */
export async function lockPoster(
  tx: DbOrTx,
  tenant: Tenant,
  posterId: number,
): Promise<PosterRow | undefined> {
  const [row] = await tx
    .select()
    .from(posters)
    .where(and(eq(posters.tenant, tenant), eq(posters.posterId, posterId)))
    .for('update');
  return row;
}

export async function insertPoster(tx: DbOrTx, values: NewPoster): Promise<PosterRow> {
  const [row] = await tx.insert(posters).values(values).returning();
  return row!;
}

export async function updatePoster(
  tx: DbOrTx,
  posterId: number,
  values: Partial<NewPoster>,
): Promise<PosterRow> {
  const [row] = await tx
    .update(posters)
    .set({ ...values, version: sql`${posters.version} + 1`, updatedAt: sql`now()` })
    .where(eq(posters.posterId, posterId))
    .returning();
  return row!;
}

export async function deletePoster(tx: DbOrTx, posterId: number): Promise<void> {
  await tx.delete(posters).where(eq(posters.posterId, posterId));
}

/** The tenant's posters' videos, one per address, the latest titled first. */
export async function videosOf(db: DbOrTx, tenant: Tenant) {
  return db
    .selectDistinctOn([posters.videoUrl], {
      link: posters.videoUrl,
      description: sql<string>`coalesce(${posters.videoTitle}, '')`,
    })
    .from(posters)
    .where(and(eq(posters.tenant, tenant), sql`${posters.videoUrl} is not null`))
    .orderBy(posters.videoUrl, sql`${posters.updatedAt} desc`)
    .limit(500);
}

/** The stations among `ids`, with their kind. */
export async function stationsOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { resourceType: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ resourceId: stationDirectory.resourceId, resourceType: stationDirectory.resourceType })
    .from(stationDirectory)
    .where(inArray(stationDirectory.resourceId, [...ids]));
  return new Map(rows.map((row) => [row.resourceId, { resourceType: row.resourceType }]));
}

/** Binds the stations to the poster; answers those that were not bound yet. */
export async function bindStations(
  tx: DbOrTx,
  tenant: Tenant,
  posterId: number,
  resourceIds: readonly string[],
): Promise<string[]> {
  if (resourceIds.length === 0) return [];
  const rows = await tx
    .insert(posterResources)
    .values(resourceIds.map((resourceId) => ({ tenant, posterId, resourceId })))
    .onConflictDoNothing()
    .returning({ resourceId: posterResources.resourceId });
  return rows.map((row) => row.resourceId);
}

export async function unbindStations(
  tx: DbOrTx,
  posterId: number,
  resourceIds: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .delete(posterResources)
    .where(and(eq(posterResources.posterId, posterId), inArray(posterResources.resourceId, [...resourceIds])))
    .returning({ resourceId: posterResources.resourceId });
  return rows.map((row) => row.resourceId);
}

/** Unbinds every station of the poster; answers how many it had. */
export async function unbindAll(tx: DbOrTx, posterId: number): Promise<number> {
  const rows = await tx
    .delete(posterResources)
    .where(eq(posterResources.posterId, posterId))
    .returning({ resourceId: posterResources.resourceId });
  return rows.length;
}

export type PosterResourceScopedFilter = Omit<PosterResourceFilter, 'sort'> & { tenant: Tenant };

function resourceWhere(f: PosterResourceScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(posterResources.tenant, f.tenant)];
  if (f.posterId !== undefined) conditions.push(eq(posterResources.posterId, f.posterId));
  if (f.resourceId) conditions.push(eq(posterResources.resourceId, f.resourceId));
  if (f.configType) {
    conditions.push(
      inArray(
        posterResources.posterId,
        sql`(select ${posters.posterId} from ${posters}
             where ${posters.tenant} = ${f.tenant} and ${posters.configType} = ${f.configType})`,
      ),
    );
  }
  if (f.resourceName) {
    conditions.push(
      inArray(
        posterResources.resourceId,
        sql`(select ${stationDirectory.resourceId} from ${stationDirectory}
             where ${contains(stationDirectory.resourceName, f.resourceName)})`,
      ),
    );
  }
  return and(...conditions)!;
}

/** The stations bound to posters: the latest bound first. */
export const posterResourceList = defineList({
  table: posterResources,
  id: posterResources.bindingId,
  sort: {
    keys: {
      createTime: posterResources.createdAt,
      resourceId: posterResources.resourceId,
    } satisfies Record<(typeof POSTER_RESOURCE_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: resourceWhere,
  select: (db, cursor) =>
    db
      .select({
        posterId: posterResources.posterId,
        posterName: posters.posterName,
        resourceId: posterResources.resourceId,
        resourceName: stationDirectory.resourceName,
        resourceType: stationDirectory.resourceType,
        description: stationDirectory.description,
        address: stationDirectory.address,
        createdAt: posterResources.createdAt,
        ...cursor,
      })
      .from(posterResources)
      .innerJoin(posters, eq(posters.posterId, posterResources.posterId))
      .leftJoin(stationDirectory, eq(stationDirectory.resourceId, posterResources.resourceId))
      .$dynamic(),
});

export interface AppPosterRead {
  tenant: Tenant;
  ruleId: number;
  clientCode: string;
  /** The region asked for and the regions above it. */
  regions: string[];
  resourceId: string | undefined;
  at: Date;
}

/**
 * The posters the apps show (`posters_app_idx`), in one statement: visible, of the trigger and the client,
 * inside their window, for every region or one of those asked for, and not tied to stations, tied to every
 * station of the kind of the station asked for, or bound to it (a switch of kind unbinds the stations, so a
 * binding is always of the poster's kind). By priority (0 first), then the oldest.
 */
export async function appPosters(db: DbOrTx, read: AppPosterRead): Promise<PosterRow[]> {
  const regions =
    read.regions.length === 0
      ? sql`cardinality(${posters.regionInfo}) = 0`
      : sql`(cardinality(${posters.regionInfo}) = 0 or ${posters.regionInfo} && ${sql.param(read.regions)}::text[])`;
  const stations: SQL[] = [isNull(posters.configType)];
  if (read.resourceId !== undefined) {
    stations.push(
      and(
        eq(posters.resourceScope, 'all'),
        sql`${posters.configType} = (select ${stationDirectory.resourceType} from ${stationDirectory}
              where ${stationDirectory.resourceId} = ${read.resourceId})`,
      )!,
      and(
        eq(posters.resourceScope, 'part'),
        // Qualified by hand: Drizzle writes a one-table select's columns unqualified.
        sql`exists (select 1 from ${posterResources}
              where ${posterResources.posterId} = ${POSTER_ID}
                and ${posterResources.resourceId} = ${read.resourceId})`,
      )!,
    );
  }
  return db
    .select()
    .from(posters)
    .where(
      and(
        eq(posters.tenant, read.tenant),
        eq(posters.ruleId, read.ruleId),
        eq(posters.clientCode, read.clientCode),
        eq(posters.visible, true),
        lte(posters.showTimeBegin, read.at),
        gt(posters.showTimeEnd, read.at),
        regions,
        or(...stations),
      ),
    )
    .orderBy(asc(posters.priority), asc(posters.posterId))
    .limit(POSTER_APP_MAX);
}
