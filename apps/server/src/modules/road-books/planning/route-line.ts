import { haversine, type LngLat } from './geo.js';
import type { Route } from './routing-provider.js';

/**
 * A route's geometry as one line with the road distance and driving time reached at each point. The
 * routing provider's leg distance and duration are spread over the leg's points in proportion to their
 * straight length, so "progress" is in road metres even where the geometry is an estimate.
 */
export class RouteLine {
  readonly lng: Float64Array;
  readonly lat: Float64Array;
  /** Road metres from the origin at each point. */
  readonly metres: Float64Array;
  /** Driving seconds from the origin at each point. */
  readonly seconds: Float64Array;
  /** Progress (m) at the end of each leg: where each waypoint (and finally the destination) lies. */
  readonly legEnds: number[];
  readonly length: number;
  readonly duration: number;
  readonly estimated: boolean;

  private constructor(
    points: LngLat[],
    metres: number[],
    seconds: number[],
    legEnds: number[],
    estimated: boolean,
  ) {
    this.lng = Float64Array.from(points, (p) => p[0]);
    this.lat = Float64Array.from(points, (p) => p[1]);
    this.metres = Float64Array.from(metres);
    this.seconds = Float64Array.from(seconds);
    this.legEnds = legEnds;
    this.length = metres[metres.length - 1] ?? 0;
    this.duration = seconds[seconds.length - 1] ?? 0;
    this.estimated = estimated;
  }

  static fromRoute(route: Route): RouteLine {
    const points: LngLat[] = [];
    const metres: number[] = [];
    const seconds: number[] = [];
    const legEnds: number[] = [];
    let m = 0;
    let s = 0;
    for (const leg of route.legs) {
      const legPoints = leg.points.length > 0 ? leg.points : [];
      let straight = 0;
      for (let i = 1; i < legPoints.length; i++) {
        const a = legPoints[i - 1]!;
        const b = legPoints[i]!;
        straight += haversine(a[0], a[1], b[0], b[1]);
      }
      const metresPerStraight = straight > 0 ? leg.distance / straight : 0;
      const secondsPerMetre = leg.distance > 0 ? leg.duration / leg.distance : 0;
      legPoints.forEach((point, i) => {
        if (i > 0) {
          const a = legPoints[i - 1]!;
          const step = haversine(a[0], a[1], point[0], point[1]) * metresPerStraight;
          m += step;
          s += step * secondsPerMetre;
        }
        // The first point of a leg is the last of the one before.
        if (i === 0 && points.length > 0) return;
        points.push(point);
        metres.push(m);
        seconds.push(s);
      });
      // A leg whose geometry has no length still covers its distance (e.g. a ferry without a shape).
      if (straight === 0 && leg.distance > 0) {
        m += leg.distance;
        s += leg.duration;
        const last = points[points.length - 1] ?? legPoints[0];
        if (last) {
          points.push(last);
          metres.push(m);
          seconds.push(s);
        }
      }
      legEnds.push(m);
    }
    return new RouteLine(points, metres, seconds, legEnds, route.estimated);
  }

  get pointCount(): number {
    return this.lng.length;
  }

  /** Which leg (between the user's waypoints) a progress lies on. */
  legIndexAt(progress: number): number {
    for (let i = 0; i < this.legEnds.length - 1; i++) if (progress < this.legEnds[i]!) return i;
    return Math.max(0, this.legEnds.length - 1);
  }

  /** Index of the segment [i, i+1] holding the progress (binary search). */
  private segmentAt(progress: number): number {
    let lo = 0;
    let hi = this.metres.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.metres[mid]! <= progress) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  secondsAt(progress: number): number {
    if (this.metres.length < 2) return 0;
    const i = this.segmentAt(progress);
    const span = this.metres[i + 1]! - this.metres[i]!;
    const f = span > 0 ? Math.min(1, Math.max(0, (progress - this.metres[i]!) / span)) : 0;
    return this.seconds[i]! + f * (this.seconds[i + 1]! - this.seconds[i]!);
  }

  pointAt(progress: number): LngLat {
    if (this.metres.length < 2) return [this.lng[0] ?? 0, this.lat[0] ?? 0];
    const i = this.segmentAt(progress);
    const span = this.metres[i + 1]! - this.metres[i]!;
    const f = span > 0 ? Math.min(1, Math.max(0, (progress - this.metres[i]!) / span)) : 0;
    return [
      this.lng[i]! + f * (this.lng[i + 1]! - this.lng[i]!),
      this.lat[i]! + f * (this.lat[i + 1]! - this.lat[i]!),
    ];
  }

  /** The line between two progresses, both ends interpolated. */
  slice(from: number, to: number): LngLat[] {
    const points: LngLat[] = [this.pointAt(from)];
    if (this.metres.length >= 2) {
      for (let i = this.segmentAt(from) + 1; i < this.metres.length && this.metres[i]! < to; i++) {
        points.push([this.lng[i]!, this.lat[i]!]);
      }
    }
    points.push(this.pointAt(to));
    return points;
  }

  /**
   * Indices of points at least `spacingM` apart (plus both ends): the line stations are searched and
   * projected against. A road network's geometry has a point every few metres; a kilometre apart the
   * line strays from the road by metres only, and the search does far less work.
   */
  searchPoints(spacingM: number): number[] {
    const kept = [0];
    let last = 0;
    for (let i = 1; i < this.metres.length - 1; i++) {
      if (this.metres[i]! - this.metres[last]! >= spacingM) {
        kept.push(i);
        last = i;
      }
    }
    if (this.metres.length > 1) kept.push(this.metres.length - 1);
    return kept;
  }
}
