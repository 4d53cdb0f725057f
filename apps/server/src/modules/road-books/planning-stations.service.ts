import { productsServed, type PowerProduct } from '@cmp/domain/road-books/power-features';
import type { Db } from '../../platform/db/database.js';
import { stationEvents } from '../stations/station-directory.service.js';
import { sortInWorker, type TreeSorter } from './planning/kd-sort-worker.js';
import { StationIndex, type StationRecord } from './planning/station-index.js';
import {
  countPlanningStations,
  planningStationChunks,
  planningStationRows,
  type PlanningStationRow,
} from './road-books.repo.js';

/** Station statuses a trip cannot stop at: under construction (1) and offline (3). */
const UNPLANNABLE_STATUSES: ReadonlySet<number> = new Set([1, 3]);

/**
 * The products of a station's evidence, remembered per distinct matching-cars text: a network has few of
 * them, and a full build reads every station. Forgotten all at once when it grows past its bound.
 */
const productsByEvidence = new Map<string, PowerProduct[]>();
const PRODUCTS_REMEMBERED = 10_000;
function productsOf(row: PlanningStationRow): PowerProduct[] {
  if (!row.matchCars && !row.controlledByNio) return [];
  const key = `${row.controlledByNio === true ? 1 : 0}${row.matchCars ?? ''}`;
  let products = productsByEvidence.get(key);
  if (!products) {
    if (productsByEvidence.size >= PRODUCTS_REMEMBERED) productsByEvidence.clear();
    products = productsServed(row);
    productsByEvidence.set(key, products);
  }
  return products;
}

/** What the planner knows of a station row, or null when the station may not be planned. */
export function toStationRecord(row: PlanningStationRow): StationRecord | null {
  if (!row.active || UNPLANNABLE_STATUSES.has(row.status)) return null;
  const isSwap = row.resourceType === 'PowerSwap';
  const clone =
    isSwap && row.hasClone && row.cloneLongitude !== null && row.cloneLatitude !== null
      ? { lng: row.cloneLongitude, lat: row.cloneLatitude, description: row.cloneDescription }
      : null;
  return {
    id: row.resourceId,
    type: isSwap ? 'PowerSwap' : 'ChargeStation',
    lng: row.longitude,
    lat: row.latitude,
    construction: row.construction,
    servedBearing: row.servedBearing,
    hasDc: !isSwap && row.hasDc === true,
    hasAc: !isSwap && row.hasAc === true,
    maxPowerKw: isSwap || row.maxPower === null ? null : Number(row.maxPower),
    name: row.resourceName,
    operatorId: row.operatorId,
    swapClone: clone,
    products: productsOf(row),
  };
}

export interface PlanningStationsOptions {
  /** How often stations saved by other processes are looked for; 0 turns the polling off. */
  refreshIntervalMs?: number;
  /**
   * How far before the latest update time seen each poll looks again. Update times are written by the
   * saving process's clock before its commit, so a change can commit after a later one was already seen;
   * looking back a while catches it (and clock differences between processes). Re-reading is harmless.
   */
  refreshOverlapMs?: number;
  onError?: (error: unknown) => void;
  /** Sorts the k-d trees; in a worker thread unless given. */
  sortTree?: TreeSorter;
}

/** How far the first build has come: stations read of those there are (null before they are counted). */
export interface PlanningProgress {
  loaded: number;
  total: number | null;
}

/** Stations put into the index between two turns of the event loop. */
const APPLY_SLICE = 2_500;

export const DEFAULT_REFRESH_INTERVAL_MS = 30_000;
export const DEFAULT_REFRESH_OVERLAP_MS = 120_000;

/**
 * The route planner's station index, built from the database (at start, `load`, or on first use) and kept
 * current: a station saved in this process is re-read at once (the stations services announce saves on
 * `stationEvents`); stations saved by other processes of a multi-process deployment are picked up by
 * polling `basic_info_update_time` every `refreshIntervalMs`. The k-d trees are sorted off the event loop
 * (`sortTree`), so neither the build nor a later rebuild holds the server's other requests.
 */
export class PlanningStations {
  private building: Promise<StationIndex> | null = null;
  private index: StationIndex | null = null;
  private progress: PlanningProgress = { loaded: 0, total: null };
  private readonly sortTree: TreeSorter;
  /** Stations announced while the first scan ran: re-read once it is in. */
  private readonly announced = new Set<string>();
  /** Re-reads of announced stations still running: a plan waits for them (see `get`). */
  private readonly reloading = new Set<Promise<void>>();
  private latestChangeMs = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Set by `stop`: a build under way gives up at its next chunk, unreported (the server is closing). */
  private stopped = false;
  private readonly refreshIntervalMs: number;
  private readonly refreshOverlapMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly onChanged = (resourceId: string): void => {
    if (this.index) {
      const reload = this.reload([resourceId]).catch(this.onError);
      this.reloading.add(reload);
      void reload.finally(() => this.reloading.delete(reload));
    } else if (this.building) {
      this.announced.add(resourceId);
    }
  };

