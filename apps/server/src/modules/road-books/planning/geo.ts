/** A point as `[longitude, latitude]` in degrees (GeoJSON order). */
export type LngLat = readonly [number, number];

export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Metres per degree of latitude (and of longitude at the equator) on the mean-radius sphere. */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;

/** Great-circle distance in metres. */
export function haversine(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const distanceBetween = (a: LngLat, b: LngLat): number => haversine(a[0], a[1], b[0], b[1]);

/**
 * Points along the great circle from `a` to `b`, `a` included and `b` excluded, at most `stepM` apart.
 * Spherical interpolation, so long legs bend as the great circle does.
 */
export function greatCirclePoints(a: LngLat, b: LngLat, stepM: number): LngLat[] {
  const distance = distanceBetween(a, b);
  const count = Math.max(1, Math.ceil(distance / stepM));
  if (distance === 0) return [a];
  const delta = distance / EARTH_RADIUS_M;
  const [lng1, lat1, lng2, lat2] = [a[0] * RAD, a[1] * RAD, b[0] * RAD, b[1] * RAD];
  const [x1, y1, z1] = [Math.cos(lat1) * Math.cos(lng1), Math.cos(lat1) * Math.sin(lng1), Math.sin(lat1)];
  const [x2, y2, z2] = [Math.cos(lat2) * Math.cos(lng2), Math.cos(lat2) * Math.sin(lng2), Math.sin(lat2)];
  const sinDelta = Math.sin(delta);
  const points: LngLat[] = [a];
  for (let i = 1; i < count; i++) {
    const f = i / count;
    const wa = Math.sin((1 - f) * delta) / sinDelta;
    const wb = Math.sin(f * delta) / sinDelta;
    const x = wa * x1 + wb * x2;
    const y = wa * y1 + wb * y2;
    const z = wa * z1 + wb * z2;
    points.push([Math.atan2(y, x) / RAD, Math.atan2(z, Math.hypot(x, y)) / RAD]);
  }
  return points;
}

/** Degrees of longitude and latitude that `metres` spans around `lat` (for bounding boxes). */
export function degreeSpan(metres: number, lat: number): { dLng: number; dLat: number } {
  const dLat = metres / METRES_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos(lat * RAD));
  return { dLng: dLat / cos, dLat };
}

export const cosLat = (lat: number): number => Math.cos(lat * RAD);

/**
 * The point of segment a→b nearest to p, as the fraction `t` along the segment and the distance `d` in
 * metres. Flat-earth metres around `a`: exact enough for segments and distances of tens of kilometres.
 */
export function projectOnSegment(
  aLng: number,
  aLat: number,
  bLng: number,
  bLat: number,
  lng: number,
  lat: number,
): { t: number; d: number } {
  const scale = Math.cos(aLat * RAD) * METRES_PER_DEGREE;
  const ax = (bLng - aLng) * scale;
  const ay = (bLat - aLat) * METRES_PER_DEGREE;
  const px = (lng - aLng) * scale;
  const py = (lat - aLat) * METRES_PER_DEGREE;
  const lengthSq = ax * ax + ay * ay;
  const t = lengthSq > 0 ? Math.min(1, Math.max(0, (px * ax + py * ay) / lengthSq)) : 0;
  return { t, d: Math.hypot(px - t * ax, py - t * ay) };
}

/** Initial great-circle bearing from the first point to the second, degrees clockwise from north (0–360). */
export function bearing(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLng = (lng2 - lng1) * RAD;
  const y = Math.sin(dLng) * Math.cos(lat2 * RAD);
  const x =
    Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) -
    Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos(dLng);
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** The smaller angle between two bearings, in degrees (0–180). */
export function bearingGap(a: number, b: number): number {
  const gap = Math.abs(a - b) % 360;
  return gap > 180 ? 360 - gap : gap;
}
