import { SWAP_CLONE_SUFFIX } from '@cmp/domain/stations/swap-station-info';
import { PLAN_TAGS, type PlanTag } from '@cmp/domain/road-books/route-tactics';
// Construction type 11, intercity highway service area: also what `only_service_area_power` keeps.
import { HIGHWAY_SERVICE_AREA_CONSTRUCTION as HIGHWAY_SERVICE_AREA } from '@cmp/domain/road-books/power-features';
import {
  ROUTE_STATUS,
  type RouteInfo,
  type RoutePlan,
  type RoutePlanList,
  type RoutePlanningFilter,
  type RouteResourcePlacement,
  type RouteStatus,
  type RouteStep,
} from '@cmp/domain/road-books/route-plan';
import {
  findCorridorStations,
  reachChain,
  stationFilter,
  thinCandidates,
  type Corridor,
  type CorridorStation,
} from './candidates.js';
import {
  chargeSeconds,
  DEFAULT_STOPS,
  DEFAULT_VEHICLE,
  type StopModel,
  type VehicleModel,
} from './charging.js';
import { bearing, bearingGap, haversine, projectOnSegment, type LngLat } from './geo.js';
import { encodePolyline } from '@cmp/domain/road-books/polyline';
import { RouteLine } from './route-line.js';
import type { RoutingProvider } from './routing-provider.js';
import { FLAG_AC, FLAG_DC, FLAG_SWAP, NO_BEARING, type StationIndex } from './station-index.js';
import {
  NODE_CHARGE,
  NODE_DESTINATION,
  NODE_ORIGIN,
  NODE_SWAP,
  selectStops,
  type Objective,
  type Selection,
  type StopNetwork,
} from './stop-selection.js';

export interface PlannerOptions {
  vehicle?: Partial<Omit<VehicleModel, 'maxRangeKm'>>;
  stops?: Partial<StopModel>;
  /** Thinning keeps the best `keepPerWindow` candidates of each `windowM` stretch. */
  windowM?: number;
  keepPerWindow?: number;
  /** Spacing of the line stations are projected on (m). */
  searchSpacingM?: number;
  /** Share of the maximum range the `reachable` plan keeps on every arrival. */
  reachableReserveRatio?: number;
  /**
   * Share of the maximum range every plan keeps on arriving at a stop or the destination when the request
   * names no `arrivalReserve` (the portal's setting ROUTE_ARRIVAL_RESERVE_PERCENT).
   */
  arrivalReserveRatio?: number;
  /**
   * A station serving one direction of travel is a stop only where the route heads within this many
   * degrees of it (the route's heading over 2 km around the station's place on it).
   */
  directionToleranceDegrees?: number;
  /** What one more stop costs the `recommended` plan, in seconds. */
  recommendedStopSeconds?: number;
  /** What stopping against the tactic (off the highway under "highway priority", on it under "avoid highway") costs. */
  tacticPenaltySeconds?: number;
  /**
   * Stop at the pinned stations only (a preview of the stops staff chose): every plan then has exactly
   * those stops, and the other candidates are still listed.
   */
  onlyPinnedStops?: boolean;
}

export type PlanPhase = 'routing' | 'candidates' | 'selection' | 'assembly';

/**
 * Milliseconds per phase of one plan, filled when a caller passes an object (the benchmark does): wall
 * time, and the process's CPU time, which is what a phase costs when it need not wait for a core.
 */
export interface PlanTimings {
  wall: Partial<Record<PlanPhase, number>>;
  cpu: Partial<Record<PlanPhase, number>>;
}

/** A candidate station as the planner holds it between the phases. */
interface Candidate extends CorridorStation {
  id: string;
  access: number;
  isSwap: boolean;
  powerKw: number;
  onHighway: boolean;
  /** Position in `waypointResourceSeq`, or -1. */
  pinnedSeq: number;
  legIndex: number;
  remark: string | null;
  name: string;
  operatorId: string | null;
}

