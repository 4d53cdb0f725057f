import { chargeUnitTable, fullBatterySeconds, type StopModel, type VehicleModel } from './charging.js';

export const NODE_ORIGIN = 0;
export const NODE_CHARGE = 1;
export const NODE_SWAP = 2;
export const NODE_DESTINATION = 3;

/**
 * The places a plan can stop at, in route order: the origin first, the destination last, the candidate
 * stations between them sorted by progress. Columns are typed arrays so the search touches no objects.
 */
export interface StopNetwork {
  count: number;
  /** Metres along the route to where the station is closest. */
  progress: Float64Array;
  /** Road metres from the route to the station (one way). */
  access: Float64Array;
  /** Driving seconds along the route to `progress`. */
  seconds: Float64Array;
  kind: Uint8Array;
  powerKw: Float32Array;
  /** 1 for a station the user pinned: every plan stops there. */
  pinned: Uint8Array;
  /** Seconds added to a plan's cost for stopping here (tactic preferences). */
  penalty: Float32Array;
}

export interface Objective {
  timeWeight: number;
  /** Cost per metre driven. */
  distanceWeight: number;
  /** Cost per stop. */
  stopCost: number;
  /** Weight of the stations' `penalty`. */
  penaltyWeight: number;
  /** Kilometres of range to keep on arriving at a stop. */
  reserveKm: number;
  /** Kilometres of range to keep on arriving at the destination. */
  destinationReserveKm: number;
  /** Nodes this objective may not stop at (pinned ones stay allowed). */
  excluded?: Uint8Array;
}

export interface SelectionInput {
  network: StopNetwork;
  vehicle: VehicleModel;
  stops: StopModel;
  startRangeKm: number;
}

/** A chosen sequence of nodes, origin to destination, with the range to leave each one with. */
export interface Selection {
  nodes: number[];
  /** Kilometres of range on leaving each node of `nodes` (the destination's is its arrival range). */
  departKm: number[];
  /** Kilometres the range falls short, as the search counted it (with the objective's reserves). */
  uncoveredKm: number;
}

/** Labels kept at a pinned charger: the Pareto front of (cost, range on arrival), cut to the cheapest few. */
const LABELS_PER_NODE = 4;
/** Nodes beyond the range an edge may still jump to, counting the kilometres it falls short. */
const GAP_EDGES = 2;
/** Falling short outweighs any time or distance: plans are compared on it first. */
const UNCOVERED_COST_PER_KM = 1e12;

/**
 * Chooses stops by dynamic programming over the nodes in route order. A label is a way to arrive at a
 * node: its cost so far and the range left. From a label the car drives to any later node within reach;
 * at a charger it charges just enough to arrive at that next node with the reserve (never past full),
 * at a swap station it leaves full. So a label's arrival range is the reserve after a charge, or what a
 * swap or the start left.
 *
 * A node keeps one label, except a pinned charger. At a swap station the range on arrival changes
 * nothing (the car leaves full), so the cheapest label wins. At a charger the car that arrives with
 * less can charge up to what the other arrived with, so the labels compare on cost minus the charging
 * time their range saves, and the lower one is never worse. At a pinned charger a car may drive on
 * without charging, keeping its extra range for later, so there the labels no other beats on both cost
 * and range are kept (a few).
 *
 * A stop that adds nothing (the car could drive on without it) is not a move, except at a pinned
 * station; no edge jumps over a pinned station, so every plan keeps them in order. Where no station is
 * in reach, an edge to one of the next nodes counts the kilometres it falls short and arrives empty;
 * costs rank those kilometres first, so the result is a full plan that falls short as little as can be.
 */
