/**
 * Route planning engine benchmark: synthetic stations over eastern China (denser in cities, service
 * areas along the main expressways), the built-in router, and two long trips. For 100,000 and 1,000,000
 * stations it measures the index build (time, memory), then plans each trip `runs` times and prints the
 * median and 95th percentile of the whole plan and of its phases.
 *
 *   npx tsx bench/route-planning.ts [runs=50] [sizes=100000,1000000]
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { RoutePlanningFilterSchema, type RoutePlanList } from '@cmp/domain/road-books/route-plan';
import { EstimatedRoutingProvider } from '../apps/server/src/modules/road-books/planning/estimated-routing.js';
import {
  RoutePlanner,
  type PlanPhase,
  type PlanTimings,
} from '../apps/server/src/modules/road-books/planning/route-planner.js';
import {
  StationIndex,
  type StationRecord,
} from '../apps/server/src/modules/road-books/planning/station-index.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const runs = Number(process.argv[2] ?? 50);
const sizes = (process.argv[3] ?? '100000,1000000').split(',').map(Number);

/** Deterministic 32-bit generator (mulberry32), so every run plans against the same stations. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [lng, lat, weight]: weight is roughly the city's share of chargers. */
const CITIES: [number, number, number][] = [
  [116.41, 39.9, 10],
  [117.2, 39.13, 5],
  [114.51, 38.04, 3],
  [117.0, 36.65, 3],
  [120.38, 36.07, 3],
  [113.62, 34.75, 4],
  [117.28, 34.2, 2],
  [118.8, 32.06, 5],
  [117.23, 31.82, 3],
  [120.58, 31.3, 5],
  [121.47, 31.23, 12],
  [120.16, 30.27, 7],
  [121.55, 29.87, 3],
  [120.7, 28.0, 2],
  [119.3, 26.08, 3],
  [118.09, 24.48, 3],
  [115.86, 28.68, 2],
  [114.31, 30.59, 5],
  [112.94, 28.23, 4],
  [113.26, 23.13, 10],
  [114.06, 22.54, 11],
  [113.75, 23.02, 5],
  [113.12, 23.02, 4],
  [116.68, 23.35, 1],
  [114.93, 25.83, 1],
  [113.6, 24.81, 1],
  [116.0, 29.7, 1],
  [117.39, 32.92, 1],
  [118.36, 35.1, 2],
  [116.84, 38.3, 1],
  [116.36, 37.43, 1],
  [117.09, 36.2, 1],
  [120.3, 31.57, 3],
  [119.97, 31.81, 2],
  [120.75, 30.75, 2],
  [120.58, 30.0, 2],
  [119.65, 29.08, 2],
  [121.42, 28.66, 1],
  [112.45, 34.62, 1],
  [111.0, 35.03, 1],
  [118.78, 36.7, 1],
  [115.47, 35.24, 1],
  [119.42, 32.39, 1],
  [120.89, 31.98, 2],
  [118.18, 26.64, 1],
];

/** Main expressways as chains of [lng, lat]; service areas lie along them. */
const EXPRESSWAYS: [number, number][][] = [
  [
    [116.41, 39.9],
    [117.2, 39.13],
    [116.84, 38.3],
    [116.36, 37.43],
    [117.0, 36.65],
    [117.09, 36.2],
    [118.36, 35.1],
    [117.28, 34.2],
    [117.39, 32.92],
    [118.8, 32.06],
    [119.97, 31.81],
    [120.58, 31.3],
    [121.47, 31.23],
  ],
  [
    [116.41, 39.9],
    [114.51, 38.04],
    [113.62, 34.75],
    [114.31, 30.59],
    [112.94, 28.23],
    [113.6, 24.81],
    [113.26, 23.13],
    [114.06, 22.54],
  ],
  [
    [121.47, 31.23],
    [120.16, 30.27],
    [119.65, 29.08],
    [118.18, 26.64],
    [115.86, 28.68],
    [114.93, 25.83],
    [113.26, 23.13],
  ],
  [
    [121.47, 31.23],
    [121.55, 29.87],
    [120.7, 28.0],
    [119.3, 26.08],
    [118.09, 24.48],
    [116.68, 23.35],
    [114.06, 22.54],
  ],
  [
    [118.8, 32.06],
    [117.23, 31.82],
    [116.0, 29.7],
    [114.31, 30.59],
  ],
];

