import type { CsChargerTypeOption } from '@cmp/domain/road-books/planning-resource-types';
import { degreeSpan, projectOnSegment } from './geo.js';
import type { RouteLine } from './route-line.js';
import { FLAG_AC, FLAG_DC, FLAG_SWAP, type StationIndex } from './station-index.js';

export interface CorridorQuery {
  /** Route resource types joined with a pipe: `CS`, `PS` or `CS|PS`. */
  resourceTypes: string;
  csChargerTypeOption?: CsChargerTypeOption | undefined;
  /** Metres either side of the route. */
  searchRangeM: number;
  /** Metres between the points of the line stations are projected on. */
  spacingM?: number;
}

/** A station entrance within the search range of the route, placed on it. */
export interface CorridorStation {
  slot: number;
  clone: boolean;
  lng: number;
  lat: number;
  /** Metres along the route to the closest point. */
  progress: number;
  /** Metres from the closest point of the route. */
  perpendicular: number;
}

/**
 * Whether a station counts for the requested types: swap stations for PS; charge stations for CS, with
 * the charger option narrowing them to those with DC (`has_dc`) or AC (`has_ac`) chargers.
 */
export function stationFilter(index: StationIndex, query: CorridorQuery): (slot: number) => boolean {
  const types = query.resourceTypes.split('|');
  const swaps = types.includes('PS');
  const charges = types.includes('CS');
  const option = query.csChargerTypeOption ?? 'all';
  const chargerFlags = option === 'has_dc' ? FLAG_DC : option === 'has_ac' ? FLAG_AC : 0;
  return (slot) => {
    const flags = index.flags[slot]!;
    if (flags & FLAG_SWAP) return swaps;
    return charges && (chargerFlags === 0 || (flags & chargerFlags) !== 0);
  };
}

/**
 * The stations of the requested types within the search range of the route, each entrance once, in route
 * order. The line is cut into pieces about twice the search range long; each piece's bounding box,
 * widened by the range, is one index query, and each station found is projected on that piece's
 * segments. A station found by
 * two pieces keeps its nearest projection.
 */
export function findCorridorStations(
  index: StationIndex,
  line: RouteLine,
  query: CorridorQuery,
): CorridorStation[] {
  const range = query.searchRangeM;
  const accept = stationFilter(index, query);
  const points = line.searchPoints(query.spacingM ?? 1000);
  const pieceM = Math.max(2 * range, 5000);
  const best = new Map<number, CorridorStation>();

  let start = 0;
  while (start < points.length - 1) {
    let end = start + 1;
    while (end < points.length - 1 && line.metres[points[end]!]! - line.metres[points[start]!]! < pieceM)
      end++;
    let minLng = Infinity;
    let minLat = Infinity;
    let maxLng = -Infinity;
    let maxLat = -Infinity;
    for (let k = start; k <= end; k++) {
      const p = points[k]!;
      minLng = Math.min(minLng, line.lng[p]!);
      maxLng = Math.max(maxLng, line.lng[p]!);
      minLat = Math.min(minLat, line.lat[p]!);
      maxLat = Math.max(maxLat, line.lat[p]!);
    }
    const { dLng, dLat } = degreeSpan(range, Math.max(Math.abs(minLat), Math.abs(maxLat)));
    const first = start;
    const last = end;
    index.forEachInBox(
      minLng - dLng,
      minLat - dLat,
      maxLng + dLng,
      maxLat + dLat,
      (slot, clone, lng, lat) => {
        if (!accept(slot)) return;
        let nearest = Infinity;
        let progress = 0;
        for (let k = first; k < last; k++) {
          const a = points[k]!;
          const b = points[k + 1]!;
          const { t, d } = projectOnSegment(line.lng[a]!, line.lat[a]!, line.lng[b]!, line.lat[b]!, lng, lat);
          if (d < nearest) {
            nearest = d;
            progress = line.metres[a]! + t * (line.metres[b]! - line.metres[a]!);
          }
        }
        if (nearest > range) return;
        const key = slot * 2 + (clone ? 1 : 0);
        const known = best.get(key);
        if (!known || nearest < known.perpendicular) {
          best.set(key, { slot, clone, lng, lat, progress, perpendicular: nearest });
        }
      },
    );
    start = end;
  }
  return [...best.values()].sort((a, b) => a.progress - b.progress || a.perpendicular - b.perpendicular);
}

/** What thinning and the reach check need of a candidate. */
export interface Reachable {
  progress: number;
  /** Road metres from the route to the station, one way. */
  access: number;
}

/**
 * Candidates a full charge at each would chain furthest along the route (the classic jump-game greedy:
 * among the stations in reach, take the one whose full charge reaches furthest). Thinning keeps these,
 * so it never makes a trip infeasible that was feasible with every candidate, nor one fall shorter.
 * Where nothing in reach extends the reach, the chain crosses the gap to the station reached with the
 * least shortfall.
 */
export function reachChain(
  candidates: readonly Reachable[],
  startRangeM: number,
  maxRangeM: number,
  lengthM: number,
): Set<number> {
  const order = candidates.map((_, i) => i);
  const arriveAt = (i: number) => candidates[i]!.progress + candidates[i]!.access;
  const reachFrom = (i: number) => candidates[i]!.progress - candidates[i]!.access + maxRangeM;
  order.sort((a, b) => arriveAt(a) - arriveAt(b));
  const chain = new Set<number>();
  let reach = startRangeM;
  let best = -1;
  let bestReach = -Infinity;
  let next = 0;
  while (reach < lengthM) {
    while (next < order.length && arriveAt(order[next]!) <= reach) {
      const i = order[next++]!;
      if (reachFrom(i) > bestReach) {
        bestReach = reachFrom(i);
        best = i;
      }
    }
    if (bestReach > reach) {
      chain.add(best);
      reach = bestReach;
      continue;
    }
    if (next >= order.length) break;
    const gap = order[next++]!;
    chain.add(gap);
    if (reachFrom(gap) > bestReach) {
      bestReach = reachFrom(gap);
      best = gap;
    }
    reach = Math.max(reach, reachFrom(gap));
  }
  return chain;
}

/**
 * Keeps the `keepPerWindow` best-scoring candidates (lowest score) of each `windowM` stretch of the route,
 * plus every index in `keep`. Returns indices in route order.
 */
export function thinCandidates(
  candidates: readonly Reachable[],
  score: (i: number) => number,
  windowM: number,
  keepPerWindow: number,
  keep: ReadonlySet<number>,
): number[] {
  const windows = new Map<number, number[]>();
  candidates.forEach((candidate, i) => {
    const w = Math.floor(candidate.progress / windowM);
    const list = windows.get(w);
    if (list) list.push(i);
    else windows.set(w, [i]);
  });
  const kept = new Set(keep);
  const scores = candidates.map((_, i) => score(i));
  for (const list of windows.values()) {
    list.sort((a, b) => scores[a]! - scores[b]!);
    for (const i of list.slice(0, keepPerWindow)) kept.add(i);
  }
  return [...kept].sort((a, b) => candidates[a]!.progress - candidates[b]!.progress || a - b);
}
