import { sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { resources, resourceTotals } from './stations.tables.js';

/** How long a density grid is served before it is read again: stations seldom move. */
const DENSITY_TTL_MS = 5 * 60_000;

export interface DensityCell {
  /** The cell's south-west corner. */
  longitude: number;
  latitude: number;
  count: number;
}

/**
 * What the home dashboard reads of the station network: how many stations there are, from the totals the
 * triggers keep (`resource_totals`), and how they spread, binned into cells of the network's coordinates.
 * The grid reads every station's location (over `resources_location_idx`), so it is kept in memory for a
 * few minutes rather than read per visit.
 */
export class StationFigures {
  private grid: { cellDegrees: number; cells: DensityCell[]; readAt: number } | undefined;

  constructor(private readonly db: Db) {}

  async total(): Promise<number> {
    const [row] = await this.db.select({ n: sum(resourceTotals.total).mapWith(Number) }).from(resourceTotals);
    return row?.n ?? 0;
  }

  async density(cellDegrees: number): Promise<DensityCell[]> {
    const now = Date.now();
    if (this.grid?.cellDegrees === cellDegrees && now - this.grid.readAt < DENSITY_TTL_MS) {
      return this.grid.cells;
    }
    // Inlined, not bound: a bound value would make the grouped expressions differ from the selected ones.
    const cell = sql.raw(String(Number(cellDegrees)));
    const lon = sql<number>`floor(${resources.longitude} / ${cell})`;
    const lat = sql<number>`floor(${resources.latitude} / ${cell})`;
    const rows = await this.db
      .select({
        x: lon.mapWith(Number),
        y: lat.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(resources)
      .groupBy(lon, lat);
    const cells = rows.map((row) => ({
      longitude: row.x * cellDegrees,
      latitude: row.y * cellDegrees,
      count: row.count,
    }));
    this.grid = { cellDegrees, cells, readAt: now };
    return cells;
  }

  /** Forgets the grid, so the next read sees the stations as they are now (tests that add stations). */
  forget(): void {
    this.grid = undefined;
  }
}
