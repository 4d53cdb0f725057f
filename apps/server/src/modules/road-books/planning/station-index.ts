import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { POWER_PRODUCTS, type PowerProduct } from '@cmp/domain/road-books/power-features';
import { haversine } from './geo.js';
import { IdSlots } from './id-slots.js';
import type { TreeSorter } from './kd-sort-worker.js';

export type StationKind = 'ChargeStation' | 'PowerSwap';

/** What route planning needs of a station; the API layer feeds it from the stations tables. */
export interface StationRecord {
  id: string;
  type: StationKind;
  lng: number;
  lat: number;
  construction: number | null;
  /**
   * The direction of travel the station serves, degrees clockwise from north: an expressway service area
   * on one carriageway. Null or absent: cars going either way can pull in.
   */
  servedBearing?: number | null;
  hasDc: boolean;
  hasAc: boolean;
  /** Highest charger power in kW, null when unknown. */
  maxPowerKw: number | null;
  name: string;
  operatorId: string | null;
  /** A swap station's second entrance. */
  swapClone?: { lng: number; lat: number; description?: string | null } | null;
  /** The products it serves (power features `only_{product}`); none when absent. */
  products?: readonly PowerProduct[];
}

/** A set of products as bits, the product's position in POWER_PRODUCTS each. */
export function productMask(products: readonly PowerProduct[]): number {
  let mask = 0;
  for (const product of products) mask |= 1 << POWER_PRODUCTS.indexOf(product);
  return mask;
}

export const FLAG_ALIVE = 1;
export const FLAG_SWAP = 2;
export const FLAG_DC = 4;
export const FLAG_AC = 8;
/** The slot's position is not in the k-d tree (added or moved since the last build): scanned linearly. */
const FLAG_OVERLAY = 16;
/** The slot has a clone entrance (a second point in the tree). */
const FLAG_CLONE = 32;

export interface StationIndexOptions {
  /** Changes kept outside the tree before it is rebuilt: the larger of this and 1 % of the stations. */
  overlayLimit?: number;
  /**
   * Sorts the tree elsewhere (a worker thread): rebuilds then run in the background while queries use
   * the old tree and the overlay. Without it a rebuild sorts on the caller's thread.
   */
  sortTree?: TreeSorter;
  /** A background rebuild that failed; the overlay keeps every change, and the next change tries again. */
  onRebuildError?: (error: unknown) => void;
}

/**
 * A visit of one indexed point; `clone` marks a swap station's second entrance. Positions are not
 * passed: numbers that are not small integers would be boxed on every call of a hot loop.
 */
export type PointVisitor = (slot: number, clone: boolean) => void;

const NO_CONSTRUCTION = 0;
/** `servedBearing` of a station cars going either way can pull in at. */
export const NO_BEARING = -1;
const NO_SLOT = 0x7fffffff;
/** Slots filled into a tree between two turns of the event loop. */
const TREE_SLICE = 100_000;

/**
 * All stations in column arrays (typed arrays where the value is a number) with a static k-d tree
 * (kdbush) over their positions. kdbush cannot change after it is built, so a station added or moved
 * later is marked "overlay" and scanned linearly by every query; a removed one is marked dead and
 * skipped. When the overlay outgrows its limit the tree is rebuilt from the live stations. Slots are
 * never renumbered: a removed station's slot stays empty.
 */
export class StationIndex {
  private capacity = 0;
  private used = 0;
  lng = new Float64Array(0);
  lat = new Float64Array(0);
  flags = new Uint8Array(0);
  construction = new Uint8Array(0);
  /** kW; NaN when unknown. */
  powerKw = new Float32Array(0);
  /** The products served, as `productMask` makes them. */
  products = new Uint8Array(0);
  /** Served bearing in whole degrees, or NO_BEARING (either way). */
  servedBearing = new Int16Array(0);
  private operatorIndex = new Uint32Array(0);
  private readonly operatorIds: (string | null)[] = [null];
  private readonly operatorLookup = new Map<string, number>();
  private ids: string[] = [];
  private names: string[] = [];
  private readonly clones = new Map<number, { lng: number; lat: number; description: string | null }>();
  private readonly slotById = new IdSlots();
  private readonly overlay = new Set<number>();
  private tree: KDBush | null = null;
  /** Tree point → slot, or -(slot + 1) for the slot's clone entrance. */
  private treeSlots: Int32Array = new Int32Array(0);
  private readonly overlayLimit: number;
  private readonly sortTree: TreeSorter | undefined;
  private readonly onRebuildError: (error: unknown) => void;
  private liveCount = 0;
  /** The background rebuild under way, if any. */
  private rebuilding: Promise<void> | null = null;
  /** Slots added or moved since the running background rebuild took its points: they stay overlay. */
  private movedDuringRebuild: Set<number> | null = null;