export function selectStops(input: SelectionInput, objective: Objective): Selection {
  const { network: net, vehicle, stops } = input;
  const n = net.count;
  // Label k of node i lives at i * LABELS_PER_NODE + k. Every label into a node is offered before the
  // node is expanded, so a label is only ever replaced while nothing points back to it yet.
  const capacity = n * LABELS_PER_NODE;
  const occupied = new Uint8Array(capacity);
  const labelPrev = new Int32Array(capacity);
  const labelCost = new Float64Array(capacity);
  /** What labels of one node are compared on (see `offer`). */
  const labelRank = new Float64Array(capacity);
  const labelArrival = new Float64Array(capacity);
  const labelTime = new Float64Array(capacity);
  const labelDistance = new Float64Array(capacity);
  const labelStops = new Int32Array(capacity);
  const labelPenalty = new Float64Array(capacity);
  const labelUncovered = new Float64Array(capacity);
  /** Range the previous node was left with on the way to this label. */
  const labelPrevDepart = new Float64Array(capacity);

  const nextPinned = new Int32Array(n);
  let upcoming = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    nextPinned[i] = upcoming;
    if (net.pinned[i]) upcoming = i;
  }

  const accessMetresPerSecond = (stops.accessSpeedKmh * 1000) / 3600;
  const maxRange = vehicle.maxRangeKm;
  const fullSeconds = new Float64Array(n);
  for (let i = 0; i < n; i++) fullSeconds[i] = fullBatterySeconds(vehicle, net.powerKw[i]!);

  const units = chargeUnitTable(vehicle);

  // The label being offered, in a typed array: passing these numbers as arguments would box each of them
  // on every call of the innermost loop.
  const offered = new Float64Array(7);
  const ARRIVAL = 0;
  const TIME = 1;
  const DISTANCE = 2;
  const STOPS = 3;
  const PENALTY = 4;
  const UNCOVERED = 5;
  const PREV_DEPART = 6;

  const write = (label: number, rank: number, cost: number, prev: number) => {
    occupied[label] = 1;
    labelRank[label] = rank;
    labelPrev[label] = prev;
    labelCost[label] = cost;
    labelArrival[label] = offered[ARRIVAL]!;
    labelTime[label] = offered[TIME]!;
    labelDistance[label] = offered[DISTANCE]!;
    labelStops[label] = offered[STOPS]!;
    labelPenalty[label] = offered[PENALTY]!;
    labelUncovered[label] = offered[UNCOVERED]!;
    labelPrevDepart[label] = offered[PREV_DEPART]!;
  };

  const offer = (node: number, prev: number) => {
    const uncovered = offered[UNCOVERED]!;
    const arrival = offered[ARRIVAL]!;
    const cost =
      (uncovered > 0 ? Math.round(uncovered * 1000) / 1000 : 0) * UNCOVERED_COST_PER_KM +
      objective.timeWeight * offered[TIME]! +
      objective.distanceWeight * offered[DISTANCE]! +
      objective.stopCost * offered[STOPS]! +
      objective.penaltyWeight * offered[PENALTY]!;
    const base = node * LABELS_PER_NODE;
    const kind = net.kind[node]!;
    if (kind !== NODE_CHARGE || !net.pinned[node]) {
      // One label is enough here (see above): at a swap station the arrival range does not matter, at a
      // charger it is worth the charging time it saves.
      const full = fullSeconds[node]!;
      const rank =
        kind === NODE_CHARGE && Number.isFinite(full)
          ? cost - objective.timeWeight * units(arrival) * full
          : cost;
      if (occupied[base] && labelRank[base]! <= rank) return;
      write(base, rank, cost, prev);
      return;
    }
    let target = -1;
    let worst = -1;
    for (let label = base; label < base + LABELS_PER_NODE; label++) {
      if (!occupied[label]) {
        if (target < 0) target = label;
        continue;
      }
      const c = labelCost[label]!;
      const a = labelArrival[label]!;
      if (c <= cost && a >= arrival) return;
      if (cost <= c && arrival >= a) {
        occupied[label] = 0;
        if (target < 0) target = label;
      } else if (worst < 0 || c > labelCost[worst]!) {
        worst = label;
      }
    }
    if (target < 0) {
      if (cost >= labelCost[worst]!) return;
      target = worst;
    }
    write(target, cost, cost, prev);
  };

  offered.fill(0);
  offered[ARRIVAL] = input.startRangeKm;
  offer(0, -1);

  const { progress, access, seconds, kind: kinds, pinned: pins, penalty: penalties } = net;
  const excluded = objective.excluded ?? null;
  const { reserveKm, destinationReserveKm } = objective;
  const { swapSeconds, chargeOverheadSeconds } = stops;
  for (let i = 0; i < n - 1; i++) {
    const kind = kinds[i]!;
    const pinned = pins[i] === 1;
    const limit = nextPinned[i]!;
    const isStation = kind === NODE_CHARGE || kind === NODE_SWAP;
    const fromProgress = progress[i]!;
    const fromAccess = access[i]!;
    const fromSeconds = seconds[i]!;
    const stopPenalty = isStation ? penalties[i]! : 0;
    for (let label = i * LABELS_PER_NODE; label < (i + 1) * LABELS_PER_NODE; label++) {
      if (!occupied[label]) continue;
      const arrival = labelArrival[label]!;
      const arrivalUnits = kind === NODE_CHARGE ? units(arrival) : 0;
      const reachM = (kind === NODE_ORIGIN ? arrival : Math.max(arrival, maxRange)) * 1000;
      const time = labelTime[label]!;
      const travelled = labelDistance[label]!;
      const stopCount = labelStops[label]! + (isStation ? 1 : 0);
      const penalty = labelPenalty[label]! + stopPenalty;
      const uncovered = labelUncovered[label]!;
      let beyond = 0;
      for (let j = i + 1; j <= limit; j++) {
        if (excluded !== null && excluded[j] && !pins[j]) continue;
        const alongM = progress[j]! - fromProgress;
        if (alongM > reachM && ++beyond > GAP_EDGES) break;
        const distanceM = fromAccess + alongM + access[j]!;
        const distanceKm = distanceM / 1000;
        const needKm = distanceKm + (j === n - 1 ? destinationReserveKm : reserveKm);
        let departKm = arrival;
        let stopSeconds = 0;
        if (isStation) {
          if (arrival >= needKm && !pinned) continue;
          if (kind === NODE_SWAP) {
            departKm = maxRange;
            stopSeconds = swapSeconds;
          } else {
            departKm = needKm < maxRange ? needKm : maxRange;
            if (departKm < arrival) departKm = arrival;
            stopSeconds =
              chargeOverheadSeconds +
              (departKm > arrival ? (units(departKm) - arrivalUnits) * fullSeconds[i]! : 0);
          }
        }
        const arrivalNext = departKm - distanceKm;
        offered[ARRIVAL] = arrivalNext > 0 ? arrivalNext : 0;
        offered[TIME] =
          time + seconds[j]! - fromSeconds + (fromAccess + access[j]!) / accessMetresPerSecond + stopSeconds;
        offered[DISTANCE] = travelled + distanceM;
        offered[STOPS] = stopCount;
        offered[PENALTY] = penalty;
        offered[UNCOVERED] = needKm > departKm ? uncovered + needKm - departKm : uncovered;
        offered[PREV_DEPART] = departKm;
        offer(j, label);
      }
    }
  }

  let best = -1;
  for (let label = (n - 1) * LABELS_PER_NODE; label < n * LABELS_PER_NODE; label++) {
    if (occupied[label] && (best < 0 || labelCost[label]! < labelCost[best]!)) best = label;
  }
  if (best < 0) throw new Error('stop selection found no way to the destination');
  const nodes: number[] = [];
  const departKm: number[] = [];
  let nextDepart = labelArrival[best]!;
  for (let label = best; label >= 0; label = labelPrev[label]!) {
    nodes.push(Math.floor(label / LABELS_PER_NODE));
    departKm.push(nextDepart);
    nextDepart = labelPrevDepart[label]!;
  }
  nodes.reverse();
  departKm.reverse();
  return { nodes, departKm, uncoveredKm: labelUncovered[best]! };
}
