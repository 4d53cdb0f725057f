import type { Location } from '@cmp/domain/road-books/route-plan';

/**
 * Amap's URI API: on a phone with the Amap app it opens navigation from where the reader is to the place
 * (`callnative=1`), elsewhere Amap's web map. The portal's coordinates are GCJ-02, Amap's own (`gaode`).
 */
export function navigationLink(place: Location & { name: string }): string {
  const query = new URLSearchParams({
    to: `${place.longitude},${place.latitude},${place.name}`,
    mode: 'car',
    coordinate: 'gaode',
    callnative: '1',
    src: 'cmp-road-book',
  });
  return `https://uri.amap.com/navigation?${query.toString()}`;
}
