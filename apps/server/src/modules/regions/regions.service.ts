import { createHash } from 'node:crypto';
import type { RegionNode, RegionStationCount, ReverseGeocodeResult } from '@cmp/domain/stations/regions';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { ruleMessage } from '@cmp/domain/messages/format';
import { findRegion, regionTree } from '../../platform/regions/region-data.js';
import { regionIdAt } from '../../platform/regions/region-geometry.js';
import type { Db } from '../../platform/db/database.js';
import { countStationsByRegion } from '../stations/station-directory.service.js';

let treeTag: string | undefined;

/** The region tree and a validator that changes only when the region data does (a new package version). */
export function regionTreeWithTag(): { items: RegionNode[]; etag: string } {
  const items = regionTree();
  treeTag ??= `"${createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 27)}"`;
  return { items, etag: treeTag };
}

/** The region at a location, from the embedded outlines; a location in no region of China is a 422. */
export function reverseGeocode(longitude: number, latitude: number): ReverseGeocodeResult {
  const region = findRegion(regionIdAt(longitude, latitude));
  if (!region) throw new RuleError(ruleMessage('region.locationOutside', { longitude, latitude }));
  const nameOf = (id: string | null) => (id === null ? null : findRegion(id)!.name);
  return {
    regionId: region.regionId,
    provinceId: region.provinceId,
    provinceName: nameOf(region.provinceId)!,
    cityId: region.cityId,
    cityName: nameOf(region.cityId),
    districtId: region.districtId,
    districtName: nameOf(region.districtId),
    region: region.label,
  };
}

/** How many stations each region holds, for the region screen; the stations area counts them. */
export class RegionStationsService {
  constructor(private readonly db: Db) {}

  async counts(): Promise<RegionStationCount[]> {
    const counts = await countStationsByRegion(this.db);
    return [...counts]
      .filter(([regionId]) => findRegion(regionId) !== null)
      .map(([regionId, stationCount]) => ({ regionId, stationCount }));
  }
}
