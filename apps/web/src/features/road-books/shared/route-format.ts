import type { TFunction } from 'i18next';
import { decodePolyline } from '@cmp/domain/road-books/polyline';
import type { RouteInfo } from '@cmp/domain/road-books/route-plan';

/** Metres as kilometres with one decimal, the precision a trip plan is read at. */
export const km = (metres: number | null | undefined): string =>
  metres === null || metres === undefined ? '-' : (metres / 1000).toFixed(1);

/** Seconds as hours and minutes (minutes alone under an hour). */
export function duration(t: TFunction<'roadBooks'>, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours === 0
    ? t('unit.minutes', { minutes })
    : t('unit.hoursMinutes', { hours, minutes: minutes - hours * 60 });
}

export interface RouteLine {
  positions: [number, number][];
  /** The range does not cover this step. */
  short: boolean;
}

/**
 * Each step of a route as Leaflet positions ([lat, lng]); an undecodable step is left out, not fatal, and so
 * is a step that goes nowhere (a stop at the origin itself): Leaflet would draw it as an invisible dot.
 */
export function routeLines(route: RouteInfo | undefined): RouteLine[] {
  if (!route) return [];
  return route.steps.flatMap((step) => {
    try {
      const positions = decodePolyline(step.polyline).map(([lng, lat]): [number, number] => [lat, lng]);
      const [first] = positions;
      const moves = positions.some(([lat, lng]) => lat !== first?.[0] || lng !== first[1]);
      return moves ? [{ positions, short: step.status === 1 }] : [];
    } catch {
      return [];
    }
  });
}
