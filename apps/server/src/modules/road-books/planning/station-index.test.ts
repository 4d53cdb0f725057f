import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { reachChain, thinCandidates } from './candidates.js';
import { chargeSeconds, DEFAULT_VEHICLE } from './charging.js';
import { sortInWorker, type TreeSorter } from './kd-sort-worker.js';
import { StationIndex, type StationRecord } from './station-index.js';

const record = (
  id: string,
  lng: number,
  lat: number,
  overrides: Partial<StationRecord> = {},
): StationRecord => ({
  id,
  type: 'ChargeStation',
  lng,
  lat,
  construction: 6,
  hasDc: true,
  hasAc: true,
  maxPowerKw: 120,
  name: `Station ${id}`,
  operatorId: 'op-1',
  products: [],
  ...overrides,
});

const idsInBox = (index: StationIndex, box: [number, number, number, number]) => {
  const found: string[] = [];
  index.forEachInBox(...box, (slot, clone) => found.push(index.idOf(slot) + (clone ? '_clone' : '')));
  return found.sort();
};

describe('StationIndex', () => {
  const stations = [
    record('A', 121.0, 31.0),
    record('B', 121.5, 31.5, { construction: null, maxPowerKw: null, operatorId: null, servedBearing: 185 }),
    record('S', 120.0, 30.0, {
      type: 'PowerSwap',
      swapClone: { lng: 121.01, lat: 31.01, description: 'north gate' },
    }),
  ];

  it('should find the stations and clone entrances inside a box', () => {
    const sut = StationIndex.build(stations);
    expect(sut.size).toBe(3);
    expect(idsInBox(sut, [120.9, 30.9, 121.1, 31.1])).toEqual(['A', 'S_clone']);
    expect(idsInBox(sut, [119, 29, 122, 32])).toEqual(['A', 'B', 'S', 'S_clone']);
  });

  it('should give back what it was given', () => {
    const sut = StationIndex.build(stations);
    expect(sut.get('B')).toEqual({ ...stations[1], swapClone: null });
    expect(sut.get('S')).toEqual({
      ...stations[2],
      servedBearing: null,
      swapClone: { lng: 121.01, lat: 31.01, description: 'north gate' },
    });
    expect(sut.get('missing')).toBeUndefined();
  });

  it('should find a station moved after the build at its new place only', () => {
    const sut = StationIndex.build(stations);
    sut.upsert(record('A', 110, 20));
    expect(sut.overlaySize).toBe(1);
    expect(idsInBox(sut, [120.9, 30.9, 121.1, 31.1])).toEqual(['S_clone']);
    expect(idsInBox(sut, [109, 19, 111, 21])).toEqual(['A']);
  });

  it('should change a station in place when it stays where it is', () => {
    const sut = StationIndex.build(stations);
    sut.upsert(record('A', 121.0, 31.0, { name: 'Renamed', hasAc: false }));
    expect(sut.overlaySize).toBe(0);
    expect(sut.get('A')).toMatchObject({ name: 'Renamed', hasAc: false });
    expect(idsInBox(sut, [120.9, 30.9, 121.1, 31.1])).toEqual(['A', 'S_clone']);
  });

  it('should find a station added after the build, and forget a removed one', () => {
    const sut = StationIndex.build(stations);
    sut.upsert(record('N', 121.05, 31.05));
    expect(sut.remove('A')).toBe(true);
    expect(sut.remove('A')).toBe(false);
    expect(sut.size).toBe(3);
    expect(idsInBox(sut, [120.9, 30.9, 121.1, 31.1])).toEqual(['N', 'S_clone']);
    expect(sut.get('A')).toBeUndefined();
  });

  it('should rebuild the tree once the overlay outgrows its limit', () => {
    const sut = StationIndex.build(stations, { overlayLimit: 2 });
    sut.upsert(record('N1', 100, 10));
    sut.upsert(record('N2', 100.1, 10));
    expect(sut.overlaySize).toBe(2);
    sut.upsert(record('N3', 100.2, 10));
    expect(sut.overlaySize).toBe(0);
    expect(idsInBox(sut, [99, 9, 101, 11])).toEqual(['N1', 'N2', 'N3']);
  });

  it('should answer from the old tree and the overlay while a rebuild sorts elsewhere', async () => {
    let release = () => {};
    const sorted = new Promise<void>((resolve) => (release = resolve));
    const sortTree: TreeSorter = async (data) => {
      await sorted;
      KDBush.from(data).finish();
      return data;
    };
    const sut = StationIndex.build(stations, { overlayLimit: 2, sortTree });
    sut.upsert(record('N1', 100, 10));
    sut.upsert(record('N2', 100.1, 10));
    sut.upsert(record('N3', 100.2, 10));
    // Over the limit: the rebuild runs elsewhere, and the overlay answers meanwhile.
    expect(sut.overlaySize).toBe(3);
    expect(idsInBox(sut, [99, 9, 101, 11])).toEqual(['N1', 'N2', 'N3']);
    // Changes while the tree sorts: the sorted tree holds N1 where it was, so N1 stays in the overlay.
    sut.upsert(record('N1', 110, 20));
    sut.remove('N2');

    release();
    await sut.rebuildInBackground();

    expect(sut.overlaySize).toBe(1);
    expect(idsInBox(sut, [99, 9, 101, 11])).toEqual(['N3']);
    expect(idsInBox(sut, [109, 19, 111, 21])).toEqual(['N1']);
    expect(idsInBox(sut, [119, 29, 122, 32])).toEqual(['A', 'B', 'S', 'S_clone']);
    expect(sut.around(100.2, 10, 1000, 5).map((hit) => sut.idOf(hit.slot))).toEqual(['N3']);
  });

  it('should find the same stations with a tree sorted in a worker thread as with one sorted here', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const many = Array.from({ length: 20_000 }, (_, i) =>
      record(`R${i}`, 110 + random() * 12, 22 + random() * 18, {
        type: i % 10 === 0 ? 'PowerSwap' : 'ChargeStation',
        swapClone: i % 30 === 0 ? { lng: 110 + random() * 12, lat: 22 + random() * 18 } : null,
      }),
    );
    const here = StationIndex.build(many);
    const there = new StationIndex({ sortTree: sortInWorker });
    for (const station of many) there.upsert(station);

    await there.rebuildInBackground();

    expect(there.overlaySize).toBe(0);
    for (const box of [
      [115, 30, 116, 31],
      [110, 22, 122, 40],
      [121.9, 39.9, 122, 40],
    ] as [number, number, number, number][]) {
      expect(idsInBox(there, box)).toEqual(idsInBox(here, box));
    }
    const nearest = (index: StationIndex) =>
      index.around(116, 30, 50_000, 20).map((hit) => index.idOf(hit.slot));
    expect(nearest(there)).toEqual(nearest(here));
  });

  it('should answer the nearest accepted stations around a point', () => {
    const sut = StationIndex.build(stations);
    sut.upsert(record('N', 121.02, 31.0));
    const hits = sut.around(121.0, 31.0, 10_000, 5);
    expect(hits.map((h) => sut.idOf(h.slot))).toEqual(['A', 'N']);
    expect(hits[1]!.distance).toBeCloseTo(1906, -1);
    const swaps = sut.around(121.0, 31.0, 500_000, 5, (slot) => sut.idOf(slot) === 'S');
    expect(swaps.map((h) => sut.idOf(h.slot))).toEqual(['S']);
    expect(sut.around(121.0, 31.0, 1000, 5).map((h) => sut.idOf(h.slot))).toEqual(['A']);
  });

  it('should work empty and grow from nothing', () => {
    const sut = StationIndex.build([]);
    expect(idsInBox(sut, [-180, -90, 180, 90])).toEqual([]);
    sut.upsert(record('A', 1, 1));
    expect(idsInBox(sut, [0, 0, 2, 2])).toEqual(['A']);
  });
});