/** A rough coastline: the easternmost longitude of land at each latitude (every 2°, from 22°N). */
const COAST = [117.5, 118.5, 120.0, 121.5, 122.0, 121.8, 120.3, 120.8, 122.0, 122.0];
const coastLng = (lat: number) => {
  const f = Math.min(COAST.length - 1.001, Math.max(0, (lat - 22) / 2));
  const i = Math.floor(f);
  return COAST[i]! + (f - i) * (COAST[i + 1]! - COAST[i]!);
};

const KM = 1 / 111.2;
const CONSTRUCTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 255];

function* syntheticStations(count: number): Generator<StationRecord> {
  const next = random(20261122);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const totalWeight = CITIES.reduce((sum, c) => sum + c[2], 0);
  for (let i = 0; i < count; i++) {
    const placement = next();
    let lng: number;
    let lat: number;
    let construction: number;
    if (placement < 0.65) {
      let pick = next() * totalWeight;
      const city = CITIES.find((c) => (pick -= c[2]) < 0) ?? CITIES[0]!;
      const sigma = (6 + 4 * Math.sqrt(city[2])) * KM;
      lng = city[0] + (gaussian() * sigma) / Math.cos((city[1] * Math.PI) / 180);
      lat = city[1] + gaussian() * sigma;
      construction = CONSTRUCTIONS[Math.floor(next() * CONSTRUCTIONS.length)]!;
    } else if (placement < 0.75) {
      const road = EXPRESSWAYS[Math.floor(next() * EXPRESSWAYS.length)]!;
      const k = Math.floor(next() * (road.length - 1));
      const f = next();
      const [a, b] = [road[k]!, road[k + 1]!];
      lng = a[0] + f * (b[0] - a[0]) + gaussian() * 0.3 * KM;
      lat = a[1] + f * (b[1] - a[1]) + gaussian() * 0.3 * KM;
      construction = 11;
    } else {
      do {
        lat = 22 + next() * 19;
        lng = 110 + next() * 12.5;
      } while (lng > coastLng(lat));
      construction = CONSTRUCTIONS[Math.floor(next() * CONSTRUCTIONS.length)]!;
    }
    const kind = next();
    const operatorId = `op-${Math.floor(next() * 200)}`;
    if (kind < 0.12) {
      yield {
        id: `PS-${i}`,
        type: 'PowerSwap',
        lng,
        lat,
        construction,
        hasDc: false,
        hasAc: false,
        maxPowerKw: null,
        name: `换电站 ${i}`,
        operatorId,
        swapClone: next() < 0.3 ? { lng: lng + 0.001, lat: lat + 0.0005, description: null } : null,
      };
      continue;
    }
    const chargers = next();
    const hasDc = chargers < 0.75;
    const hasAc = chargers >= 0.6;
    yield {
      id: `CS-${i}`,
      type: 'ChargeStation',
      lng,
      lat,
      construction,
      hasDc,
      hasAc,
      maxPowerKw: hasDc ? 60 + Math.floor(next() * 7) * 30 : 7 + Math.floor(next() * 3) * 7.5,
      name: `充电站 ${i}`,
      operatorId,
    };
  }
}

const TRIPS = [
  { name: 'Beijing → Shanghai', origin: [116.41, 39.9], destination: [121.47, 31.23] },
  { name: 'Shanghai → Guangzhou', origin: [121.47, 31.23], destination: [113.26, 23.13] },
] as const;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Row {
  stations: number;
  trip: string;
  whole: number[];
  /** CPU time of the process during each plan: what the plan costs when it does not wait for a core. */
  cpu: number[];
  phases: PlanTimings[];
  sample: RoutePlanList;
}

console.log(
  `Route planning benchmark: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${runs} runs per trip`,
);

