import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { POWER_PRODUCTS, type PowerProduct } from '@cmp/domain/road-books/power-features';
import { haversine } from './geo.js';

export type StationKind = 'ChargeStation' | 'PowerSwap';

/** What route planning needs of a station; the API layer feeds it from the stations tables. */
export interface StationRecord {
  id: string;
  type: StationKind;
  lng: number;
  lat: number;
  construction: number | null;
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

export interface StationIndexOptions {
  /** Changes kept outside the tree before it is rebuilt: the larger of this and 1 % of the stations. */
  overlayLimit?: number;
}

/**
 * A visit of one indexed point; `clone` marks a swap station's second entrance. Positions are not
 * passed: numbers that are not small integers would be boxed on every call of a hot loop.
 */
export type PointVisitor = (slot: number, clone: boolean) => void;

const NO_CONSTRUCTION = 0;
const NO_SLOT = 0x7fffffff;

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
  private operatorIndex = new Uint32Array(0);
  private readonly operatorIds: (string | null)[] = [null];
  private readonly operatorLookup = new Map<string, number>();
  private ids: string[] = [];
  private names: string[] = [];
  private readonly clones = new Map<number, { lng: number; lat: number; description: string | null }>();
  private readonly slotById = new Map<string, number>();
  private readonly overlay = new Set<number>();
  private tree: KDBush | null = null;
  /** Tree point → slot, or -(slot + 1) for the slot's clone entrance. */
  private treeSlots = new Int32Array(0);
  private readonly overlayLimit: number;
  private liveCount = 0;

  constructor(options: StationIndexOptions = {}) {
    this.overlayLimit = options.overlayLimit ?? 1024;
  }

  static build(stations: Iterable<StationRecord>, options: StationIndexOptions = {}): StationIndex {
    const index = new StationIndex(options);
    for (const station of stations) index.put(station);
    index.rebuild();
    return index;
  }

  get size(): number {
    return this.liveCount;
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
    const slot = this.put(station);
    if (moved && this.tree) {
      this.flags[slot]! |= FLAG_OVERLAY;
      this.overlay.add(slot);
      this.rebuildIfOverlayFull();
    }
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
    this.liveCount--;
    return true;
  }

  /** Rebuilds the k-d tree from every live station and empties the overlay. */
  rebuild(): void {
    let points = 0;
    for (let slot = 0; slot < this.used; slot++) {
      if (this.flags[slot]! & FLAG_ALIVE) points += this.clones.has(slot) ? 2 : 1;
    }
    const tree = new KDBush(Math.max(1, points), 64, Float32Array);
    const treeSlots = new Int32Array(Math.max(1, points));
    let n = 0;
    for (let slot = 0; slot < this.used; slot++) {
      if (!(this.flags[slot]! & FLAG_ALIVE)) continue;
      this.flags[slot]! &= ~FLAG_OVERLAY;
      treeSlots[n++] = slot;
      tree.add(this.lng[slot]!, this.lat[slot]!);
      const clone = this.clones.get(slot);
      if (clone) {
        treeSlots[n++] = -(slot + 1);
        tree.add(clone.lng, clone.lat);
      }
    }
    // kdbush refuses an empty index; a far-away dead point stands in and maps to no live slot.
    if (points === 0) {
      tree.add(0, -90);
      treeSlots[0] = NO_SLOT;
    }
    tree.finish();
    this.tree = tree;
    this.treeSlots = treeSlots;
    this.overlay.clear();
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

  private put(station: StationRecord): number {
    let slot = this.slotById.get(station.id);
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
      (station.type === 'PowerSwap' ? FLAG_SWAP : 0) |
      (station.hasDc ? FLAG_DC : 0) |
      (station.hasAc ? FLAG_AC : 0);
    const construction = station.construction ?? NO_CONSTRUCTION;
    this.construction[slot] = construction >= 0 && construction <= 255 ? construction : 255;
    this.powerKw[slot] = station.maxPowerKw ?? NaN;
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
    const resize = <T extends Float64Array | Float32Array | Uint8Array | Uint32Array>(
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
    this.operatorIndex = resize(this.operatorIndex, (n) => new Uint32Array(n));
    this.capacity = capacity;
  }

  private rebuildIfOverlayFull(): void {
    if (this.overlay.size > Math.max(this.overlayLimit, Math.floor(this.liveCount / 100))) this.rebuild();
  }
}

function sameClone(
  a: { lng: number; lat: number } | undefined,
  b: { lng: number; lat: number } | null | undefined,
): boolean {
  if (!a || !b) return !a && !b;
  return a.lng === b.lng && a.lat === b.lat;
}