interface Prepared {
  line: RouteLine;
  /** Every corridor station's progress, sorted: the "resources" neighbours are looked up here. */
  resourceProgress: Float64Array;
  highwayResourceCount: number;
  candidates: Candidate[];
  network: StopNetwork;
  vehicle: VehicleModel;
  destinationReserveKm: number;
  /** Kilometres every plan keeps on arriving at a stop or the destination. */
  arrivalReserveKm: number;
}

/** Half the stretch of route whose heading a station's served direction is compared with. */
const HEADING_HALF_SPAN_M = 1000;
export const DEFAULT_ARRIVAL_RESERVE_RATIO = 0.1;
export const DEFAULT_DIRECTION_TOLERANCE_DEGREES = 60;

/**
 * The route planning engine: road geometry from a routing provider, candidate stations from the station
 * index, stops chosen per plan tag, and the plans as the contract in `@cmp/domain/road-books/route-plan`
 * describes them. Holds no state between plans; see docs/route-planning.md.
 */
export class RoutePlanner {
  private readonly stops: StopModel;
  private readonly vehicleDefaults: Omit<VehicleModel, 'maxRangeKm'>;
  private readonly windowM: number;
  private readonly keepPerWindow: number;
  private readonly searchSpacingM: number;
  private readonly reachableReserveRatio: number;
  private readonly arrivalReserveRatio: number;
  private readonly directionTolerance: number;
  private readonly recommendedStopSeconds: number;
  private readonly tacticPenaltySeconds: number;
  private readonly onlyPinnedStops: boolean;

  constructor(
    private readonly provider: RoutingProvider,
    private readonly stations: StationIndex,
    options: PlannerOptions = {},
  ) {
    this.stops = { ...DEFAULT_STOPS, ...options.stops };
    this.vehicleDefaults = { ...DEFAULT_VEHICLE, ...options.vehicle };
    this.windowM = options.windowM ?? 10_000;
    this.keepPerWindow = options.keepPerWindow ?? 2;
    this.searchSpacingM = options.searchSpacingM ?? 1000;
    this.reachableReserveRatio = options.reachableReserveRatio ?? 0.15;
    this.arrivalReserveRatio = options.arrivalReserveRatio ?? DEFAULT_ARRIVAL_RESERVE_RATIO;
    this.directionTolerance = options.directionToleranceDegrees ?? DEFAULT_DIRECTION_TOLERANCE_DEGREES;
    this.recommendedStopSeconds = options.recommendedStopSeconds ?? 600;
    this.tacticPenaltySeconds = options.tacticPenaltySeconds ?? 900;
    this.onlyPinnedStops = options.onlyPinnedStops ?? false;
  }

  async plan(filter: RoutePlanningFilter, timings?: PlanTimings): Promise<RoutePlanList> {
    let mark = performance.now();
    let cpuMark = timings ? process.cpuUsage() : null;
    const lap = (phase: PlanPhase) => {
      if (!timings || !cpuMark) return;
      const now = performance.now();
      const cpu = process.cpuUsage(cpuMark);
      timings.wall[phase] = now - mark;
      timings.cpu[phase] = (cpu.user + cpu.system) / 1000;
      mark = now;
      cpuMark = process.cpuUsage();
    };
    const points: LngLat[] = [
      [filter.originPoint.longitude, filter.originPoint.latitude],
      ...filter.waypoints.map((w): LngLat => [w.longitude, w.latitude]),
      [filter.destinationPoint.longitude, filter.destinationPoint.latitude],
    ];
    const route = await this.provider.route(points, filter.tactics);
    const line = RouteLine.fromRoute(route);
    lap('routing');
    const prepared = this.prepare(filter, line);
    lap('candidates');
    const selections = this.selectAll(filter, prepared);
    lap('selection');
    const plans = this.assemble(filter, prepared, selections);
    lap('assembly');
    return {
      status: plans.some((p) => p.status === ROUTE_STATUS.reachable)
        ? ROUTE_STATUS.reachable
        : ROUTE_STATUS.notReachable,
      locations: { orig: filter.originPoint, dest: filter.destinationPoint, waypoints: filter.waypoints },
      plans,
    };
  }

