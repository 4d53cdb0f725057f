import { describe, expect, it } from 'vitest';
import { EstimatedRoutingProvider } from './estimated-routing.js';
import { distanceBetween, type LngLat } from './geo.js';
import { decodePolyline, encodePolyline } from '@cmp/domain/road-books/polyline';
import { RouteLine } from './route-line.js';

const BEIJING: LngLat = [116.4074, 39.9042];
const SHANGHAI: LngLat = [121.4737, 31.2304];
const NANJING: LngLat = [118.7969, 32.0603];

describe('polyline', () => {
  it("should decode the format's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });

  it('should encode the documented example back', () => {
    expect(
      encodePolyline([
        [-120.2, 38.5],
        [-120.95, 40.7],
        [-126.453, 43.252],
      ]),
    ).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('should refuse a string cut inside a number', () => {
    expect(() => decodePolyline('_p~iF~ps|U_')).toThrow('polyline ends inside a number');
  });
});

describe('EstimatedRoutingProvider', () => {
  it('should lengthen the great circle by the detour factor and mark the route estimated', async () => {
    const route = await new EstimatedRoutingProvider().route([BEIJING, SHANGHAI], 0);
    const greatCircle = distanceBetween(BEIJING, SHANGHAI);
    expect(greatCircle / 1000).toBeCloseTo(1067, 0);
    expect(route.estimated).toBe(true);
    expect(route.legs).toHaveLength(1);
    expect(route.distance).toBeCloseTo(greatCircle * 1.3, 6);
  });

  it('should drive at the speed of each tactic', async () => {
    const sut = new EstimatedRoutingProvider({ detourFactor: 1.5 });
    const hours = async (tactic: 0 | 3 | 4 | 5) => {
      const route = await sut.route([BEIJING, SHANGHAI], tactic);
      return route.distance / 1000 / (route.duration / 3600);
    };
    expect(await hours(0)).toBeCloseTo(80, 6);
    expect(await hours(3)).toBeCloseTo(60, 6);
    expect(await hours(4)).toBeCloseTo(95, 6);
    expect(await hours(5)).toBeCloseTo(75, 6);
  });

  it('should sample each leg along the great circle at most 1.5 km apart', async () => {
    const route = await new EstimatedRoutingProvider().route([BEIJING, NANJING, SHANGHAI], 0);
    expect(route.legs).toHaveLength(2);
    const [first, second] = route.legs;
    expect(first!.points[0]).toEqual(BEIJING);
    expect(first!.points[first!.points.length - 1]).toEqual(NANJING);
    expect(second!.points[second!.points.length - 1]).toEqual(SHANGHAI);
    for (const leg of route.legs) {
      for (let i = 1; i < leg.points.length; i++) {
        expect(distanceBetween(leg.points[i - 1]!, leg.points[i]!)).toBeLessThanOrEqual(1500.001);
      }
    }
    // A great circle from Beijing to Nanjing bows east of the straight line in degrees.
    const middle = first!.points[Math.floor(first!.points.length / 2)]!;
    const straightLng = (BEIJING[0] + NANJING[0]) / 2;
    expect(middle[0]).toBeGreaterThan(straightLng);
  });

  it('should refuse fewer than two points', async () => {
    await expect(new EstimatedRoutingProvider().route([BEIJING], 0)).rejects.toMatchObject({
      code: 'InvalidQuery',
    });
  });
});

describe('RouteLine', () => {
  it('should spread each leg’s distance and time over its points', () => {
    const line = RouteLine.fromRoute({
      estimated: false,
      distance: 3000,
      duration: 300,
      legs: [
        {
          distance: 2000,
          duration: 100,
          points: [
            [0, 0],
            [0.01, 0],
            [0.02, 0],
          ],
        },
        {
          distance: 1000,
          duration: 200,
          points: [
            [0.02, 0],
            [0.03, 0],
          ],
        },
      ],
    });
    expect(line.pointCount).toBe(4);
    expect([...line.metres].map(Math.round)).toEqual([0, 1000, 2000, 3000]);
    expect([...line.seconds].map(Math.round)).toEqual([0, 50, 100, 300]);
    expect(line.legEnds.map(Math.round)).toEqual([2000, 3000]);
    expect(line.legIndexAt(1999)).toBe(0);
    expect(line.legIndexAt(2500)).toBe(1);
    expect(line.secondsAt(2500)).toBeCloseTo(200, 6);
    expect(line.pointAt(500)[0]).toBeCloseTo(0.005, 9);
    expect(line.slice(500, 2500).map((p) => Math.round(p[0] * 1000))).toEqual([5, 10, 20, 25]);
  });

  it('should keep search points about the spacing apart, with both ends', async () => {
    const route = await new EstimatedRoutingProvider({ sampleM: 100 }).route([BEIJING, [116.5, 39.9]], 0);
    const line = RouteLine.fromRoute(route);
    const kept = line.searchPoints(1000);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(line.pointCount - 1);
    for (let i = 1; i < kept.length - 1; i++) {
      const gap = line.metres[kept[i]!]! - line.metres[kept[i - 1]!]!;
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThan(1000 + 100 * 1.3 + 1);
    }
  });
});
