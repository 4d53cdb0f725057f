import { and, arrayOverlaps, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  ROAD_BOOK_ROUTE_SORTABLE,
  ROAD_BOOK_SORTABLE,
  RoadBookListFilter,
} from '@cmp/domain/road-books/road-book';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { regionsNamed } from '../../platform/regions/region-data.js';
import { operatorControl } from '../operators/operator-control.views.js';
import { operatorNames } from '../operators/operators.views.js';
import { chargeStationCars, plannedStations, swapStationClones } from '../stations/route-planning.views.js';
import { equipmentDirectory, stationDirectory } from '../stations/stations.views.js';
import { roadBookRoutes, roadBooks, roadBookShares } from './road-books.tables.js';

/*
 * Road books are tenant-owned: every query of them takes the tenant. The station reads at the end are the
 * route planner's source (network-wide data, read-only here), through the stations' views: the planner
 * needs one flat scan of every station, which no stations service offers.
 */

export type RoadBookRow = typeof roadBooks.$inferSelect;
export type RoadBookRouteRow = typeof roadBookRoutes.$inferSelect;
export type RoadBookShareRow = typeof roadBookShares.$inferSelect;

export async function insertRoadBook(db: DbOrTx, values: typeof roadBooks.$inferInsert): Promise<number> {
  const [row] = await db.insert(roadBooks).values(values).returning({ id: roadBooks.roadBookId });
  return row!.id;
}

export async function updateRoadBook(
  db: DbOrTx,
  tenant: Tenant,
  roadBookId: number,
  values: Partial<typeof roadBooks.$inferInsert>,
): Promise<void> {
  await db
    .update(roadBooks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roadBooks.tenant, tenant), eq(roadBooks.roadBookId, roadBookId)));
}

