import type { RouteTactic } from '@cmp/domain/road-books/route-tactics';
import { haversine, type LngLat } from './geo.js';
import { decodePolyline } from '@cmp/domain/road-books/polyline';
import { RoutingError, type Route, type RouteLeg, type RoutingProvider } from './routing-provider.js';

export interface OsrmRoutingOptions {
  /** Where the OSRM HTTP API answers, e.g. `http://127.0.0.1:5000`. */
  baseUrl: string;
  profile?: string;
  timeoutMs?: number;
  /**
   * OSRM's `exclude` classes to send per tactic, e.g. `{ 3: 'motorway' }` for "avoid highway". Only for
   * servers whose profile declares the class; others answer `InvalidValue`.
   */
  excludeByTactic?: Partial<Record<RouteTactic, string>>;
}

interface OsrmLeg {
  distance: number;
  duration: number;
}
interface OsrmResponse {
  code?: string;
  message?: string;
  routes?: { geometry: string; distance: number; duration: number; legs: OsrmLeg[] }[];
  waypoints?: { location: [number, number] }[];
}

/**
 * Routing by an OSRM-compatible server (`/route/v1/{profile}/{lng,lat;...}`). One request per plan; the
 * full overview geometry is cut into legs at the snapped waypoints, since `steps=false` answers carry
 * no geometry per leg.
 */
export class OsrmRoutingProvider implements RoutingProvider {
  private readonly baseUrl: string;
  private readonly profile: string;
  private readonly timeoutMs: number;
  private readonly excludeByTactic: Partial<Record<RouteTactic, string>>;

  constructor(options: OsrmRoutingOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.profile = options.profile ?? 'driving';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.excludeByTactic = options.excludeByTactic ?? {};
  }

  async route(points: readonly LngLat[], tactic: RouteTactic): Promise<Route> {
    if (points.length < 2) throw new RoutingError('InvalidQuery', 'a route needs at least two points');
    const coordinates = points.map(([lng, lat]) => `${lng.toFixed(6)},${lat.toFixed(6)}`).join(';');
    const query = new URLSearchParams({ overview: 'full', geometries: 'polyline', steps: 'false' });
    const exclude = this.excludeByTactic[tactic];
    if (exclude) query.set('exclude', exclude);
    const url = `${this.baseUrl}/route/v1/${this.profile}/${coordinates}?${query}`;

    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new RoutingError('Timeout', `the routing server did not answer within ${this.timeoutMs} ms`);
      }
      throw new RoutingError('Unreachable', `the routing server could not be reached: ${String(error)}`);
    }
    let body: OsrmResponse;
    try {
      body = (await response.json()) as OsrmResponse;
    } catch {
      throw new RoutingError(
        'InvalidResponse',
        `the routing server answered ${response.status} without JSON`,
      );
    }
    if (body.code !== 'Ok') {
      const code = body.code ?? `HTTP${response.status}`;
      throw new RoutingError(
        code,
        `the routing server answered ${code}${body.message ? `: ${body.message}` : ''}`,
      );
    }
    const route = body.routes?.[0];
    if (!route || route.legs.length !== points.length - 1) {
      throw new RoutingError('InvalidResponse', 'the routing server answered without a route for every leg');
    }
    const geometry = decodePolyline(route.geometry);
    const snapped = (body.waypoints ?? []).map((w) => w.location);
    const legPoints = splitAtWaypoints(geometry, snapped.length === points.length ? snapped : [...points]);
    const legs: RouteLeg[] = route.legs.map((leg, i) => ({
      distance: leg.distance,
      duration: leg.duration,
      points: legPoints[i]!,
    }));
    return { legs, distance: route.distance, duration: route.duration, estimated: false };
  }
}

/** Cuts the geometry at the vertex nearest each inner waypoint, searching forward from the last cut. */
function splitAtWaypoints(geometry: LngLat[], waypoints: readonly LngLat[]): LngLat[][] {
  const cuts = [0];
  for (let w = 1; w < waypoints.length - 1; w++) {
    const [lng, lat] = waypoints[w]!;
    let best = cuts[cuts.length - 1]!;
    let bestDistance = Infinity;
    for (let i = best; i < geometry.length; i++) {
      const d = haversine(lng, lat, geometry[i]![0], geometry[i]![1]);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    cuts.push(best);
  }
  cuts.push(Math.max(0, geometry.length - 1));
  const legs: LngLat[][] = [];
  for (let i = 1; i < cuts.length; i++) legs.push(geometry.slice(cuts[i - 1], cuts[i]! + 1));
  return legs;
}