  private prepare(filter: RoutePlanningFilter, line: RouteLine): Prepared {
    const vehicle: VehicleModel = { ...this.vehicleDefaults, maxRangeKm: filter.maxRange };
    const query = {
      resourceTypes: filter.resourceTypes,
      csChargerTypeOption: filter.csChargerTypeOption,
      brandResources: filter.brandResources,
      powerFeatures: filter.powerFeatures,
      searchRangeM: filter.csSearchRange * 1000,
      spacingM: this.searchSpacingM,
    };
    const corridor = findCorridorStations(this.stations, line, query);
    // A service area on the other carriageway is out of reach: it is neither a resource nor a candidate.
    const reachable = this.pullInMask(corridor, line);
    const reachableProgress: number[] = [];
    let highwayResourceCount = 0;
    for (let k = 0; k < corridor.count; k++) {
      if (!reachable[k]) continue;
      reachableProgress.push(corridor.progress[k]!);
      if (this.stations.construction[corridor.slot[k]!] === HIGHWAY_SERVICE_AREA) highwayResourceCount++;
    }
    const resourceProgress = Float64Array.from(reachableProgress).sort();

    const pinned = this.pinnedCandidates(filter, line);
    const pinnedEntrances = new Set(
      pinned.filter((p) => p.slot >= 0).map((p) => entranceKey(p.slot, p.clone)),
    );
    // A stop leaves the route and comes back: the leg it serves (at most a full range) grows by twice the
    // way to the station; maxDetourFactor bounds that growth.
    const referenceM = Math.min(filter.maxRange * 1000, line.length);
    const maxAccessM = referenceM > 0 ? ((filter.maxDetourFactor - 1) * referenceM) / 2 : Infinity;
    // Thinning works on columns of corridor entries; only the stations it keeps become full candidates.
    const typicalCharge = (powerKw: number) =>
      this.stops.chargeOverheadSeconds +
      chargeSeconds(vehicle, powerKw, 0.1 * vehicle.maxRangeKm, 0.8 * vehicle.maxRangeKm);
    const entries = new Int32Array(corridor.count);
    const progress = new Float64Array(corridor.count);
    const access = new Float64Array(corridor.count);
    const scores = new Float64Array(corridor.count);
    let pooled = 0;
    for (let k = 0; k < corridor.count; k++) {
      const slot = corridor.slot[k]!;
      if (!reachable[k]) continue;
      const accessM = corridor.perpendicular[k]! * this.stops.accessRoadFactor;
      if (accessM > maxAccessM) continue;
      if (pinnedEntrances.size > 0 && pinnedEntrances.has(entranceKey(slot, corridor.clone[k] === 1)))
        continue;
      const isSwap = (this.stations.flags[slot]! & FLAG_SWAP) !== 0;
      const onHighway = this.stations.construction[slot] === HIGHWAY_SERVICE_AREA;
      entries[pooled] = k;
      progress[pooled] = corridor.progress[k]!;
      access[pooled] = accessM;
      scores[pooled] =
        (2 * accessM * 3.6) / this.stops.accessSpeedKmh +
        (isSwap ? this.stops.swapSeconds : typicalCharge(this.powerOf(slot, filter.csChargerTypeOption))) +
        this.tacticPenalty(filter, onHighway);
      pooled++;
    }
    const pool = { progress: progress.subarray(0, pooled), access: access.subarray(0, pooled) };

    const chain = reachChain(
      { progress, access },
      filter.currentRange * 1000,
      filter.maxRange * 1000,
      line.length,
    );
    const kept = thinCandidates(pool.progress, scores, this.windowM, this.keepPerWindow, chain);
    const candidates = [
      ...kept.map((i) =>
        this.toCandidate(corridor.station(entries[i]!), line, filter.csChargerTypeOption, -1, null),
      ),
      ...pinned,
    ].sort(
      (a, b) =>
        a.progress - b.progress ||
        rank(a) - rank(b) ||
        a.perpendicular - b.perpendicular ||
        (a.id < b.id ? -1 : 1),
    );

    let destinationReserveKm = 0;
    if (filter.checkDestinationResource) {
      const accept = stationFilter(this.stations, query);
      const [nearest] = this.stations.around(
        filter.destinationPoint.longitude,
        filter.destinationPoint.latitude,
        query.searchRangeM,
        1,
        accept,
      );
      if (nearest) destinationReserveKm = (nearest.distance * this.stops.accessRoadFactor) / 1000;
    }

    return {
      line,
      resourceProgress,
      highwayResourceCount,
      candidates,
      network: this.network(filter, line, candidates),
      vehicle,
      destinationReserveKm,
      arrivalReserveKm: Math.min(
        filter.arrivalReserve ?? this.arrivalReserveRatio * filter.maxRange,
        filter.maxRange,
      ),
    };
  }