  constructor(
    private readonly db: Db,
    options: PlanningStationsOptions = {},
  ) {
    this.refreshIntervalMs = options.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS;
    this.refreshOverlapMs = options.refreshOverlapMs ?? DEFAULT_REFRESH_OVERLAP_MS;
    this.onError = options.onError ?? (() => {});
    this.sortTree = options.sortTree ?? sortInWorker;
  }

  /** Starts listening for station changes; the index itself is built by `load` or on first use. */
  start(): void {
    this.stopped = false;
    stationEvents.on('changed', this.onChanged);
    if (this.refreshIntervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => {
        this.refresh().catch(this.onError);
      }, this.refreshIntervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    stationEvents.off('changed', this.onChanged);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Builds the index in the background (once); a failure is reported and the next use tries again. */
  load(): void {
    if (this.building) return;
    this.building = this.build().catch((error: unknown) => {
      this.building = null;
      throw error;
    });
    this.building.catch((error: unknown) => {
      if (!this.stopped) this.onError(error);
    });
  }

  /**
   * The index, built on the first call (concurrent first calls share one build). A station saved in this
   * process before the call is already in it: the call waits for the re-reads its save started.
   */
  async get(): Promise<StationIndex> {
    this.load();
    const index = await this.building!;
    if (this.reloading.size > 0) await Promise.all(this.reloading);
    return index;
  }

  /**
   * The index when it is ready within `waitMs` (starting the build if none runs), else null: what a
   * request that should not wait for a whole build asks; `status` tells how far the build is.
   */
  async within(waitMs: number): Promise<StationIndex | null> {
    this.load();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      return await Promise.race([this.get(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** How far the first build has come (every station loaded once it is ready). */
  status(): PlanningProgress & { ready: boolean } {
    return { ready: this.index !== null, ...this.progress };
  }

  /** Re-reads the stations saved since the latest change seen; answers how many rows it read. */
  async refresh(): Promise<number> {
    if (!this.index) return 0;
    const rows = await planningStationRows(this.db, {
      changedSince: new Date(this.latestChangeMs - this.refreshOverlapMs),
    });
    await this.apply(this.index, rows);
    return rows.length;
  }

  /** Re-reads the given stations: changed ones are replaced, unplannable or missing ones dropped. */
  async reload(resourceIds: readonly string[]): Promise<void> {
    if (!this.index || resourceIds.length === 0) return;
    const rows = await planningStationRows(this.db, { resourceIds });
    await this.apply(this.index, rows);
    const found = new Set(rows.map((row) => row.resourceId));
    for (const id of resourceIds) if (!found.has(id)) this.index.remove(id);
  }

  /**
   * Reads every station chunk by chunk into a new index (each chunk a short piece of work between reads)
   * and sorts its tree off the event loop.
   */
  private async build(): Promise<StationIndex> {
    this.progress = { loaded: 0, total: null };
    const index = new StationIndex({ sortTree: this.sortTree, onRebuildError: this.onError });
    this.progress.total = await countPlanningStations(this.db);
    for await (const rows of planningStationChunks(this.db)) {
      if (this.stopped) throw new Error('the station index build stopped: the server is closing');
      await this.apply(index, rows, true);
      this.progress.loaded += rows.length;
    }
    await index.rebuildInBackground();
    this.progress.total = this.progress.loaded;
    this.index = index;
    if (this.announced.size > 0) {
      const ids = [...this.announced];
      this.announced.clear();
      await this.reload(ids);
    }
    return this.index;
  }

  /**
   * Puts plannable rows into the index and takes the others out, a slice at a time: other requests run
   * between slices (a chunk of the build or a large poll at once would hold them tens of milliseconds).
   * `fresh`: the rows of a new index's scan, each station once and none in the index yet.
   */
  private async apply(
    index: StationIndex,
    rows: readonly PlanningStationRow[],
    fresh = false,
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += APPLY_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const row of rows.slice(start, start + APPLY_SLICE)) {
        this.seen(row);
        const record = toStationRecord(row);
        if (record && fresh) index.append(record);
        else if (record) index.upsert(record);
        else if (!fresh) index.remove(row.resourceId);
      }
    }
  }

  private seen(row: PlanningStationRow): void {
    if (row.updateTime > this.latestChangeMs) this.latestChangeMs = row.updateTime;
  }
}
