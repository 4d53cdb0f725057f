import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Where a row keeps its place as GB/T 2260 codes: its province, its city and its district. */
export interface RegionColumns {
  provinceId: AnyPgColumn;
  cityId: AnyPgColumn;
  /** The district (or the city where a city has no districts). */
  regionId: AnyPgColumn;
}

/**
 * Rows in the region a GB/T 2260 code names, at its level: xx0000 is a province, xxxx00 a city, anything
 * else a district. Each level is its own column, so the condition is an equality an index serves.
 */
export function regionCondition(columns: RegionColumns, regionId: string): SQL {
  if (regionId.endsWith('0000')) return eq(columns.provinceId, regionId);
  if (regionId.endsWith('00')) return eq(columns.cityId, regionId);
  return eq(columns.regionId, regionId);
}