  constructor(options: StationIndexOptions = {}) {
    this.overlayLimit = options.overlayLimit ?? 1024;
    this.sortTree = options.sortTree;
    this.onRebuildError = options.onRebuildError ?? (() => {});
  }

  static build(stations: Iterable<StationRecord>, options: StationIndexOptions = {}): StationIndex {
    const index = new StationIndex(options);
    for (const station of stations) index.put(station, index.slotById.get(station.id));
    index.rebuild();
    return index;
  }

  get size(): number {
    return this.liveCount;
  }

  /** The background rebuild under way (`rebuildInBackground`), if any. */
  get treeRebuild(): Promise<void> | null {
    return this.rebuilding;
  }

  /** Stations changed since the tree was built (what every query scans linearly). */
  get overlaySize(): number {
    return this.overlay.size;
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  nameOf(slot: number): string {
    return this.names[slot]!;
  }

  operatorOf(slot: number): string | null {
    return this.operatorIds[this.operatorIndex[slot]!] ?? null;
  }

  constructionOf(slot: number): number | null {
    const value = this.construction[slot]!;
    return value === NO_CONSTRUCTION ? null : value;
  }

  servedBearingOf(slot: number): number | null {
    const value = this.servedBearing[slot]!;
    return value === NO_BEARING ? null : value;
  }

  cloneOf(slot: number): { lng: number; lat: number; description: string | null } | null {
    return this.clones.get(slot) ?? null;
  }

  get(id: string): StationRecord | undefined {
    const slot = this.slotById.get(id);
    if (slot === undefined) return undefined;
    const flags = this.flags[slot]!;
    const power = this.powerKw[slot]!;
    return {
      id,
      type: flags & FLAG_SWAP ? 'PowerSwap' : 'ChargeStation',
      lng: this.lng[slot]!,
      lat: this.lat[slot]!,
      construction: this.constructionOf(slot),
      servedBearing: this.servedBearingOf(slot),
      hasDc: (flags & FLAG_DC) !== 0,
      hasAc: (flags & FLAG_AC) !== 0,
      maxPowerKw: Number.isNaN(power) ? null : power,
      name: this.names[slot]!,
      operatorId: this.operatorOf(slot),
      swapClone: this.cloneOf(slot),
      products: POWER_PRODUCTS.filter((_, bit) => (this.products[slot]! & (1 << bit)) !== 0),
    };
  }

  /** Adds a station or replaces the one with its id. */
  upsert(station: StationRecord): void {
    const existing = this.slotById.get(station.id);
    const moved =
      existing === undefined ||
      this.lng[existing] !== station.lng ||
      this.lat[existing] !== station.lat ||
      !sameClone(this.clones.get(existing), station.swapClone);
    const slot = this.put(station, existing);
    if (moved && (this.tree || this.rebuilding)) {
      this.flags[slot]! |= FLAG_OVERLAY;
      this.overlay.add(slot);
      this.movedDuringRebuild?.add(slot);
      this.rebuildIfOverlayFull();
    }
  }

  /**
   * Adds a station known not to be in the index (a new index's scan, where every id comes once): one
   * look-up of the id fewer than `upsert`, which a million-station build feels.
   */
  append(station: StationRecord): void {
    this.put(station, undefined);
  }

  remove(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    this.slotById.delete(id);
    this.flags[slot] = 0;
    this.ids[slot] = '';
    this.names[slot] = '';
    this.clones.delete(slot);
    this.overlay.delete(slot);
    this.movedDuringRebuild?.delete(slot);
    this.liveCount--;
    return true;
  }

  /** Rebuilds the k-d tree from every live station, on this thread, and empties the overlay. */
  rebuild(): void {
    const points = this.treePoints();
    let step = points.next();
    while (!step.done) step = points.next();
    this.install(step.value.tree.finish(), step.value.treeSlots);
  }

  /**
   * Rebuilds the k-d tree with the `sortTree` given (on this thread without one). Until the sorted tree
   * is back, queries use the old tree and the overlay; a station added or moved meanwhile stays in the
   * overlay. Concurrent calls share one rebuild.
   */
  rebuildInBackground(): Promise<void> {
    const sortTree = this.sortTree;
    if (!sortTree) {
      this.rebuild();
      return Promise.resolve();
    }
    this.rebuilding ??= (async () => {
      this.movedDuringRebuild = new Set();
      try {
        const points = this.treePoints();
        let step = points.next();
        while (!step.done) {
          await new Promise((resolve) => setImmediate(resolve));
          step = points.next();
        }
        const { tree, treeSlots } = step.value;
        this.install(KDBush.from(await sortTree(tree.data as ArrayBuffer)), treeSlots);
      } finally {
        this.movedDuringRebuild = null;
        this.rebuilding = null;
      }
      this.rebuildIfOverlayFull();
    })();
    return this.rebuilding;
  }

  /** Every live point (main and clone entrances) inside the box, each once. */
  forEachInBox(minLng: number, minLat: number, maxLng: number, maxLat: number, visit: PointVisitor): void {
    if (this.tree) {
      const points = this.tree.range(minLng, minLat, maxLng, maxLat);
      for (let k = 0; k < points.length; k++) {
        const entry = this.treeSlots[points[k]!]!;
        const slot = entry < 0 ? -entry - 1 : entry;
        if (slot >= this.used) continue;
        const flags = this.flags[slot]!;
        if (!(flags & FLAG_ALIVE) || flags & FLAG_OVERLAY) continue;
        visit(slot, entry < 0);
      }
    }
    for (const slot of this.overlay) {
      const lng = this.lng[slot]!;
      const lat = this.lat[slot]!;
      if (lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat) visit(slot, false);
      const clone = this.clones.get(slot);
      if (clone && clone.lng >= minLng && clone.lng <= maxLng && clone.lat >= minLat && clone.lat <= maxLat) {
        visit(slot, true);
      }
    }
  }

  /**
   * Nearest live stations (main entrances) around a point, nearest first, within `radiusM` metres, for
   * which `accept(slot)` holds.
   */
  around(
    lng: number,
    lat: number,
    radiusM: number,
    limit: number,
    accept: (slot: number) => boolean = () => true,
  ): { slot: number; distance: number }[] {
    const hits: { slot: number; distance: number }[] = [];
    if (this.tree) {
      const treePoints = around(this.tree, lng, lat, limit, radiusM / 1000, (point) => {
        const entry = this.treeSlots[point]!;
        if (entry < 0 || entry >= this.used) return false;
        const flags = this.flags[entry]!;
        return (flags & FLAG_ALIVE) !== 0 && !(flags & FLAG_OVERLAY) && accept(entry);
      });
      for (const point of treePoints) {
        const slot = this.treeSlots[point]!;
        hits.push({ slot, distance: haversine(lng, lat, this.lng[slot]!, this.lat[slot]!) });
      }
    }
    for (const slot of this.overlay) {
      if (!accept(slot)) continue;
      const distance = haversine(lng, lat, this.lng[slot]!, this.lat[slot]!);
      if (distance <= radiusM) hits.push({ slot, distance });
    }
    return hits.sort((a, b) => a.distance - b.distance).slice(0, limit);
  }

  /**
   * Every live point (main and clone entrances) in a filled, unsorted tree, and the slot of each. Pauses
   * (yields) after each slice of slots, for a caller that lets other work run in between: at a million
   * stations one pass takes tens of milliseconds. A slot changed during a pause is in
   * `movedDuringRebuild`, so whichever position it got is skipped by queries; a point counted but gone
   * by its turn becomes a dead stand-in.
   */
  private *treePoints(): Generator<void, { tree: KDBush; treeSlots: Int32Array }> {
    const used = this.used;
    let points = 0;
    for (let slot = 0; slot < used; slot++) {
      const flags = this.flags[slot]!;
      if (flags & FLAG_ALIVE) points += flags & FLAG_CLONE ? 2 : 1;
    }
    // kdbush refuses an empty index; a far-away dead point stands in and maps to no live slot.
    const size = Math.max(1, points);
    const tree = new KDBush(size, 64, Float32Array);
    const treeSlots = new Int32Array(size);
    let n = 0;
    for (let start = 0; start < used; start += TREE_SLICE) {
      if (start > 0) yield;
      for (let slot = start; slot < Math.min(used, start + TREE_SLICE) && n < size; slot++) {
        const flags = this.flags[slot]!;
        if (!(flags & FLAG_ALIVE)) continue;
        treeSlots[n++] = slot;
        tree.add(this.lng[slot]!, this.lat[slot]!);
        const clone = flags & FLAG_CLONE ? this.clones.get(slot) : undefined;
        if (clone && n < size) {
          treeSlots[n++] = -(slot + 1);
          tree.add(clone.lng, clone.lat);
        }
      }
    }
    while (n < size) {
      treeSlots[n++] = NO_SLOT;
      tree.add(0, -90);
    }
    return { tree, treeSlots };
  }

  /** Puts a sorted tree in use; overlay slots it holds where they are now leave the overlay. */
  private install(tree: KDBush, treeSlots: Int32Array): void {
    this.tree = tree;
    this.treeSlots = treeSlots;
    for (const slot of this.overlay) {
      if (this.movedDuringRebuild?.has(slot)) continue;
      this.flags[slot]! &= ~FLAG_OVERLAY;
      this.overlay.delete(slot);
    }
  }

  /** Writes a station into its slot (`slot`: the one its id has, if any), or a new one. */
  private put(station: StationRecord, existing: number | undefined): number {
    let slot = existing;
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow();
      slot = this.used++;
      this.slotById.set(station.id, slot);
      this.liveCount++;
    }
    this.lng[slot] = station.lng;
    this.lat[slot] = station.lat;
    const overlay = this.flags[slot]! & FLAG_OVERLAY;
    this.flags[slot] =
      FLAG_ALIVE |
      overlay |
      (station.swapClone ? FLAG_CLONE : 0) |
      (station.type === 'PowerSwap' ? FLAG_SWAP : 0) |
      (station.hasDc ? FLAG_DC : 0) |
      (station.hasAc ? FLAG_AC : 0);
    const construction = station.construction ?? NO_CONSTRUCTION;
    this.construction[slot] = construction >= 0 && construction <= 255 ? construction : 255;
    this.powerKw[slot] = station.maxPowerKw ?? NaN;
    const bearing = station.servedBearing;
    this.servedBearing[slot] =
      bearing === null || bearing === undefined || !Number.isFinite(bearing)
        ? NO_BEARING
        : ((Math.round(bearing) % 360) + 360) % 360;
    this.products[slot] = productMask(station.products ?? []);
    this.operatorIndex[slot] = this.internOperator(station.operatorId);
    this.ids[slot] = station.id;
    this.names[slot] = station.name;
    if (station.swapClone) {
      this.clones.set(slot, {
        lng: station.swapClone.lng,
        lat: station.swapClone.lat,
        description: station.swapClone.description ?? null,
      });
    } else {
      this.clones.delete(slot);
    }
    return slot;
  }