const rows: Row[] = [];
for (const size of sizes) {
  gc();
  const before = process.memoryUsage();
  const buildStarted = performance.now();
  const index = StationIndex.build(syntheticStations(size));
  const buildMs = performance.now() - buildStarted;
  gc();
  const after = process.memoryUsage();
  const rebuildStarted = performance.now();
  index.rebuild();
  const rebuildMs = performance.now() - rebuildStarted;
  console.log(
    `\n${size.toLocaleString('en')} stations: build (generation included) ${ms(buildMs)}, tree rebuild ${ms(rebuildMs)}; ` +
      `retained heap ${mb(after.heapUsed - before.heapUsed)} + array buffers ${mb(after.arrayBuffers - before.arrayBuffers)}, ` +
      `RSS +${mb(after.rss - before.rss)}`,
  );

  const planner = new RoutePlanner(new EstimatedRoutingProvider(), index);
  for (const trip of TRIPS) {
    const filter = RoutePlanningFilterSchema.parse({
      originPoint: { longitude: trip.origin[0], latitude: trip.origin[1] },
      destinationPoint: { longitude: trip.destination[0], latitude: trip.destination[1] },
      csSearchRange: 5,
      maxDetourFactor: 1.2,
      currentRange: 200,
      maxRange: 200,
      resourceTypes: 'CS|PS',
    });
    for (let i = 0; i < 20; i++) await planner.plan(filter);
    const row: Row = {
      stations: size,
      trip: trip.name,
      whole: [],
      cpu: [],
      phases: [],
      sample: await planner.plan(filter),
    };
    for (let i = 0; i < runs; i++) {
      const timings: PlanTimings = { wall: {}, cpu: {} };
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      await planner.plan(filter, timings);
      row.whole.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStarted);
      row.cpu.push((cpu.user + cpu.system) / 1000);
      row.phases.push(timings);
    }
    rows.push(row);
    const plan = row.sample.plans[0]!;
    console.log(
      `  ${trip.name}: ${(plan.route.distance / 1000).toFixed(0)} km, ${plan.totalResourceCount} stations within 5 km, ` +
        `${plan.candidateCount} candidates, ${row.sample.plans.length} plans (` +
        row.sample.plans.map((p) => `${p.tags.join('+')}: ${p.resources.length} stops`).join('; ') +
        ')',
    );
  }
}

const PHASES: PlanPhase[] = ['routing', 'candidates', 'selection', 'assembly'];
const phaseValues = (row: Row, clock: keyof PlanTimings, phase: PlanPhase) =>
  row.phases.map((p) => p[clock][phase] ?? 0);

console.log('\nWall time, median / p95:\n');
console.log(
  '| stations | trip | whole plan | routing | candidate search | stop selection (all tags) | assembly |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const cells = [row.whole, ...PHASES.map((phase) => phaseValues(row, 'wall', phase))].map(
    (values) => `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.95))}`,
  );
  console.log(`| ${row.stations.toLocaleString('en')} | ${row.trip} | ${cells.join(' | ')} |`);
}

console.log('\nCPU time of the process, median:\n');
console.log(
  '| stations | trip | whole plan | routing | candidate search | stop selection (all tags) | assembly |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const cells = [row.cpu, ...PHASES.map((phase) => phaseValues(row, 'cpu', phase))].map((values) =>
    ms(quantile(values, 0.5)),
  );
  console.log(`| ${row.stations.toLocaleString('en')} | ${row.trip} | ${cells.join(' | ')} |`);
}

const checks = rows.flatMap((row) => {
  const verdict = (value: number, limit: number) =>
    `${ms(value)} < ${limit} ms: ${value < limit ? 'met' : 'MISSED'}`;
  const result = [
    `stop selection median, wall ${verdict(quantile(phaseValues(row, 'wall', 'selection'), 0.5), 10)}; ` +
      `CPU ${verdict(quantile(phaseValues(row, 'cpu', 'selection'), 0.5), 10)}`,
  ];
  if (row.stations <= 100_000) {
    result.push(`whole plan median, wall ${verdict(quantile(row.whole, 0.5), 50)}`);
  } else {
    result.push(`whole plan p95, wall ${verdict(quantile(row.whole, 0.95), 300)}`);
  }
  return result.map((r) => `${row.stations.toLocaleString('en')} / ${row.trip}: ${r}`);
});
console.log(`\nTargets:\n${checks.join('\n')}`);