  /**
   * Per corridor entry, 1 where a car on the route can pull in: every station serving both directions,
   * and a station serving one where the route heads within the tolerance of it. The route's heading is
   * taken over a stretch around the station's place on it, so a bend in the line does not flip it.
   */
  private pullInMask(corridor: Corridor, line: RouteLine): Uint8Array {
    const mask = new Uint8Array(corridor.count).fill(1);
    for (let k = 0; k < corridor.count; k++) {
      const served = this.stations.servedBearing[corridor.slot[k]!]!;
      if (served === NO_BEARING) continue;
      const at = corridor.progress[k]!;
      const [fromLng, fromLat] = line.pointAt(Math.max(0, at - HEADING_HALF_SPAN_M));
      const [toLng, toLat] = line.pointAt(Math.min(line.length, at + HEADING_HALF_SPAN_M));
      if (fromLng === toLng && fromLat === toLat) continue;
      const heading = bearing(fromLng, fromLat, toLng, toLat);
      if (bearingGap(heading, served) > this.directionTolerance) mask[k] = 0;
    }
    return mask;
  }

  private toCandidate(
    station: CorridorStation,
    line: RouteLine,
    option: RoutePlanningFilter['csChargerTypeOption'],
    pinnedSeq: number,
    remark: string | null,
  ): Candidate {
    const { slot } = station;
    const flags = this.stations.flags[slot]!;
    const isSwap = (flags & FLAG_SWAP) !== 0;
    const id = this.stations.idOf(slot) + (station.clone ? SWAP_CLONE_SUFFIX : '');
    return {
      slot,
      clone: station.clone,
      lng: station.lng,
      lat: station.lat,
      progress: station.progress,
      perpendicular: station.perpendicular,
      id,
      access: station.perpendicular * this.stops.accessRoadFactor,
      isSwap,
      powerKw: this.powerOf(slot, option),
      onHighway: this.stations.construction[slot] === HIGHWAY_SERVICE_AREA,
      pinnedSeq,
      legIndex: line.legIndexAt(station.progress),
      remark,
      name: this.stations.nameOf(slot),
      operatorId: this.stations.operatorOf(slot),
    };
  }

  /** The power the car charges at: AC only when the request asked for AC piles, or the station has no DC. */
  private powerOf(slot: number, option: RoutePlanningFilter['csChargerTypeOption']): number {
    const power = this.stations.powerKw[slot]!;
    const flags = this.stations.flags[slot]!;
    const acOnly = !(flags & FLAG_SWAP) && (!(flags & FLAG_DC) || option === 'has_ac');
    if (!acOnly) return Number.isNaN(power) ? this.stops.unknownDcPowerKw : power;
    if (flags & FLAG_DC) return this.stops.acPowerKw;
    return Number.isNaN(power) || !(flags & FLAG_AC) ? this.stops.unknownAcPowerKw : power;
  }

