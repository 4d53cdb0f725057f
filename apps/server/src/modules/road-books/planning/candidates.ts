import {
  ONLY_SERVICE_AREA_POWER,
  type CsChargerTypeOption,
} from '@cmp/domain/road-books/planning-resource-types';
import {
  HIGHWAY_SERVICE_AREA_CONSTRUCTION,
  productOfFeature,
  type PowerFeature,
  type PowerProduct,
} from '@cmp/domain/road-books/power-features';
import type { BrandRouteResource } from '@cmp/domain/road-books/route-plan';
import { cosLat, degreeSpan, METRES_PER_DEGREE } from './geo.js';
import type { RouteLine } from './route-line.js';
import { FLAG_AC, FLAG_DC, FLAG_SWAP, productMask, type StationIndex } from './station-index.js';

export interface CorridorQuery {
  /** Route resource types joined with a pipe: `CS`, `PS` or `CS|PS`. */
  resourceTypes: string;
  csChargerTypeOption?: CsChargerTypeOption | undefined;
  /** When given and not empty, only stations of these operators, each for its resource type. */
  brandResources?: readonly BrandRouteResource[] | undefined;
  /** Power features: only service-area stations, only stations serving one of the named products. */
  powerFeatures?: readonly PowerFeature[] | undefined;
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

/** The corridor's station entrances as columns (entry `k` of each), in no particular order. */
export class Corridor {
  count = 0;
  slot = new Int32Array(256);
  clone = new Uint8Array(256);
  lng = new Float64Array(256);
  lat = new Float64Array(256);
  progress = new Float64Array(256);
  perpendicular = new Float64Array(256);

  add(
    slot: number,
    clone: boolean,
    lng: number,
    lat: number,
    progress: number,
    perpendicular: number,
  ): number {
    if (this.count === this.slot.length) this.grow();
    const k = this.count++;
    this.slot[k] = slot;
    this.clone[k] = clone ? 1 : 0;
    this.set(k, lng, lat, progress, perpendicular);
    return k;
  }

  set(k: number, lng: number, lat: number, progress: number, perpendicular: number): void {
    this.lng[k] = lng;
    this.lat[k] = lat;
    this.progress[k] = progress;
    this.perpendicular[k] = perpendicular;
  }

  station(k: number): CorridorStation {
    return {
      slot: this.slot[k]!,
      clone: this.clone[k] === 1,
      lng: this.lng[k]!,
      lat: this.lat[k]!,
      progress: this.progress[k]!,
      perpendicular: this.perpendicular[k]!,
    };
  }

