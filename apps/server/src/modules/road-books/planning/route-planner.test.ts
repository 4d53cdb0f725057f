import { describe, expect, it } from 'vitest';
import type { PowerFeature } from '@cmp/domain/road-books/power-features';
import { PLAN_TAGS } from '@cmp/domain/road-books/route-tactics';
import {
  RoutePlanListSchema,
  RoutePlanningFilterSchema,
  type RoutePlanningFilterInput,
} from '@cmp/domain/road-books/route-plan';
import { EstimatedRoutingProvider } from './estimated-routing.js';
import { METRES_PER_DEGREE } from './geo.js';
import { decodePolyline } from '@cmp/domain/road-books/polyline';
import { RoutePlanner, type PlannerOptions } from './route-planner.js';
import { StationIndex, type StationRecord } from './station-index.js';

// Every case drives east along the equator, where a degree is METRES_PER_DEGREE long, on the built-in
// router without detour: route progress in km is what the helpers below say.
const KM_PER_DEGREE = METRES_PER_DEGREE / 1000;
const degrees = (km: number) => km / KM_PER_DEGREE;

const station = (id: string, km: number, overrides: Partial<StationRecord> = {}): StationRecord => ({
  id,
  type: 'ChargeStation',
  lng: degrees(km),
  lat: 0,
  construction: null,
  hasDc: true,
  hasAc: false,
  maxPowerKw: 120,
  name: `Station ${id}`,
  operatorId: 'op-1',
  ...overrides,
});

const swap = (id: string, km: number, overrides: Partial<StationRecord> = {}) =>
  station(id, km, { type: 'PowerSwap', hasDc: false, maxPowerKw: null, ...overrides });

function plan(
  stations: StationRecord[],
  destinationKm: number,
  overrides: Partial<RoutePlanningFilterInput> = {},
  options: PlannerOptions = {},
) {
  // Most cases are about which stops are chosen, on round figures: they keep no arrival reserve unless
  // they say so (the reserve has cases of its own).
  const sut = new RoutePlanner(
    new EstimatedRoutingProvider({ detourFactor: 1 }),
    StationIndex.build(stations),
    { arrivalReserveRatio: 0, ...options },
  );
  return sut.plan(
    RoutePlanningFilterSchema.parse({
      originPoint: { longitude: 0, latitude: 0 },
      destinationPoint: { longitude: degrees(destinationKm), latitude: 0 },
      ...overrides,
    }),
  );
}

const stopsOf = (plan: { resources: { id: string }[] }) => plan.resources.map((r) => r.id);
const planTagged = (result: Awaited<ReturnType<typeof plan>>, tag: string) => {
  const found = result.plans.find((p) => p.tags.some((t) => t === tag));
  if (!found) throw new Error(`no plan tagged ${tag}`);
  return found;
};

