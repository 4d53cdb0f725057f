import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.js';
import { findRegion } from './region-data.js';

/**
 * Which region a point lies in, from the district outlines in `region-geometry.json` (built once by
 * `scripts/build-region-geometry.ts`; source and limits in docs/decisions.md). Embedded: no network.
 *
 * A point inside an outline gets that region. A point inside none (the outlines are simplified to about
 * 300 m, small islands and piers fall outside, the coast is approximate) gets the region whose outline
 * is nearest, if it is within `NEAREST_WITHIN_KM`; farther out it is in no region (the sea, abroad).
 */
export const NEAREST_WITHIN_KM = 10;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KM_PER_DEGREE = 111.32;

interface GeometryFile {
  scale: number;
  regions: { id: string; c: [number, number]; p: string[] }[];
}

interface Shape {
  regionId: string;
  isDistrict: boolean;
  /** Absolute coordinates in units of 1/scale degree, x and y interleaved, one array per ring. */
  rings: Int32Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface Geometry {
  scale: number;
  shapes: Shape[];
}

let geometry: Geometry | undefined;

const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** The inverse of the generator's `encodeRing`: absolute coordinates, x and y interleaved. */
function decodeRing(text: string): Int32Array {
  const values = new Int32Array(text.length);
  let count = 0;
  let value = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = DIGIT[text.charCodeAt(i)]!;
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if (digit < 32) {
      const delta = value % 2 === 1 ? -(value + 1) / 2 : value / 2;
      values[count] = delta + (count >= 2 ? values[count - 2]! : 0);
      count++;
      value = 0;
      shift = 0;
    }
  }
  return values.slice(0, count);
}

function loadGeometry(): Geometry {
  const file = JSON.parse(
    readFileSync(path.join(SERVER_ROOT, 'src/platform/regions/region-geometry.json'), 'utf8'),
  ) as GeometryFile;
  const shapes = file.regions.map((region): Shape => {
    const rings = region.p.map(decodeRing);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i += 2) {
        minX = Math.min(minX, ring[i]!);
        maxX = Math.max(maxX, ring[i]!);
        minY = Math.min(minY, ring[i + 1]!);
        maxY = Math.max(maxY, ring[i + 1]!);
      }
    }
    const isDistrict = findRegion(region.id)?.level === 'district';
    return { regionId: region.id, isDistrict, rings, minX, minY, maxX, maxY };
  });
  return { scale: file.scale, shapes };
}

/** Even–odd rule over every ring of the shape, so holes and islands need no bookkeeping. */
function contains(shape: Shape, x: number, y: number): boolean {
  let inside = false;
  for (const ring of shape.rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const xi = ring[i]!;
      const yi = ring[i + 1]!;
      const xj = ring[j]!;
      const yj = ring[j + 1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Squared distance from the point to the shape's outline, in units with x shrunk by `xScale`. */
function squaredDistanceToOutline(shape: Shape, x: number, y: number, xScale: number): number {
  let best = Infinity;
  for (const ring of shape.rings) {
    for (let i = 2; i < ring.length; i += 2) {
      const ax = ring[i - 2]! * xScale;
      const ay = ring[i - 1]!;
      const dx = ring[i]! * xScale - ax;
      const dy = ring[i + 1]! - ay;
      const px = x * xScale - ax;
      const py = y - ay;
      const lengthSquared = dx * dx + dy * dy;
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
      const ex = px - t * dx;
      const ey = py - t * dy;
      best = Math.min(best, ex * ex + ey * ey);
    }
  }
  return best;
}

/**
 * The GB/T code of the region at the point (a district where the outlines have one), or null.
 * `nearestWithinKm` 0 answers only for points inside an outline (the demo keeps its stations off the sea).
 */
export function regionIdAt(
  longitude: number,
  latitude: number,
  nearestWithinKm = NEAREST_WITHIN_KM,
): string | null {
  geometry ??= loadGeometry();
  const { scale, shapes } = geometry;
  const x = longitude * scale;
  const y = latitude * scale;

  let cityHit: string | null = null;
  for (const shape of shapes) {
    if (x < shape.minX || x > shape.maxX || y < shape.minY || y > shape.maxY) continue;
    if (!contains(shape, x, y)) continue;
    // Outlines of neighbours overlap a little; a district says more than a city.
    if (shape.isDistrict) return shape.regionId;
    cityHit ??= shape.regionId;
  }
  if (cityHit) return cityHit;
  if (nearestWithinKm <= 0) return null;

  const xScale = Math.cos((latitude * Math.PI) / 180);
  const margin = (nearestWithinKm / KM_PER_DEGREE) * scale;
  const xMargin = margin / Math.max(xScale, 0.01);
  let nearest: string | null = null;
  let nearestSquared = margin * margin;
  for (const shape of shapes) {
    if (x < shape.minX - xMargin || x > shape.maxX + xMargin) continue;
    if (y < shape.minY - margin || y > shape.maxY + margin) continue;
    const squared = squaredDistanceToOutline(shape, x, y, xScale);
    if (squared <= nearestSquared) {
      nearestSquared = squared;
      nearest = shape.regionId;
    }
  }
  return nearest;
}