/** `forUpdate` locks the row, so two saves of one road book run one after the other. */
export async function findRoadBook(
  db: DbOrTx,
  tenant: Tenant,
  roadBookId: number,
  forUpdate = false,
): Promise<RoadBookRow | undefined> {
  const query = db
    .select()
    .from(roadBooks)
    .where(and(eq(roadBooks.tenant, tenant), eq(roadBooks.roadBookId, roadBookId)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** A region id matches the origin's (destination's) province, city or district. */
const inRegion = (regionId: string, province: AnyPgColumn, city: AnyPgColumn, district: AnyPgColumn) =>
  or(eq(province, regionId), eq(city, regionId), eq(district, regionId))!;

/** What the list, its export and the route list filter road books by, of one tenant. */
export type RoadBookConditions = Pick<
  RoadBookListFilter,
  | 'planningResourceTypes'
  | 'createTimeStart'
  | 'createTimeEnd'
  | 'startRegionId'
  | 'endRegionId'
  | 'waypointResourceSeq'
  | 'waypoints'
> & { tenant: Tenant };

/**
 * The list's conditions, which its export and the route list share. A stop filter is a containment test
 * per station (`@>` on the stored stops, which a jsonb GIN index could serve); the waypoint text is looked
 * for in each waypoint's name, `%` and `_` taken literally. Both read only the tenant's rows, which the
 * tenant's index narrows first.
 */
function roadBookWhere({ tenant, ...filter }: RoadBookConditions): SQL {
  const conditions: SQL[] = [eq(roadBooks.tenant, tenant)];
  if (filter.planningResourceTypes?.length) {
    conditions.push(arrayOverlaps(roadBooks.planningResourceTypes, filter.planningResourceTypes));
  }
  if (filter.createTimeStart !== undefined) {
    conditions.push(gte(roadBooks.createdAt, new Date(filter.createTimeStart)));
  }
  if (filter.createTimeEnd !== undefined) {
    conditions.push(lte(roadBooks.createdAt, new Date(filter.createTimeEnd)));
  }
  if (filter.startRegionId) {
    conditions.push(
      inRegion(
        filter.startRegionId,
        roadBooks.startProvinceId,
        roadBooks.startCityId,
        roadBooks.startRegionId,
      ),
    );
  }
  if (filter.endRegionId) {
    conditions.push(
      inRegion(filter.endRegionId, roadBooks.endProvinceId, roadBooks.endCityId, roadBooks.endRegionId),
    );
  }
  if (filter.waypointResourceSeq?.length) {
    conditions.push(
      or(
        ...filter.waypointResourceSeq.map(
          (resourceId) => sql`${roadBooks.waypointResourceSeq} @> ${JSON.stringify([{ resourceId }])}::jsonb`,
        ),
      )!,
    );
  }
  if (filter.waypoints) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements(${roadBooks.waypoints}) as w(point)
        where ${contains(sql`w.point->>'name'`, filter.waypoints)})`,
    );
  }
  return and(...conditions)!;
}

/**
 * The tenant's road books, newest first by default. `roadLength` is null without a route: nulls sort as
 * the largest value (an ascending index's order), last going up, first going down.
 */
export const roadBookList = defineList({
  table: roadBooks,
  id: roadBooks.roadBookId,
  sort: {
    keys: {
      roadBookId: roadBooks.roadBookId,
      createTime: roadBooks.createdAt,
      updateTime: roadBooks.updatedAt,
      roadLength: roadBooks.roadLength,
    } satisfies Record<(typeof ROAD_BOOK_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: roadBookWhere,
  select: (db, cursor) =>
    db
      .select({ roadBook: roadBooks, ...cursor })
      .from(roadBooks)
      .$dynamic(),
});

/** Writes the road book's route, replacing the one saved before. */
export async function saveRoute(db: DbOrTx, values: typeof roadBookRoutes.$inferInsert): Promise<void> {
  const { planTag, candidateCount, route, resources: stops, filter } = values;
  await db
    .insert(roadBookRoutes)
    .values(values)
    .onConflictDoUpdate({
      target: roadBookRoutes.roadBookId,
      set: { planTag, candidateCount, route, resources: stops, filter, plannedAt: new Date() },
    });
}

export async function findRoute(
  db: DbOrTx,
  tenant: Tenant,
  roadBookId: number,
): Promise<RoadBookRouteRow | undefined> {
  const [row] = await db
    .select()
    .from(roadBookRoutes)
    .where(and(eq(roadBookRoutes.tenant, tenant), eq(roadBookRoutes.roadBookId, roadBookId)));
  return row;
}

/** Answers whether there was a route to delete. */
export async function deleteRoute(db: DbOrTx, tenant: Tenant, roadBookId: number): Promise<boolean> {
  const deleted = await db
    .delete(roadBookRoutes)
    .where(and(eq(roadBookRoutes.tenant, tenant), eq(roadBookRoutes.roadBookId, roadBookId)))
    .returning({ id: roadBookRoutes.roadBookId });
  return deleted.length > 0;
}

/** What the route list filters by: one road book, or the road-book list's filters it takes. */
export type RoadBookRouteFilter = Pick<
  RoadBookConditions,
  'tenant' | 'planningResourceTypes' | 'waypointResourceSeq' | 'waypoints'
> & { roadBookId?: number };

const qb = new QueryBuilder();

/**
 * The route's own conditions; the road-book filters go through the ids of the road books they keep, so
 * the count reads the routes alone when none is given.
 */
function routeWhere({ tenant, roadBookId, ...filter }: RoadBookRouteFilter): SQL {
  return and(
    eq(roadBookRoutes.tenant, tenant),
    roadBookId === undefined ? undefined : eq(roadBookRoutes.roadBookId, roadBookId),
    narrows(filter, [])
      ? inArray(
          roadBookRoutes.roadBookId,
          qb
            .select({ id: roadBooks.roadBookId })
            .from(roadBooks)
            .where(roadBookWhere({ tenant, ...filter })),
        )
      : undefined,
  )!;
}

/** Saved routes of the tenant, the newest plan first by default, with their road books. */
export const roadBookRouteList = defineList({
  table: roadBookRoutes,
  id: roadBookRoutes.roadBookId,
  sort: {
    keys: { plannedAt: roadBookRoutes.plannedAt } satisfies Record<
      (typeof ROAD_BOOK_ROUTE_SORTABLE)[number],
      AnyPgColumn
    >,
    default: 'plannedAt:desc',
  },
  where: routeWhere,
  select: (db, cursor) =>
    db
      .select({ route: roadBookRoutes, roadBook: roadBooks, ...cursor })
      .from(roadBookRoutes)
      .innerJoin(roadBooks, eq(roadBooks.roadBookId, roadBookRoutes.roadBookId))
      .$dynamic(),
});

export async function findLiveShare(
  db: DbOrTx,
  tenant: Tenant,
  roadBookId: number,
): Promise<RoadBookShareRow | undefined> {
  const [row] = await db
    .select()
    .from(roadBookShares)
    .where(
      and(
        eq(roadBookShares.tenant, tenant),
        eq(roadBookShares.roadBookId, roadBookId),
        isNull(roadBookShares.revokedAt),
      ),
    )
    .orderBy(desc(roadBookShares.createdAt))
    .limit(1);
  return row;
}

export async function insertShare(
  db: DbOrTx,
  values: typeof roadBookShares.$inferInsert,
): Promise<RoadBookShareRow> {
  const [row] = await db.insert(roadBookShares).values(values).returning();
  return row!;
}

/** Revokes every live link of the road book; answers the tokens revoked. */
export async function revokeShares(db: DbOrTx, tenant: Tenant, roadBookId: number): Promise<string[]> {
  const revoked = await db
    .update(roadBookShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(roadBookShares.tenant, tenant),
        eq(roadBookShares.roadBookId, roadBookId),
        isNull(roadBookShares.revokedAt),
      ),
    )
    .returning({ token: roadBookShares.token });
  return revoked.map((row) => row.token);
}

/** A live share with its road book and saved route; the public view's only read, so the token is the scope. */
export async function findSharedRoadBook(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ roadBook: roadBooks, route: roadBookRoutes })
    .from(roadBookShares)
    .innerJoin(
      roadBooks,
      and(eq(roadBooks.roadBookId, roadBookShares.roadBookId), eq(roadBooks.tenant, roadBookShares.tenant)),
    )
    .leftJoin(roadBookRoutes, eq(roadBookRoutes.roadBookId, roadBooks.roadBookId))
    .where(and(eq(roadBookShares.token, token), isNull(roadBookShares.revokedAt)));
  return row;
}

// ---- Stations, as the route planner reads them ----

/** What the planner reads of a station; `updateTime` in epoch ms. */
export interface PlanningStationRow {
  resourceId: string;
  resourceType: string;
  resourceName: string;
  longitude: number;
  latitude: number;
  construction: number | null;
  operatorId: string | null;
  active: boolean;
  status: number;
  updateTime: number;
  hasClone: boolean | null;
  cloneLongitude: number | null;
  cloneLatitude: number | null;
  cloneDescription: string | null;
  hasDc: boolean | null;
  hasAc: boolean | null;
  maxPower: number | null;
  /** A charge station's matching cars (适配车型); null for swap stations. */
  matchCars: string | null;
  /** Whether its operator is controlled by NIO; null without an operator. */
  controlledByNio: boolean | null;
  /** The direction of travel a one-carriageway service area serves (degrees); null: either way. */
  servedBearing: number | null;
}

type PlanningStationTuple = [
  string,
  string,
  string,
  number,
  number,
  number | null,
  string | null,
  boolean,
  number,
  number,
  boolean | null,
  number | null,
  number | null,
  string | null,
  boolean | null,
  boolean | null,
  number | null,
  string | null,
  boolean | null,
  number | null,
];

const toPlanningRow = (t: PlanningStationTuple): PlanningStationRow => ({
  resourceId: t[0],
  resourceType: t[1],
  resourceName: t[2],
  longitude: t[3],
  latitude: t[4],
  construction: t[5],
  operatorId: t[6],
  active: t[7],
  status: t[8],
  updateTime: t[9],
  hasClone: t[10],
  cloneLongitude: t[11],
  cloneLatitude: t[12],
  cloneDescription: t[13],
  hasDc: t[14],
  hasAc: t[15],
  maxPower: t[16],
  matchCars: t[17],
  controlledByNio: t[18],
  servedBearing: t[19],
});

/** Stations per read of the full scan: bounds the JSON text held at once and each chunk's work in Node. */
const PLANNING_CHUNK = 10_000;

/** Chunks of the full scan read at once: a server's database works on some while Node takes in another. */
const READS_IN_FLIGHT = 2;

/** Ids bounding a chunk of the full scan: after `after`, up to and including `last` (null: to the end). */
interface ChunkRange {
  after: string;
  last: string | null;
}

/**
 * Every charge and swap station with what the planner needs (`changedSince`: those whose basic info was
 * saved after that instant; `resourceIds`: those), the full scan in chunks of ascending ids, each chunk
 * ordered by id (a hash join does not keep an order, and at a million stations an unordered chunk once
 * made the scan read many stations twice). Stations that may not be planned (inactive, offline, under
 * construction) come too, so a reader can drop them. Each chunk is one row of JSON: PGlite hands over
 * rows one by one at a cost that dwarfs the query (about 3x faster this way at 100,000 stations). The
 * charger summary: DC when a charger's type is not `AC`, AC when it is, and the most powerful charger's
 * power. A charge station's matching cars and its operator's NIO control tell the products it serves
 * (power features).
 *
 * A chunk of the full scan is an id range, found first on the primary key alone: the stations, the
 * chargers grouped by station, and the swap and charge station rows are each read over that range and
 * merged by id, instead of a look-up per station. Several chunks are read at once (`READS_IN_FLIGHT`).
 */
export async function* planningStationChunks(
  db: DbOrTx,
  narrow: { changedSince?: Date; resourceIds?: readonly string[] } = {},
  chunkSize = PLANNING_CHUNK,
): AsyncGenerator<PlanningStationRow[]> {
  if (narrow.changedSince || narrow.resourceIds) {
    if (narrow.resourceIds?.length === 0) return;
    const rows = await readPlanningStations(db, narrow, null);
    if (rows.length > 0) yield rows;
    return;
  }
  const reads: Promise<PlanningStationRow[]>[] = [];
  let after: string | null = '';
  const readAhead = async () => {
    if (after === null) return;
    const range: ChunkRange = { after, last: await chunkEnd(db, after, chunkSize) };
    after = range.last;
    reads.push(readPlanningStations(db, {}, range));
  };
  try {
    for (let read = 0; read < READS_IN_FLIGHT; read++) await readAhead();
    while (reads.length > 0) {
      const rows = await reads.shift()!;
      await readAhead();
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that stops early leaves chunks read ahead; their failures are no one's to handle.
    for (const read of reads) read.catch(() => {});
  }
}

/** The id ending the chunk that starts after `after`: the `chunkSize`th resource id, null past the end. */
async function chunkEnd(db: DbOrTx, after: string, chunkSize: number): Promise<string | null> {
  const [row] = await db
    .select({ resourceId: plannedStations.resourceId })
    .from(plannedStations)
    .where(sql`${plannedStations.resourceId} > ${after}`)
    .orderBy(asc(plannedStations.resourceId))
    .offset(chunkSize - 1)
    .limit(1);
  return row?.resourceId ?? null;
}

/** The stations `narrow` names, or those of one id range of the full scan, ordered by id. */
async function readPlanningStations(
  db: DbOrTx,
  narrow: { changedSince?: Date; resourceIds?: readonly string[] },
  range: ChunkRange | null,
): Promise<PlanningStationRow[]> {
  const r = plannedStations;
  const s = swapStationClones;
  const cs = chargeStationCars;
  const o = operatorControl;
  const e = equipmentDirectory;
  const conditions: SQL[] = [sql`${r.resourceType} in ('ChargeStation', 'PowerSwap')`];
  if (narrow.changedSince) {
    conditions.push(sql`${r.basicInfoUpdateTime} > ${narrow.changedSince.toISOString()}::timestamptz`);
  }
  if (narrow.resourceIds) conditions.push(sql`${r.resourceId} in ${[...narrow.resourceIds]}`);
  // A range bounds every table read, so each is an ordered range scan; else the stations named.
  const inRange = (column: SQL | AnyPgColumn) => {
    if (!range) {
      return sql`${column} in (select ${r.resourceId} from ${r} where ${and(...conditions)})`;
    }
    return range.last === null
      ? sql`${column} > ${range.after}`
      : sql`${column} > ${range.after} and ${column} <= ${range.last}`;
  };
  if (range) conditions.push(inRange(r.resourceId));
  const result = (await db.execute(sql`
    select json_agg(json_build_array(
      ${r.resourceId}, ${r.resourceType}, ${r.resourceName}, ${r.longitude}, ${r.latitude}, ${r.construction},
      ${r.operatorId}, ${r.active}, ${r.status}, floor(extract(epoch from ${r.basicInfoUpdateTime}) * 1000),
      ${s.hasClone}, ${s.cloneLongitude}, ${s.cloneLatitude}, ${s.cloneDescription},
      c.has_dc, c.has_ac, c.max_power, ${cs.matchCars}, ${o.controlledByNio},
      ${r.servedBearing}) order by ${r.resourceId})::text as data
    from ${r}
    left join ${s} on ${s.resourceId} = ${r.resourceId} and ${inRange(s.resourceId)}
    left join ${cs} on ${cs.resourceId} = ${r.resourceId} and ${inRange(cs.resourceId)}
    left join (
      select ${e.resourceId} as resource_id, bool_or(${e.equipmentType} <> 'AC') as has_dc,
        bool_or(${e.equipmentType} = 'AC') as has_ac, max(${e.power}) as max_power
      from ${e} where ${inRange(e.resourceId)}
      group by ${e.resourceId}) c on c.resource_id = ${r.resourceId}
    left join ${o} on ${o.operatorId} = ${r.operatorId}
    where ${and(...conditions)}`)) as unknown as { rows: { data: string | null }[] };
  const data = result.rows[0]?.data;
  return data ? (JSON.parse(data) as PlanningStationTuple[]).map(toPlanningRow) : [];
}

/** How many stations a full `planningStationChunks` scan reads. */
export async function countPlanningStations(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(plannedStations)
    .where(inArray(plannedStations.resourceType, ['ChargeStation', 'PowerSwap']));
  return row!.count;
}

/** The chunks of `planningStationChunks` as one list. */
export async function planningStationRows(
  db: DbOrTx,
  narrow: { changedSince?: Date; resourceIds?: readonly string[] } = {},
): Promise<PlanningStationRow[]> {
  const rows: PlanningStationRow[] = [];
  for await (const chunk of planningStationChunks(db, narrow)) rows.push(...chunk);
  return rows;
}

/**
 * Active stations found by place or by name: those in a city named by the keywords first, then those in
 * a district so named, then those whose name holds them, then those whose address does; by name within
 * each. Typing 北京 lists Beijing's stations before a service area elsewhere named "（北京方向）".
 */
export async function searchStations(
  db: DbOrTx,
  search: { keywords: string; resourceType?: string; count: number },
): Promise<{ resourceId: string; regionId: string | null }[]> {
  const d = stationDirectory;
  const places = regionsNamed(search.keywords);
  const inCity = places.cityIds.length > 0 ? inArray(d.cityId, places.cityIds) : sql`false`;
  const inDistrict = places.districtIds.length > 0 ? inArray(d.regionId, places.districtIds) : sql`false`;
  const named = contains(d.resourceName, search.keywords);
  return db
    .select({ resourceId: d.resourceId, regionId: d.regionId })
    .from(d)
    .where(
      and(
        eq(d.active, true),
        search.resourceType
          ? eq(d.resourceType, search.resourceType)
          : inArray(d.resourceType, ['ChargeStation', 'PowerSwap']),
        or(inCity, inDistrict, named, contains(d.address, search.keywords)),
      ),
    )
    .orderBy(
      sql`case when ${inCity} then 0 when ${inDistrict} then 1 when ${named} then 2 else 3 end`,
      asc(d.resourceName),
      asc(d.resourceId),
    )
    .limit(search.count);
}

/** What the power resource list item shows beyond the basic info: operator name, description, clone. */
export async function powerResourceRows(db: DbOrTx, resourceIds: readonly string[]) {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: stationDirectory.resourceId,
      description: stationDirectory.description,
      operatorName: operatorNames.operatorName,
      hasClone: swapStationClones.hasClone,
      cloneLongitude: swapStationClones.cloneLongitude,
      cloneLatitude: swapStationClones.cloneLatitude,
      cloneDescription: swapStationClones.cloneDescription,
    })
    .from(stationDirectory)
    .leftJoin(operatorNames, eq(operatorNames.operatorId, stationDirectory.operatorId))
    .leftJoin(swapStationClones, eq(swapStationClones.resourceId, stationDirectory.resourceId))
    .where(inArray(stationDirectory.resourceId, [...resourceIds]));
}
