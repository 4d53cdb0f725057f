import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import { findRegion, type Region } from '../../platform/regions/region-data.js';
import { findResource, type ResourceRow } from './station-resources.repo.js';
import { resources } from './stations.tables.js';

/*
 * What other modules may use of the station network besides its views (stations.views.ts): a station by
 * id, its audit entity, the counters other areas keep on it, and notices of its changes.
 */

export type StationRecord = ResourceRow;

/** The station of that id, or undefined. */
export const findStation = (db: DbOrTx, resourceId: string): Promise<StationRecord | undefined> =>
  findResource(db, resourceId);

/** Audit entity of a station and of everything on it, so all of it shows in the station's history. */
export const STATION_ENTITY = 'station';

/** The region a save names; an id the region data does not know is refused. */
export function requireRegion(regionId: string): Region {
  const region = findRegion(regionId);
  if (!region) throw new RuleError(ruleMessage('station.unknownRegion', { regionId }));
  return region;
}

export interface StationEventMap {
  /** A station's basic info was saved (location, status, name, construction, clone, ...), after commit. */
  changed: [resourceId: string];
}

/**
 * In-process notices of station changes, for readers that keep a copy of stations in memory (the route
 * planner's station index). Other processes learn of changes by polling the update time instead.
 */
export const stationEvents = new EventEmitter<StationEventMap>();
// Each app of a test run (and each reader) adds a listener; they are removed when their app closes.
stationEvents.setMaxListeners(0);

/** The counters of a station the operations list filters and sorts on, kept instead of aggregated. */
export type StationCounter =
  'commentaryNumber' | 'focusedCommentaryNumber' | 'worksheetNumber' | 'openWorksheetNumber';

/**
 * Moves a station's counters by the given amounts, in the transaction of the change that causes it (a
 * worksheet opened or closed, a comment added or focused), so the counts always match the rows they count.
 * Answers false when the station does not exist, so the caller can refuse the change before writing it.
 */
export async function adjustStationCounters(
  tx: Tx,
  resourceId: string,
  deltas: Partial<Record<StationCounter, number>>,
): Promise<boolean> {
  const set: Partial<Record<StationCounter, ReturnType<typeof sql>>> = {};
  for (const [counter, delta] of Object.entries(deltas) as [StationCounter, number][]) {
    if (delta !== 0) set[counter] = sql`${resources[counter]} + ${delta}`;
  }
  const updated = await tx
    .update(resources)
    // An empty change still has to touch the row to tell whether the station exists.
    .set(Object.keys(set).length > 0 ? set : { resourceId })
    .where(eq(resources.resourceId, resourceId))
    .returning({ resourceId: resources.resourceId });
  return updated.length > 0;
}

export const worksheetOpened = (tx: Tx, resourceId: string) =>
  adjustStationCounters(tx, resourceId, { worksheetNumber: 1, openWorksheetNumber: 1 });

export const worksheetClosed = (tx: Tx, resourceId: string) =>
  adjustStationCounters(tx, resourceId, { openWorksheetNumber: -1 });

/**
 * Stations (charge and swap) per region code, at every level: a province counts the stations of its cities,
 * a city those of its districts; a city without districts is counted once. Regions without stations are
 * absent. One grouped read of the region columns (their indexes), summed up here.
 */
export async function countStationsByRegion(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({
      provinceId: resources.provinceId,
      cityId: resources.cityId,
      regionId: resources.regionId,
      stations: sql<number>`count(*)::int`,
    })
    .from(resources)
    .groupBy(resources.provinceId, resources.cityId, resources.regionId);
  const counts = new Map<string, number>();
  const add = (code: string | null, stations: number) => {
    if (code !== null) counts.set(code, (counts.get(code) ?? 0) + stations);
  };
  for (const { provinceId, cityId, regionId, stations } of rows) {
    add(provinceId, stations);
    if (cityId !== provinceId) add(cityId, stations);
    if (regionId !== cityId && regionId !== provinceId) add(regionId, stations);
  }
  return counts;
}