describe('reachChain', () => {
  const columns = (...stations: [number, number?][]) => ({
    progress: stations.map(([km]) => km * 1000),
    access: stations.map(([, accessKm = 0]) => accessKm * 1000),
  });

  it('should pick, among the stations in reach, the one reaching furthest', () => {
    // From 200 km: 150 and 190 are in reach; 190 reaches 390, then 380 reaches 580.
    const candidates = columns([150], [190], [300], [380]);
    expect([...reachChain(candidates, 200_000, 200_000, 500_000)].sort()).toEqual([1, 3]);
  });

  it('should count the way to a station and back', () => {
    // 185 km with 15 km of access reaches 185 - 15 + 200 = 370 km only; 180 km reaches 380.
    const candidates = columns([180], [185, 15]);
    expect([...reachChain(candidates, 200_000, 200_000, 380_000)]).toEqual([0]);
  });

  it('should cross a gap to the station reached with the least shortfall', () => {
    const candidates = columns([150], [450], [460]);
    expect([...reachChain(candidates, 200_000, 200_000, 500_000)]).toEqual([0, 1]);
  });
});

describe('thinCandidates', () => {
  it('should keep the best few of each window plus the ones it must keep', () => {
    const progress = [1, 2, 3, 4, 12, 13].map((km) => km * 1000);
    const scores = [5, 1, 4, 2, 9, 8];
    expect(thinCandidates(progress, scores, 10_000, 2, new Set())).toEqual([1, 3, 4, 5]);
    expect(thinCandidates(progress, scores, 10_000, 1, new Set([0]))).toEqual([0, 1, 5]);
  });
});

describe('chargeSeconds', () => {
  const vehicle = { ...DEFAULT_VEHICLE, maxRangeKm: 200 };

  it('should charge at full power below the taper', () => {
    // 100 km at 0.18 kWh/km is 18 kWh: 9 minutes at 120 kW.
    expect(chargeSeconds(vehicle, 120, 50, 150)).toBeCloseTo(540, 6);
  });

  it('should be limited by the car as well as the station', () => {
    expect(chargeSeconds(vehicle, 350, 50, 150)).toBeCloseTo((18 / 150) * 3600, 6);
  });

  it('should slow down above the taper start', () => {
    const below = chargeSeconds(vehicle, 120, 120, 160);
    const above = chargeSeconds(vehicle, 120, 160, 200);
    expect(below).toBeCloseTo(216, 6);
    // From 80 % to 100 %, power falls to a quarter: ln(4) / 3.75 of the hour per full battery.
    expect(above).toBeCloseTo((Math.log(4) / 3.75) * (36 / 120) * 3600, 6);
    expect(above / below).toBeGreaterThan(1.8);
  });

  it('should take no time for nothing and forever without power', () => {
    expect(chargeSeconds(vehicle, 120, 100, 100)).toBe(0);
    expect(chargeSeconds(vehicle, 0, 50, 100)).toBe(Infinity);
  });
});