  /**
   * The stations the user pinned, placed on the leg they were pinned to, in their order: a pinned station
   * that would sit before the one pinned ahead of it is moved up to it.
   */
  private pinnedCandidates(filter: RoutePlanningFilter, line: RouteLine): Candidate[] {
    const result: Candidate[] = [];
    let floor = 0;
    filter.waypointResourceSeq.forEach((pin, seq) => {
      const slot = this.stations.slotOf(pin.resourceId);
      const clone = slot !== undefined && pin.swapUseClone ? this.stations.cloneOf(slot) : null;
      const lng = clone ? clone.lng : slot !== undefined ? this.stations.lng[slot]! : pin.longitude;
      const lat = clone ? clone.lat : slot !== undefined ? this.stations.lat[slot]! : pin.latitude;
      const legIndex = Math.min(pin.legIndex, line.legEnds.length - 1);
      const legStart = legIndex === 0 ? 0 : line.legEnds[legIndex - 1]!;
      const legEnd = line.legEnds[legIndex]!;
      const placed = project(line, lng, lat, legStart, legEnd);
      if (placed.progress < floor) {
        // Reached from the point where the earlier pin lies: the way back is its access distance.
        const [pointLng, pointLat] = line.pointAt(floor);
        placed.progress = floor;
        placed.perpendicular = haversine(lng, lat, pointLng, pointLat);
      }
      const progress = placed.progress;
      floor = progress;
      const remark = pin.remark ?? null;
      if (slot !== undefined) {
        const candidate = this.toCandidate(
          { slot, clone: clone !== null, lng, lat, progress, perpendicular: placed.perpendicular },
          line,
          filter.csChargerTypeOption,
          seq,
          remark,
        );
        result.push({ ...candidate, legIndex });
        return;
      }
      const isSwap = pin.type === 'PowerSwap';
      result.push({
        slot: -1,
        clone: pin.swapUseClone,
        lng,
        lat,
        progress,
        perpendicular: placed.perpendicular,
        id: pin.resourceId + (pin.swapUseClone ? SWAP_CLONE_SUFFIX : ''),
        access: placed.perpendicular * this.stops.accessRoadFactor,
        isSwap,
        powerKw: this.stops.unknownDcPowerKw,
        onHighway: false,
        pinnedSeq: seq,
        legIndex,
        remark,
        name: pin.name ?? pin.resourceId,
        operatorId: null,
      });
    });
    return result;
  }

  private tacticPenalty(filter: RoutePlanningFilter, onHighway: boolean): number {
    if (filter.tactics === 4 && !onHighway) return this.tacticPenaltySeconds;
    if (filter.tactics === 3 && onHighway) return this.tacticPenaltySeconds;
    return 0;
  }

  private network(filter: RoutePlanningFilter, line: RouteLine, candidates: Candidate[]): StopNetwork {
    const count = candidates.length + 2;
    const net: StopNetwork = {
      count,
      progress: new Float64Array(count),
      access: new Float64Array(count),
      seconds: new Float64Array(count),
      kind: new Uint8Array(count),
      powerKw: new Float32Array(count),
      pinned: new Uint8Array(count),
      penalty: new Float32Array(count),
    };
    net.kind[0] = NODE_ORIGIN;
    candidates.forEach((c, i) => {
      const node = i + 1;
      net.progress[node] = c.progress;
      net.access[node] = c.access;
      net.seconds[node] = line.secondsAt(c.progress);
      net.kind[node] = c.isSwap ? NODE_SWAP : NODE_CHARGE;
      net.powerKw[node] = c.powerKw;
      net.pinned[node] = c.pinnedSeq >= 0 ? 1 : 0;
      net.penalty[node] = this.tacticPenalty(filter, c.onHighway);
    });
    net.progress[count - 1] = line.length;
    net.seconds[count - 1] = line.duration;
    net.kind[count - 1] = NODE_DESTINATION;
    return net;
  }

