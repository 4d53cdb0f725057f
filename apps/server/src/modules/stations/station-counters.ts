import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { resources } from './stations.tables.js';

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
