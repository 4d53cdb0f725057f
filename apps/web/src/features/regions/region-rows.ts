import type { RegionNode } from '@cmp/domain/stations/regions';

export interface RegionRow {
  regionId: string;
  name: string;
  /** Codes from the province down to this region, as the operations list's region filter takes them. */
  path: string[];
  stationCount: number;
  children?: RegionRow[];
}

export type RegionLevel = 'province' | 'city' | 'district';

const LEVELS: readonly RegionLevel[] = ['province', 'city', 'district'];

/** A region's level by its depth in the tree (a province's direct regions are its cities). */
export const regionLevel = (row: RegionRow): RegionLevel => LEVELS[row.path.length - 1] ?? 'district';

/** The tree as table rows with their paths and station counts (0 where the counts have none). */
export function toRegionRows(
  nodes: readonly RegionNode[],
  counts: ReadonlyMap<string, number> | undefined,
  parent: readonly string[] = [],
): RegionRow[] {
  return nodes.map((node) => {
    const path = [...parent, node.regionId];
    return {
      regionId: node.regionId,
      name: node.name,
      path,
      stationCount: counts?.get(node.regionId) ?? 0,
      ...(node.children?.length ? { children: toRegionRows(node.children, counts, path) } : {}),
    };
  });
}

/**
 * The regions whose name or code holds the text, with the regions above them; a region that matches keeps
 * all its own regions. `expanded` opens the way down to every match.
 */
export function matchRegions(
  rows: readonly RegionRow[],
  text: string,
): { rows: RegionRow[]; expanded: string[] } {
  const wanted = text.toLowerCase();
  const expanded: string[] = [];
  const visit = (list: readonly RegionRow[]): RegionRow[] =>
    list.flatMap((row) => {
      if (row.name.toLowerCase().includes(wanted) || row.regionId.includes(wanted)) return [row];
      const children = visit(row.children ?? []);
      if (children.length === 0) return [];
      expanded.push(row.regionId);
      return [{ ...row, children }];
    });
  return { rows: visit(rows), expanded };
}
