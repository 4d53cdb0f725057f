import type { RouteTactic } from '@cmp/domain/road-books/route-tactics';
import type { LngLat } from './geo.js';

/** The road between two consecutive points of a routing request. */
export interface RouteLeg {
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  /** The leg's geometry, first point at its start and last at its end. */
  points: LngLat[];
}

export interface Route {
  legs: RouteLeg[];
  distance: number;
  duration: number;
  /** True when the geometry is an estimate rather than a road network's route. */
  estimated: boolean;
}

/** Road geometry for a list of points (origin, via points, destination): one leg between each pair. */
export interface RoutingProvider {
  route(points: readonly LngLat[], tactic: RouteTactic): Promise<Route>;
}

/** A routing server refused, failed or did not answer in time; `code` is the server's own where it sent one. */
export class RoutingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoutingError';
  }
}