  private selectAll(filter: RoutePlanningFilter, prepared: Prepared): Map<PlanTag, Selection> {
    const input = {
      network: prepared.network,
      vehicle: prepared.vehicle,
      stops: this.stops,
      startRangeKm: filter.currentRange,
    };
    let unpinned: Uint8Array | undefined;
    if (this.onlyPinnedStops) {
      // Every station is masked (pinned ones stay allowed whatever the mask says), but not the trip's ends.
      unpinned = new Uint8Array(prepared.network.count).fill(1);
      unpinned[0] = 0;
      unpinned[prepared.network.count - 1] = 0;
    }
    const base: Objective = {
      timeWeight: 1,
      distanceWeight: 0,
      stopCost: 0,
      penaltyWeight: 0,
      reserveKm: prepared.arrivalReserveKm,
      destinationReserveKm: Math.max(prepared.destinationReserveKm, prepared.arrivalReserveKm),
      excluded: unpinned,
    };
    const recommendedObjective = { ...base, stopCost: this.recommendedStopSeconds, penaltyWeight: 1 };
    const reserveKm = Math.max(this.reachableReserveRatio * filter.maxRange, prepared.arrivalReserveKm);
    const selections = new Map<PlanTag, Selection>();
    selections.set('default', selectStops(input, { ...base, stopCost: 1e7 }));
    selections.set('recommended', selectStops(input, recommendedObjective));
    selections.set('least_time', selectStops(input, base));
    selections.set('least_distance', selectStops(input, { ...base, timeWeight: 1e-4, distanceWeight: 1 }));
    selections.set(
      'reachable',
      selectStops(input, {
        ...base,
        reserveKm,
        destinationReserveKm: Math.max(prepared.destinationReserveKm, reserveKm),
      }),
    );
    // With only the pinned stations to stop at, there is no other plan to offer.
    if (unpinned) return selections;
    const recommended = selections.get('recommended')!;
    const excluded = new Uint8Array(prepared.network.count);
    for (const node of recommended.nodes) if (!prepared.network.pinned[node]) excluded[node] = 1;
    excluded[0] = 0;
    excluded[prepared.network.count - 1] = 0;
    const alternative = selectStops(input, { ...recommendedObjective, excluded });
    // An alternative that falls shorter than the recommended plan is no alternative.
    if (alternative.uncoveredKm <= recommended.uncoveredKm + 1e-6) selections.set('alternative', alternative);
    return selections;
  }

  private assemble(
    filter: RoutePlanningFilter,
    prepared: Prepared,
    selections: Map<PlanTag, Selection>,
  ): RoutePlan[] {
    const { candidates, resourceProgress } = prepared;
    const byStops = new Map<string, { tags: PlanTag[]; selection: Selection }>();
    for (const tag of PLAN_TAGS) {
      const selection = selections.get(tag);
      if (!selection) continue;
      const key = selection.nodes.join(',');
      const known = byStops.get(key);
      if (known) known.tags.push(tag);
      else byStops.set(key, { tags: [tag], selection });
    }

    const baseItems = candidates.map((c, i) =>
      this.placement(c, i, candidates, resourceProgress, prepared.vehicle),
    );
    const totalResourceCount =
      resourceProgress.length +
      candidates.filter((c) => c.pinnedSeq >= 0 && c.perpendicular > filter.csSearchRange * 1000).length;

    return [...byStops.values()].map(({ tags, selection }) => {
      const evaluated = this.evaluate(filter, prepared, selection);
      const list = baseItems.map((item, i) => {
        const stop = evaluated.stops.get(i + 1);
        if (!stop) return item;
        return {
          ...item,
          selected: true,
          estimateChargeDuration: Math.round(stop.seconds),
          arrivalRange: round1(stop.arrivalKm),
          departureRange: round1(stop.departKm),
        };
      });
      const resources = list.filter((item) => item.selected);
      return {
        tag: tags[0]!,
        tags,
        status: evaluated.route.status,
        totalResourceCount,
        candidateCount: candidates.length,
        highwayResourceCount: prepared.highwayResourceCount,
        route: evaluated.route,
        resources,
        routePlanningResourceList: { total: list.length, list },
      };
    });
  }