  private grow(): void {
    const size = this.slot.length * 2;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.slot = grown(this.slot, new Int32Array(size));
    this.clone = grown(this.clone, new Uint8Array(size));
    this.lng = grown(this.lng, new Float64Array(size));
    this.lat = grown(this.lat, new Float64Array(size));
    this.progress = grown(this.progress, new Float64Array(size));
    this.perpendicular = grown(this.perpendicular, new Float64Array(size));
  }
}

/**
 * Per index, a column with one entry per station slot: the corridor entry (plus one) that slot's main
 * entrance already has. It replaces a Map, which at a million stations cost more than the search; it is
 * reset entry by entry after each search, so it stays zero between searches (which never interleave:
 * they run synchronously).
 */
const seenByIndex = new WeakMap<StationIndex, Int32Array>();
function seenColumn(index: StationIndex): Int32Array {
  let seen = seenByIndex.get(index);
  if (!seen || seen.length < index.flags.length) {
    seen = new Int32Array(index.flags.length);
    seenByIndex.set(index, seen);
  }
  return seen;
}

/**
 * Whether a station counts for the requested types: swap stations for PS; charge stations for CS, with
 * the charger option narrowing them to those with DC (`has_dc`) or AC (`has_ac`) chargers; when the plan
 * is limited to brands, only stations whose operator is listed for their type; and under power features,
 * only stations in a highway service area (`only_service_area_power`) and only stations serving one of
 * the products named (`only_{product}`).
 */
export function stationFilter(index: StationIndex, query: CorridorQuery): (slot: number) => boolean {
  const types = query.resourceTypes.split('|');
  const swaps = types.includes('PS');
  const charges = types.includes('CS');
  const option = query.csChargerTypeOption ?? 'all';
  const chargerFlags = option === 'has_dc' ? FLAG_DC : option === 'has_ac' ? FLAG_AC : 0;
  const ofType = (flags: number) =>
    flags & FLAG_SWAP ? swaps : charges && (chargerFlags === 0 || (flags & chargerFlags) !== 0);
  const features = query.powerFeatures ?? [];
  const serviceAreaOnly = features.includes(ONLY_SERVICE_AREA_POWER);
  const products = productMask(
    features.map(productOfFeature).filter((product): product is PowerProduct => product !== null),
  );
  const withFeatures =
    !serviceAreaOnly && products === 0
      ? ofType
      : (flags: number, slot: number) =>
          ofType(flags) &&
          (!serviceAreaOnly || index.construction[slot] === HIGHWAY_SERVICE_AREA_CONSTRUCTION) &&
          (products === 0 || (index.products[slot]! & products) !== 0);
  const brands = query.brandResources ?? [];
  if (brands.length === 0) return (slot) => withFeatures(index.flags[slot]!, slot);
  const brandKeys = new Set(brands.map((brand) => `${brand.resourceType}|${brand.operatorId}`));
  return (slot) => {
    const flags = index.flags[slot]!;
    const type = flags & FLAG_SWAP ? 'PowerSwap' : 'ChargeStation';
    return withFeatures(flags, slot) && brandKeys.has(`${type}|${index.operatorOf(slot) ?? ''}`);
  };
}

/**
 * The stations of the requested types within the search range of the route, each entrance once. The
 * line is cut into pieces about twice the search range long; each piece's bounding box, widened by the
 * range, is one index query, and each station found is projected on that piece's segments. A station
 * found by two pieces keeps its nearest projection.
 */
export function findCorridorStations(index: StationIndex, line: RouteLine, query: CorridorQuery): Corridor {
  const range = query.searchRangeM;
  const rangeSq = range * range;
  const accept = stationFilter(index, query);
  const points = line.searchPoints(query.spacingM ?? 1000);
  const pieceM = Math.max(2 * range, 5000);
  const corridor = new Corridor();
  const seen = seenColumn(index);
  const seenClones = new Map<number, number>();
  /** Per segment of the current piece: start lng, lat, dx, dy (m), 1 / length², start progress, length. */
  let segments = new Float64Array(7 * 64);

  let start = 0;
  while (start < points.length - 1) {
    let end = start + 1;
    while (end < points.length - 1 && line.metres[points[end]!]! - line.metres[points[start]!]! < pieceM)
      end++;
    if (segments.length < (end - start) * 7) segments = new Float64Array((end - start) * 14);
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
    // Flat-earth metres around the piece's middle latitude: pieces span a few tens of kilometres, where the
    // scale changes by well under a percent.
    const scale = cosLat((minLat + maxLat) / 2) * METRES_PER_DEGREE;
    const segmentEnd = (end - start) * 7;
    for (let k = 0; k < end - start; k++) {
      const a = points[start + k]!;
      const b = points[start + k + 1]!;
      const dx = (line.lng[b]! - line.lng[a]!) * scale;
      const dy = (line.lat[b]! - line.lat[a]!) * METRES_PER_DEGREE;
      const lengthSq = dx * dx + dy * dy;
      segments[k * 7] = line.lng[a]!;
      segments[k * 7 + 1] = line.lat[a]!;
      segments[k * 7 + 2] = dx;
      segments[k * 7 + 3] = dy;
      segments[k * 7 + 4] = lengthSq > 0 ? 1 / lengthSq : 0;
      segments[k * 7 + 5] = line.metres[a]!;
      segments[k * 7 + 6] = line.metres[b]! - line.metres[a]!;
    }
    // The chord from the piece's first to last point, and how far the piece strays from it: a station
    // farther from the chord than the range plus that cannot be within range of the piece.
    const originLng = line.lng[points[start]!]!;
    const originLat = line.lat[points[start]!]!;
    const chordX = (line.lng[points[end]!]! - originLng) * scale;
    const chordY = (line.lat[points[end]!]! - originLat) * METRES_PER_DEGREE;
    const chordLengthSq = chordX * chordX + chordY * chordY;
    const chordInverse = chordLengthSq > 0 ? 1 / chordLengthSq : 0;
    const chordDistance = (lng: number, lat: number) => {
      const px = (lng - originLng) * scale;
      const py = (lat - originLat) * METRES_PER_DEGREE;
      let t = (px * chordX + py * chordY) * chordInverse;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - t * chordX;
      const ey = py - t * chordY;
      return Math.sqrt(ex * ex + ey * ey);
    };
    let stray = 0;
    for (let k = start + 1; k < end; k++) {
      stray = Math.max(stray, chordDistance(line.lng[points[k]!]!, line.lat[points[k]!]!));
    }
    const chordLimit = range + stray;
    const piece = segments;
    index.forEachInBox(minLng - dLng, minLat - dLat, maxLng + dLng, maxLat + dLat, (slot, clone) => {
      if (!accept(slot)) return;
      const entrance = clone ? index.cloneOf(slot) : null;
      const lng = entrance ? entrance.lng : index.lng[slot]!;
      const lat = entrance ? entrance.lat : index.lat[slot]!;
      if (chordDistance(lng, lat) > chordLimit) return;
      let nearestSq = Infinity;
      let progress = 0;
      for (let k = 0; k < segmentEnd; k += 7) {
        const px = (lng - piece[k]!) * scale;
        const py = (lat - piece[k + 1]!) * METRES_PER_DEGREE;
        const dx = piece[k + 2]!;
        const dy = piece[k + 3]!;
        let t = (px * dx + py * dy) * piece[k + 4]!;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const dSq = ex * ex + ey * ey;
        if (dSq < nearestSq) {
          nearestSq = dSq;
          progress = piece[k + 5]! + t * piece[k + 6]!;
        }
      }
      if (nearestSq > rangeSq) return;
      const nearest = Math.sqrt(nearestSq);
      const known = clone ? (seenClones.get(slot) ?? 0) : seen[slot]!;
      if (known === 0) {
        const k = corridor.add(slot, clone, lng, lat, progress, nearest);
        if (clone) seenClones.set(slot, k + 1);
        else seen[slot] = k + 1;
      } else if (nearest < corridor.perpendicular[known - 1]!) {
        corridor.set(known - 1, lng, lat, progress, nearest);
      }
    });
    start = end;
  }
  for (let k = 0; k < corridor.count; k++) if (!corridor.clone[k]) seen[corridor.slot[k]!] = 0;
  return corridor;
}

/** What thinning and the reach check need of the candidates: columns, entry `i` of each. */
export interface Reachable {
  /** Metres along the route. */
  progress: ArrayLike<number>;
  /** Road metres from the route to the station, one way. */
  access: ArrayLike<number>;
}

/**
 * Candidates a full charge at each would chain furthest along the route (the classic jump-game greedy:
 * among the stations in reach, take the one whose full charge reaches furthest). Thinning keeps these,
 * so it never makes a trip infeasible that was feasible with every candidate, nor one fall shorter.
 * Where nothing in reach extends the reach, the chain crosses the gap to the station reached with the
 * least shortfall.
 */
export function reachChain(
  candidates: Reachable,
  startRangeM: number,
  maxRangeM: number,
  lengthM: number,
): Set<number> {
  const { progress, access } = candidates;
  const count = progress.length;
  const arriveAt = new Float64Array(count);
  const reachFrom = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    arriveAt[i] = progress[i]! + access[i]!;
    reachFrom[i] = progress[i]! - access[i]! + maxRangeM;
  }
  const order = sortedIndices(arriveAt);
  const chain = new Set<number>();
  let reach = startRangeM;
  let best = -1;
  let bestReach = -Infinity;
  let next = 0;
  while (reach < lengthM) {
    while (next < count && arriveAt[order[next]!]! <= reach) {
      const i = order[next++]!;
      if (reachFrom[i]! > bestReach) {
        bestReach = reachFrom[i]!;
        best = i;
      }
    }
    if (bestReach > reach) {
      chain.add(best);
      reach = bestReach;
      continue;
    }
    if (next >= count) break;
    const gap = order[next++]!;
    chain.add(gap);
    if (reachFrom[gap]! > bestReach) {
      bestReach = reachFrom[gap]!;
      best = gap;
    }
    reach = Math.max(reach, reachFrom[gap]!);
  }
  return chain;
}

