import type { Tenant } from '@cmp/domain';
import type { DuplicateCandidate } from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { nearbyOpenReports, nearbyStations, type Point } from './report-neighbours.repo.js';

/** A report keeps at most this many candidates, the nearest. */
export const MAX_DUPLICATE_CANDIDATES = 10;

export interface DuplicateSearch {
  point: Point;
  radiusMeters: number;
  /** The station the report is about: not a duplicate of it. */
  stationId: string | null;
  /** The report itself, when it is stored already. */
  objectId: string | null;
}

const metres = (distance: number) => Math.round(distance * 10) / 10;

/**
 * Network stations and the tenant's open reports within the radius of a report, nearest first: what the
 * reviewer compares it with before approving a second copy of a known station.
 */
export async function findDuplicates(
  db: DbOrTx,
  tenant: Tenant,
  search: DuplicateSearch,
): Promise<DuplicateCandidate[]> {
  const { point, radiusMeters } = search;
  // One more station than kept, in case the report's own station is among the nearest. One after the
  // other: inside a transaction both would wait for the one connection anyway.
  const stations = await nearbyStations(db, point, radiusMeters, MAX_DUPLICATE_CANDIDATES + 1);
  const reports = await nearbyOpenReports(
    db,
    tenant,
    point,
    radiusMeters,
    MAX_DUPLICATE_CANDIDATES,
    search.objectId,
  );
  const candidates: DuplicateCandidate[] = [
    ...stations
      .filter((station) => station.resourceId !== search.stationId)
      .map((station) => ({
        kind: 'station' as const,
        id: station.resourceId,
        resourceType: station.resourceType,
        name: station.resourceName,
        address: station.address,
        longitude: station.longitude,
        latitude: station.latitude,
        distance: metres(station.distance),
      })),
    ...reports.map((report) => ({
      kind: 'report' as const,
      id: report.objectId,
      name: report.stationName,
      address: report.address,
      longitude: report.longitude,
      latitude: report.latitude,
      distance: metres(report.distance),
    })),
  ];
  return candidates
    .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
    .slice(0, MAX_DUPLICATE_CANDIDATES);
}