  private placement(
    c: Candidate,
    i: number,
    candidates: Candidate[],
    resourceProgress: Float64Array,
    vehicle: VehicleModel,
  ): RouteResourcePlacement {
    const baseId = c.clone ? c.id.slice(0, -SWAP_CLONE_SUFFIX.length) : c.id;
    const clone = c.slot >= 0 ? this.stations.cloneOf(c.slot) : null;
    const [previousResource, nextResource] = neighbours(resourceProgress, c.progress);
    const previousCandidate = i > 0 ? candidates[i - 1]!.progress : null;
    const nextCandidate = i < candidates.length - 1 ? candidates[i + 1]!.progress : null;
    return {
      id: c.id,
      type: c.isSwap ? 'PowerSwap' : 'ChargeStation',
      swapUseClone: c.clone,
      swapHasClone: clone !== null,
      swapClone: clone
        ? {
            resourceId: baseId + SWAP_CLONE_SUFFIX,
            longitude: clone.lng,
            latitude: clone.lat,
            description: clone.description,
          }
        : null,
      legIndex: c.legIndex,
      selected: false,
      remark: c.remark,
      roadBookInclude: c.pinnedSeq >= 0,
      isOnHighway: c.onHighway,
      isCandidate: true,
      perpendicularDistance: Math.round(c.perpendicular),
      progress: Math.round(c.progress),
      distanceToPreviousResource:
        previousResource === null ? null : Math.round(c.progress - previousResource),
      distanceToNextResource: nextResource === null ? null : Math.round(nextResource - c.progress),
      distanceToPreviousCandidate:
        previousCandidate === null ? null : Math.round(c.progress - previousCandidate),
      distanceToNextCandidate: nextCandidate === null ? null : Math.round(nextCandidate - c.progress),
      name: c.name,
      showName: c.name,
      location: { longitude: c.lng, latitude: c.lat },
      operatorId: c.operatorId,
      estimateChargeDuration: Math.round(
        c.isSwap
          ? this.stops.swapSeconds
          : this.stops.chargeOverheadSeconds +
              chargeSeconds(vehicle, c.powerKw, 0.1 * vehicle.maxRangeKm, 0.8 * vehicle.maxRangeKm),
      ),
      arrivalRange: null,
      departureRange: null,
    };
  }