/**
 * Keeps the `keepPerWindow` best-scoring candidates (lowest score) of each `windowM` stretch of the route,
 * plus every index in `keep`. Returns indices in route order.
 */
export function thinCandidates(
  progress: ArrayLike<number>,
  scores: ArrayLike<number>,
  windowM: number,
  keepPerWindow: number,
  keep: ReadonlySet<number>,
): number[] {
  const count = progress.length;
  let windows = 0;
  for (let i = 0; i < count; i++) windows = Math.max(windows, Math.floor(progress[i]! / windowM) + 1);
  // The best few of each window, best first: an insertion into a short fixed list, no sort.
  const best = new Int32Array(windows * keepPerWindow).fill(-1);
  for (let i = 0; i < count; i++) {
    const base = Math.floor(progress[i]! / windowM) * keepPerWindow;
    let at = keepPerWindow;
    while (at > 0) {
      const held = best[base + at - 1]!;
      if (held >= 0 && scores[held]! <= scores[i]!) break;
      at--;
    }
    if (at === keepPerWindow) continue;
    for (let k = keepPerWindow - 1; k > at; k--) best[base + k] = best[base + k - 1]!;
    best[base + at] = i;
  }
  const kept = new Set(keep);
  for (const i of best) if (i >= 0) kept.add(i);
  return [...kept].sort((a, b) => progress[a]! - progress[b]! || a - b);
}

/**
 * Indices of `keys` in ascending key order. Each key, rounded to a whole number, is packed with its
 * index into one float and the floats sorted natively: several times faster than a comparator sort of
 * tens of thousands of entries.
 */
function sortedIndices(keys: Float64Array): Uint32Array {
  const count = keys.length;
  const order = new Uint32Array(count);
  const packed = new Float64Array(count);
  const indexSpan = 2 ** Math.max(1, Math.ceil(Math.log2(count + 1)));
  let min = Infinity;
  for (const key of keys) min = Math.min(min, Math.round(key));
  for (let i = 0; i < count; i++) packed[i] = (Math.round(keys[i]!) - min) * indexSpan + i;
  if (count > 0 && packed.every((v) => v < Number.MAX_SAFE_INTEGER)) {
    packed.sort();
    for (let i = 0; i < count; i++) order[i] = packed[i]! % indexSpan;
    return order;
  }
  return Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
}