describe('RoutePlanner', () => {
  it('should answer a plan list that satisfies the contract', async () => {
    const result = await plan([station('A', 100), swap('S', 120)], 300);
    expect(RoutePlanListSchema.safeParse(result).success).toBe(true);
    expect(result.locations.orig).toEqual({ longitude: 0, latitude: 0 });
  });

  it('should need no stop when the range covers the trip, and give every tag to that one plan', async () => {
    const result = await plan([station('A', 50)], 150);
    expect(result.status).toBe(0);
    expect(result.plans).toHaveLength(1);
    const [only] = result.plans;
    expect(only!.tags).toEqual([...PLAN_TAGS]);
    expect(only!.tag).toBe('default');
    expect(only!.resources).toEqual([]);
    expect(only!.route.distance).toBe(150_000);
    // 150 km at the default tactic's 80 km/h.
    expect(only!.route.duration).toBe(6750);
    expect(only!.route.estimated).toBe(true);
    expect(only!.routePlanningResourceList.list.map((r) => [r.id, r.selected])).toEqual([['A', false]]);
  });

  it('should report the gap a full charge cannot cross, and plan the rest of the trip beyond it', async () => {
    // A full charge at A (150 km) reaches 350 km; B is at 450 km: 100 km the range does not cover.
    const result = await plan([station('A', 150), station('B', 450)], 500, { resourceTypes: 'CS' });
    expect(result.status).toBe(1);
    for (const p of result.plans) {
      expect(p.status).toBe(1);
      expect(p.route.notArrivalDistance).toBe(100);
      expect(p.route.notArrivalCount).toBe(1);
      expect(stopsOf(p)).toEqual(['A', 'B']);
      expect(p.route.steps.map((s) => [s.distance, s.status])).toEqual([
        [150_000, 0],
        [300_000, 1],
        [50_000, 0],
      ]);
    }
    const [a, b] = result.plans[0]!.resources;
    expect([a!.arrivalRange, a!.departureRange]).toEqual([50, 200]);
    expect([b!.arrivalRange, b!.departureRange]).toEqual([0, 50]);
  });

  it('should stop only at the brands the plan is limited to, each for its type', async () => {
    const stations = [
      station('OTHER', 150, { operatorId: 'op-2' }),
      station('MINE', 160),
      swap('OTHER-SWAP', 170),
      swap('BRAND-SWAP', 180, { operatorId: 'op-3' }),
    ];
    const result = await plan(stations, 300, {
      currentRange: 200,
      brandResources: [
        { operatorId: 'op-1', resourceType: 'ChargeStation' },
        { operatorId: 'op-3', resourceType: 'PowerSwap' },
      ],
    });
    const offered = new Set(result.plans.flatMap((p) => p.routePlanningResourceList.list.map((r) => r.id)));
    expect([...offered].sort()).toEqual(['BRAND-SWAP', 'MINE']);
    for (const p of result.plans) expect(p.status).toBe(0);
  });

  it('should report the whole shortfall when there is no station at all', async () => {
    const result = await plan([], 300, { currentRange: 120 });
    expect(result.plans).toHaveLength(1);
    expect(result.plans[0]!.route).toMatchObject({ status: 1, notArrivalDistance: 180, notArrivalCount: 1 });
  });

  it('should swap rather than charge long, and charge rather than swap for a top-up', async () => {
    // At 150 km of a 300 km trip the car has 50 km left and needs 150: 18 kWh, 9 min at 120 kW plus
    // 3 min at the charger, against a 5 min swap.
    const long = await plan([station('C', 150), swap('S', 150)], 300);
    expect(stopsOf(planTagged(long, 'least_time'))).toEqual(['S']);
    expect(planTagged(long, 'least_time').route.chargingDuration).toBe(300);

    // At 105 km of a 210 km trip it needs 10 km more: 1.8 kWh is under a minute, plus the 3 minutes.
    const short = await plan([station('C', 105), swap('S', 105)], 210);
    const fastest = planTagged(short, 'least_time');
    expect(stopsOf(fastest)).toEqual(['C']);
    expect(fastest.route.chargingDuration).toBe(180 + 54);
    expect(fastest.resources[0]!.estimateChargeDuration).toBe(234);
  });

  it('should charge where it is fastest, skipping a slow charger', async () => {
    const result = await plan(
      [station('AC', 100, { hasDc: false, hasAc: true, maxPowerKw: 7 }), station('DC', 110)],
      250,
    );
    expect(stopsOf(planTagged(result, 'least_time'))).toEqual(['DC']);
  });

  it('should keep pinned stations in every plan, with their remark', async () => {
    // Unpinned, the fastest plan charges at B (from 10 % instead of into the taper at A).
    const free = await plan([station('A', 100), station('B', 180)], 300);
    expect(stopsOf(planTagged(free, 'least_time'))).toEqual(['B']);

    const pinned = await plan([station('A', 100), station('B', 180)], 300, {
      waypointResourceSeq: [
        {
          resourceId: 'A',
          swapUseClone: false,
          type: 'ChargeStation',
          legIndex: 0,
          latitude: 0,
          longitude: degrees(100),
          remark: 'lunch',
        },
      ],
    });
    for (const p of pinned.plans) {
      const a = p.resources.find((r) => r.id === 'A');
      expect(a).toMatchObject({ selected: true, roadBookInclude: true, remark: 'lunch' });
      expect(p.route.status).toBe(0);
    }
  });

  it('should keep pinned stations in the order they were pinned', async () => {
    const pin = (resourceId: string, km: number) => ({
      resourceId,
      swapUseClone: false,
      type: 'ChargeStation',
      legIndex: 0,
      latitude: 0,
      longitude: degrees(km),
    });
    const result = await plan([station('A', 100), station('B', 180)], 300, {
      waypointResourceSeq: [pin('B', 180), pin('A', 100)],
    });
    for (const p of result.plans) expect(stopsOf(p)).toEqual(['B', 'A']);
  });

  it('should give plans with different stops their own tags', async () => {
    // X is on the road but slow; Y is 3 km off it and fast.
    const result = await plan(
      [
        station('X', 100, { hasDc: false, hasAc: true, maxPowerKw: 7 }),
        station('Y', 100, { lat: degrees(3) }),
      ],
      250,
    );
    expect(stopsOf(planTagged(result, 'least_distance'))).toEqual(['X']);
    expect(stopsOf(planTagged(result, 'least_time'))).toEqual(['Y']);
    const tags = result.plans.flatMap((p) => p.tags);
    expect(new Set(tags).size).toBe(tags.length);
    for (const p of result.plans) expect(p.tag).toBe(p.tags[0]);
  });

  it('should offer an alternative without the recommended stops', async () => {
    const result = await plan([station('A', 120), station('B', 140)], 300);
    const recommended = stopsOf(planTagged(result, 'recommended'));
    const alternative = stopsOf(planTagged(result, 'alternative'));
    expect(recommended).toHaveLength(1);
    expect(alternative).toHaveLength(1);
    expect(alternative).not.toEqual(recommended);
  });

  it('should mark highway service areas and count them', async () => {
    const result = await plan(
      [station('H', 100, { construction: 11 }), station('T', 110, { construction: 6 })],
      300,
    );
    const [first] = result.plans;
    expect(first!.highwayResourceCount).toBe(1);
    expect(first!.routePlanningResourceList.list.map((r) => [r.id, r.isOnHighway])).toEqual([
      ['H', true],
      ['T', false],
    ]);
  });

  it('should prefer highway service areas under highway priority', async () => {
    const stations = [station('H', 100, { construction: 11 }), station('T', 110, { construction: 6 })];
    expect(stopsOf(planTagged(await plan(stations, 300), 'recommended'))).toEqual(['T']);
    expect(stopsOf(planTagged(await plan(stations, 300, { tactics: 4 }), 'recommended'))).toEqual(['H']);
  });

  it('should keep only service areas, and only stations serving a named product, under power features', async () => {
    const stations = [
      station('H', 100, { construction: 11 }),
      station('HN', 105, { construction: 11, products: ['nio'] }),
      station('N', 110, { products: ['nio', 'onvo'] }),
      swap('S', 115, { products: ['nio'] }),
      station('F', 120, { products: ['firefly'] }),
    ];
    const listed = async (powerFeatures: PowerFeature[]) =>
      (await plan(stations, 300, { powerFeatures })).plans[0]!.routePlanningResourceList.list.map(
        (r) => r.id,
      );

    expect(await listed([])).toEqual(['H', 'HN', 'N', 'S', 'F']);
    expect(await listed(['only_service_area_power'])).toEqual(['H', 'HN']);
    expect(await listed(['only_nio'])).toEqual(['HN', 'N', 'S']);
    expect(await listed(['only_onvo', 'only_firefly'])).toEqual(['N', 'F']);
    expect(await listed(['only_service_area_power', 'only_nio'])).toEqual(['HN']);
  });

  it('should drop stations whose detour exceeds the factor, though they count as resources', async () => {
    // Range 100 km: a stop may lengthen its leg by 10 %, 10 km, so 5 km each way: 3.85 km straight.
    const result = await plan(
      [station('Near', 60, { lat: degrees(2) }), station('Far', 70, { lat: degrees(10) })],
      150,
      { csSearchRange: 30, maxDetourFactor: 1.1, currentRange: 100, maxRange: 100 },
    );
    const [first] = result.plans;
    expect(first!.totalResourceCount).toBe(2);
    expect(first!.candidateCount).toBe(1);
    expect(first!.routePlanningResourceList.list.map((r) => [r.id, r.perpendicularDistance])).toEqual([
      ['Near', 2000],
    ]);
  });

  it('should leave out stations beyond the search range', async () => {
    const result = await plan(
      [station('In', 60, { lat: degrees(4.9) }), station('Out', 70, { lat: degrees(5.2) })],
      150,
    );
    expect(result.plans[0]!.totalResourceCount).toBe(1);
  });

  it('should list candidates in route order with the distances to their neighbours', async () => {
    const result = await plan([station('A', 40), station('C', 90), station('B', 60)], 150);
    expect(
      result.plans[0]!.routePlanningResourceList.list.map((r) => [
        r.id,
        r.progress,
        r.distanceToPreviousCandidate,
        r.distanceToNextCandidate,
        r.legIndex,
      ]),
    ).toEqual([
      ['A', 40_000, null, 20_000, 0],
      ['B', 60_000, 20_000, 30_000, 0],
      ['C', 90_000, 30_000, null, 0],
    ]);
  });

  it('should keep the requested resource types only', async () => {
    const stations = [
      station('DC', 50),
      station('AC', 60, { hasDc: false, hasAc: true, maxPowerKw: 11 }),
      swap('PS', 70),
    ];
    const ids = async (overrides: Partial<RoutePlanningFilterInput>) =>
      (await plan(stations, 150, overrides)).plans[0]!.routePlanningResourceList.list.map((r) => r.id);
    expect(await ids({ resourceTypes: 'CS', csChargerTypeOption: 'has_dc' })).toEqual(['DC']);
    expect(await ids({ resourceTypes: 'CS', csChargerTypeOption: 'has_ac' })).toEqual(['AC']);
    expect(await ids({ resourceTypes: 'CS' })).toEqual(['DC', 'AC']);
    expect(await ids({ resourceTypes: 'PS' })).toEqual(['PS']);
    expect(await ids({ resourceTypes: 'CS|PS', csChargerTypeOption: 'has_dc' })).toEqual(['DC', 'PS']);
  });

  it('should list a swap station clone as its own entrance', async () => {
    const result = await plan(
      [swap('PS', 60, { lat: degrees(4), swapClone: { lng: degrees(60), lat: 0 } })],
      150,
    );
    const list = result.plans[0]!.routePlanningResourceList.list;
    expect(list.map((r) => [r.id, r.swapUseClone, r.swapHasClone, r.perpendicularDistance])).toEqual([
      ['PS_clone', true, true, 0],
      ['PS', false, true, 4000],
    ]);
    expect(list[0]!.swapClone).toMatchObject({ resourceId: 'PS_clone', latitude: 0 });
  });

  it('should keep enough range to reach a station at the destination when asked', async () => {
    // N is 3 km past the destination: 3.9 km by road must be left on arrival.
    const stations = [station('M', 100), station('N', 203)];
    expect(stopsOf((await plan(stations, 200)).plans[0]!)).toEqual([]);
    const checked = await plan(stations, 200, { checkDestinationResource: true });
    expect(stopsOf(planTagged(checked, 'least_time'))).toEqual(['M']);
  });

  it('should split steps at waypoints and draw each along the route', async () => {
    const result = await plan([], 150, {
      waypoints: [{ id: 'w1', longitude: degrees(50), latitude: 0, name: 'half way' }],
    });
    const steps = result.plans[0]!.route.steps;
    expect(steps.map((s) => s.distance)).toEqual([50_000, 100_000]);
    const line = decodePolyline(steps[1]!.polyline);
    expect(line[0]![0]).toBeCloseTo(degrees(50), 4);
    expect(line[line.length - 1]![0]).toBeCloseTo(degrees(150), 4);
  });

  it('should place stations after a waypoint on the next leg', async () => {
    const result = await plan([station('A', 30), station('B', 80)], 150, {
      waypoints: [{ id: 'w1', longitude: degrees(50), latitude: 0 }],
    });
    expect(result.plans[0]!.routePlanningResourceList.list.map((r) => [r.id, r.legIndex])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });

  it('should plan a trip that ends where it starts', async () => {
    const result = await plan([station('A', 0.5)], 0);
    expect(result.status).toBe(0);
    expect(result.plans).toHaveLength(1);
    expect(result.plans[0]!.route).toMatchObject({ distance: 0, duration: 0, status: 0, notArrivalCount: 0 });
    expect(result.plans[0]!.resources).toEqual([]);
  });

  it('should thin candidates to the best few per window but keep those the trip depends on', async () => {
    // Six stations between 100 and 109 km share one window; only the two fastest stay (three if asked).
    const stations = [0, 1, 2, 3, 4, 5].map((k) => station(`S${k}`, 100 + k, { maxPowerKw: 30 + 20 * k }));
    const result = await plan(stations, 250);
    expect(result.plans[0]!.routePlanningResourceList.list.map((r) => r.id)).toEqual(['S4', 'S5']);
    const three = await plan(stations, 250, {}, { keepPerWindow: 3 });
    expect(three.plans[0]!.routePlanningResourceList.list.map((r) => r.id)).toEqual(['S3', 'S4', 'S5']);

    // Starting with 100.5 km only S0 (at 100 km) is in reach; it is kept though it is the slowest.
    const tight = await plan(stations, 150, { currentRange: 100.5, maxRange: 101 });
    const list = tight.plans[0]!.routePlanningResourceList.list.map((r) => r.id);
    expect(list).toContain('S0');
    expect(tight.status).toBe(0);
  });

  describe('arrival reserve', () => {
    // 330 km with a full 200 km: one stop, at A (150 km, 50 left) or at B (195 km, 5 left).
    const stations = [station('A', 150), station('B', 195)];
    const arrivals = (result: Awaited<ReturnType<typeof plan>>) =>
      result.plans.flatMap((p) => p.resources.map((r) => r.arrivalRange!));

    it('should plan an arrival with next to nothing left when no reserve is asked for', async () => {
      const result = await plan(stations, 330, { arrivalReserve: 0 }, { arrivalReserveRatio: 0.1 });
      expect(stopsOf(planTagged(result, 'least_time'))).toEqual(['B']);
      expect(Math.min(...arrivals(result))).toBe(5);
    });

    it('should keep 10 % of the maximum range on every arrival by default', async () => {
      const result = await plan(stations, 330, {}, { arrivalReserveRatio: 0.1 });
      expect(result.status).toBe(0);
      // One stop is enough, and B (5 km left on arrival) is no longer it.
      expect(stopsOf(planTagged(result, 'default'))).toEqual(['A']);
      for (const p of result.plans) expect(p.route.status).toBe(0);
      expect(Math.min(...arrivals(result))).toBeGreaterThanOrEqual(20);
    });

    it('should report the arrivals that cannot keep the reserve asked for as falling short of it', async () => {
      const result = await plan(stations, 330, { arrivalReserve: 60 });
      const leastTime = planTagged(result, 'least_time');
      // A is reached with 50 km, 10 km short of the reserve; B and the destination keep it.
      expect(stopsOf(leastTime)).toEqual(['A', 'B']);
      expect(leastTime.resources.map((r) => r.arrivalRange)).toEqual([50, 60]);
      expect(leastTime.route).toMatchObject({ status: 1, notArrivalCount: 1, notArrivalDistance: 10 });
    });
  });

  describe('served direction', () => {
    // Eastbound along the equator (bearing 90°): a service area serving westbound cars (270°) is across
    // the central reservation, out of reach.
    const stations = [
      station('W', 100, { construction: 11, servedBearing: 270 }),
      station('E', 110, { construction: 11, servedBearing: 90 }),
      station('NE', 115, { construction: 11, servedBearing: 45 }),
      station('N', 120, { construction: 11, servedBearing: 20 }),
      station('X', 105),
    ];
    const listed = (result: Awaited<ReturnType<typeof plan>>) =>
      result.plans[0]!.routePlanningResourceList.list.map((item) => item.id);

    it('should list and stop only at the stations serving the direction the route heads in', async () => {
      const result = await plan(stations, 250, { currentRange: 130 });
      expect(listed(result)).toEqual(['X', 'E', 'NE']);
      expect(result.plans[0]!.totalResourceCount).toBe(3);
      expect(result.plans[0]!.highwayResourceCount).toBe(2);
      for (const p of result.plans) expect(stopsOf(p)).not.toContain('W');
    });

    it('should stop at the other carriageway going the other way', async () => {
      const sut = new RoutePlanner(
        new EstimatedRoutingProvider({ detourFactor: 1 }),
        StationIndex.build(stations),
        {
          arrivalReserveRatio: 0,
        },
      );
      const result = await sut.plan(
        RoutePlanningFilterSchema.parse({
          originPoint: { longitude: degrees(250), latitude: 0 },
          destinationPoint: { longitude: 0, latitude: 0 },
          currentRange: 180,
        }),
      );
      expect(listed(result)).toEqual(['X', 'W']);
    });

    it('should take the tolerance it is given', async () => {
      const result = await plan(stations, 250, { currentRange: 130 }, { directionToleranceDegrees: 30 });
      expect(listed(result)).toEqual(['X', 'E']);
    });
  });
});
