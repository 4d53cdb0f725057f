import { and, between, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Mean earth radius (IUGG), metres. */
const EARTH_RADIUS = 6_371_008.8;
const METRES_PER_DEGREE_LATITUDE = 111_320;

export interface Point {
  longitude: number;
  latitude: number;
}

interface Columns {
  longitude: AnyPgColumn;
  latitude: AnyPgColumn;
}

/**
 * Rows within a latitude/longitude box around the circle of `metres`: what a (…, latitude, longitude) index
 * narrows to before the exact distance decides.
 */
export function withinBox(columns: Columns, point: Point, metres: number): SQL {
  const latitudeSpan = metres / METRES_PER_DEGREE_LATITUDE;
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.cos((point.latitude * Math.PI) / 180);
  // Near a pole a degree of longitude shrinks to nothing: take every longitude there.
  const longitudeSpan = metresPerDegreeLongitude > metres / 180 ? metres / metresPerDegreeLongitude : 180;
  return and(
    between(columns.latitude, point.latitude - latitudeSpan, point.latitude + latitudeSpan),
    between(columns.longitude, point.longitude - longitudeSpan, point.longitude + longitudeSpan),
  )!;
}

/** The great-circle (haversine) distance in metres from the point to the row's position. */
export function distanceTo(columns: Columns, point: Point): SQL<number> {
  const latitude = sql`${point.latitude}::double precision`;
  const longitude = sql`${point.longitude}::double precision`;
  return sql<number>`(${2 * EARTH_RADIUS}::double precision * asin(least(1, sqrt(
      power(sin(radians(${columns.latitude} - ${latitude}) / 2), 2)
      + cos(radians(${latitude})) * cos(radians(${columns.latitude}))
        * power(sin(radians(${columns.longitude} - ${longitude}) / 2), 2)))))`.mapWith(Number);
}