  private internOperator(operatorId: string | null): number {
    if (operatorId === null) return 0;
    let index = this.operatorLookup.get(operatorId);
    if (index === undefined) {
      index = this.operatorIds.length;
      this.operatorIds.push(operatorId);
      this.operatorLookup.set(operatorId, index);
    }
    return index;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const resize = <T extends Float64Array | Float32Array | Uint8Array | Uint32Array | Int16Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.lng = resize(this.lng, (n) => new Float64Array(n));
    this.lat = resize(this.lat, (n) => new Float64Array(n));
    this.flags = resize(this.flags, (n) => new Uint8Array(n));
    this.construction = resize(this.construction, (n) => new Uint8Array(n));
    this.powerKw = resize(this.powerKw, (n) => new Float32Array(n));
    this.products = resize(this.products, (n) => new Uint8Array(n));
    this.servedBearing = resize(this.servedBearing, (n) => new Int16Array(n));
    this.operatorIndex = resize(this.operatorIndex, (n) => new Uint32Array(n));
    this.capacity = capacity;
  }

  private rebuildIfOverlayFull(): void {
    if (this.rebuilding) return;
    if (this.overlay.size <= Math.max(this.overlayLimit, Math.floor(this.liveCount / 100))) return;
    if (this.sortTree) this.rebuildInBackground().catch(this.onRebuildError);
    else this.rebuild();
  }
}

function sameClone(
  a: { lng: number; lat: number } | undefined,
  b: { lng: number; lat: number } | null | undefined,
): boolean {
  if (!a || !b) return !a && !b;
  return a.lng === b.lng && a.lat === b.lat;
}
