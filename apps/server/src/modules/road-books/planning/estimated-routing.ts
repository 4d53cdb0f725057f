import type { RouteTactic } from '@cmp/domain/road-books/route-tactics';
import { distanceBetween, greatCirclePoints, type LngLat } from './geo.js';
import { RoutingError, type Route, type RouteLeg, type RoutingProvider } from './routing-provider.js';

/** Average speeds in km/h for each tactic: what a trip of that kind averages, stops excluded. */
export const ESTIMATED_SPEED_KMH: Record<RouteTactic, number> = { 0: 80, 3: 60, 4: 95, 5: 75 };

export interface EstimatedRoutingOptions {
  /** Road distance over great-circle distance; 1.3 is typical of intercity roads. */
  detourFactor?: number;
  /** Metres between points of the drawn line; the planner searches stations around them. */
  sampleM?: number;
  speedsKmh?: Record<RouteTactic, number>;
}

/**
 * Routing without a road network: each leg is the great circle, lengthened by the detour factor, driven at
 * the tactic's average speed. Needs nothing external, so planning works offline and in tests; every route
 * it gives is marked `estimated`.
 */
export class EstimatedRoutingProvider implements RoutingProvider {
  readonly detourFactor: number;
  private readonly sampleM: number;
  private readonly speedsKmh: Record<RouteTactic, number>;

  constructor(options: EstimatedRoutingOptions = {}) {
    this.detourFactor = options.detourFactor ?? 1.3;
    this.sampleM = options.sampleM ?? 1500;
    this.speedsKmh = options.speedsKmh ?? ESTIMATED_SPEED_KMH;
    if (this.detourFactor < 1) throw new RangeError('the detour factor cannot be below 1');
    if (this.sampleM <= 0) throw new RangeError('the sample distance must be positive');
  }

  async route(points: readonly LngLat[], tactic: RouteTactic): Promise<Route> {
    if (points.length < 2) throw new RoutingError('InvalidQuery', 'a route needs at least two points');
    const speedMs = (this.speedsKmh[tactic] * 1000) / 3600;
    const legs: RouteLeg[] = [];
    for (let i = 1; i < points.length; i++) {
      const from = points[i - 1]!;
      const to = points[i]!;
      const distance = distanceBetween(from, to) * this.detourFactor;
      legs.push({
        distance,
        duration: distance / speedMs,
        points: [...greatCirclePoints(from, to, this.sampleM), to],
      });
    }
    return {
      legs,
      distance: legs.reduce((sum, leg) => sum + leg.distance, 0),
      duration: legs.reduce((sum, leg) => sum + leg.duration, 0),
      estimated: true,
    };
  }
}