  /**
   * Drives the plan step by step (a step ends at every stop and waypoint) and counts what it takes: range
   * on arrival and leaving, stop times, and where the range falls short (of the reserve, on arriving). The
   * search's own totals are not
   * reused so that every plan, whatever objective chose it, is measured the same way.
   */
  private evaluate(
    filter: RoutePlanningFilter,
    prepared: Prepared,
    selection: Selection,
  ): { route: RouteInfo; stops: Map<number, { seconds: number; arrivalKm: number; departKm: number }> } {
    const { line, candidates, vehicle } = prepared;
    const accessSpeed = (this.stops.accessSpeedKmh * 1000) / 3600;
    type Break = { progress: number; node: number; departKm: number };
    const breaks: Break[] = [];
    selection.nodes.forEach((node, k) => {
      if (node === 0 || node === prepared.network.count - 1) return;
      breaks.push({ progress: candidates[node - 1]!.progress, node, departKm: selection.departKm[k]! });
    });
    for (let leg = 0; leg < line.legEnds.length - 1; leg++) {
      breaks.push({ progress: line.legEnds[leg]!, node: -1, departKm: 0 });
    }
    breaks.sort((a, b) => a.progress - b.progress || (a.node < 0 ? 1 : 0) - (b.node < 0 ? 1 : 0));
    breaks.push({ progress: line.length, node: -1, departKm: 0 });

    const steps: RouteStep[] = [];
    const stops = new Map<number, { seconds: number; arrivalKm: number; departKm: number }>();
    let rangeKm = filter.currentRange;
    let from = 0;
    let fromStation: Candidate | null = null;
    let distance = 0;
    let duration = 0;
    let charging = 0;
    let shortKm = 0;
    let shortCount = 0;
    for (const end of breaks) {
      const station = end.node > 0 ? candidates[end.node - 1]! : null;
      const points: LngLat[] = [];
      if (fromStation) points.push([fromStation.lng, fromStation.lat]);
      points.push(...line.slice(from, end.progress));
      if (station) points.push([station.lng, station.lat]);
      const stepM = end.progress - from + (fromStation?.access ?? 0) + (station?.access ?? 0);
      const stepS =
        line.secondsAt(end.progress) -
        line.secondsAt(from) +
        ((fromStation?.access ?? 0) + (station?.access ?? 0)) / accessSpeed;
      rangeKm -= stepM / 1000;
      // A stop and the destination are arrivals, which keep the reserve; a waypoint is driven through.
      const floorKm = station || end.progress >= line.length ? prepared.arrivalReserveKm : 0;
      let status: RouteStatus = ROUTE_STATUS.reachable;
      if (rangeKm < floorKm - 1e-6) {
        status = ROUTE_STATUS.notReachable;
        shortKm += floorKm - rangeKm;
        shortCount++;
      }
      rangeKm = Math.max(0, rangeKm);
      steps.push({
        polyline: encodePolyline(points),
        distance: Math.round(stepM),
        duration: Math.round(stepS),
        status,
      });
      distance += stepM;
      duration += stepS;
      if (station) {
        const arrivalKm = rangeKm;
        let seconds: number;
        if (station.isSwap) {
          seconds = this.stops.swapSeconds;
          rangeKm = vehicle.maxRangeKm;
        } else {
          const departKm = Math.max(arrivalKm, Math.min(end.departKm, vehicle.maxRangeKm));
          seconds =
            this.stops.chargeOverheadSeconds + chargeSeconds(vehicle, station.powerKw, arrivalKm, departKm);
          rangeKm = departKm;
        }
        stops.set(end.node, { seconds, arrivalKm, departKm: rangeKm });
        charging += seconds;
        duration += seconds;
      }
      from = end.progress;
      fromStation = station;
    }
    const notArrivalDistance = round1(shortKm);
    return {
      route: {
        distance: Math.round(distance),
        duration: Math.round(duration),
        status: shortCount > 0 ? ROUTE_STATUS.notReachable : ROUTE_STATUS.reachable,
        notArrivalDistance,
        notArrivalCount: shortCount,
        chargingDuration: Math.round(charging),
        steps,
        estimated: line.estimated,
      },
      stops,
    };
  }
}

const entranceKey = (slot: number, clone: boolean) => slot * 2 + (clone ? 1 : 0);

/** Pinned stations sort after others at the same progress, in their pinned order. */
const rank = (c: Candidate) => (c.pinnedSeq >= 0 ? 1 + c.pinnedSeq : 0);

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The nearest progress before and after `progress` among the sorted values other than itself. */
function neighbours(sorted: Float64Array, progress: number): [number | null, number | null] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < progress) lo = mid + 1;
    else hi = mid;
  }
  let after = lo;
  // Skip the station itself (and any at the very same progress).
  while (after < sorted.length && sorted[after] === progress) after++;
  return [lo > 0 ? sorted[lo - 1]! : null, after < sorted.length ? sorted[after]! : null];
}

/** Nearest point of the line between two progresses. */
function project(
  line: RouteLine,
  lng: number,
  lat: number,
  fromM: number,
  toM: number,
): { progress: number; perpendicular: number } {
  let best = { progress: fromM, perpendicular: Infinity };
  for (let i = 0; i < line.pointCount - 1; i++) {
    const m0 = line.metres[i]!;
    const m1 = line.metres[i + 1]!;
    if (m1 < fromM || m0 > toM) continue;
    const { t, d } = projectOnSegment(
      line.lng[i]!,
      line.lat[i]!,
      line.lng[i + 1]!,
      line.lat[i + 1]!,
      lng,
      lat,
    );
    if (d < best.perpendicular) best = { progress: m0 + t * (m1 - m0), perpendicular: d };
  }
  return best;
}
