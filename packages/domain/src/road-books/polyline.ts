/** A point as `[longitude, latitude]` in degrees (GeoJSON order). */
export type PolylinePoint = readonly [number, number];

/**
 * Google's encoded polyline format, in which route steps travel (`RouteStepSchema.polyline`, precision 5,
 * as OSRM's `geometries=polyline` gives it). The format stores latitude first; the points here are
 * `[lng, lat]`. Shared so the server and the map screens read the same bytes the same way.
 */
export function decodePolyline(encoded: string, precision = 5): PolylinePoint[] {
  const factor = 10 ** precision;
  const points: PolylinePoint[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= encoded.length) throw new Error('polyline ends inside a number');
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push([lng / factor, lat / factor]);
  }
  return points;
}

export function encodePolyline(points: readonly PolylinePoint[], precision = 5): string {
  const factor = 10 ** precision;
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const push = (delta: number) => {
    let value = delta < 0 ? ~(delta << 1) : delta << 1;
    while (value >= 0x20) {
      out += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    out += String.fromCharCode(value + 63);
  };
  for (const [lng, lat] of points) {
    const latE = Math.round(lat * factor);
    const lngE = Math.round(lng * factor);
    push(latE - prevLat);
    push(lngE - prevLng);
    prevLat = latE;
    prevLng = lngE;
  }
  return out;
}
