import { findRegion, regionPath } from '../platform/regions/region-data.js';
import { regionIdAt } from '../platform/regions/region-geometry.js';
import { CITY_ANCHORS, offsetPoint, type CityAnchor } from './city-anchors.js';
import { DEMO_OPERATORS, type DemoOperator } from './operators.demo.js';
import { pick } from './random.js';
import { addressPrefix, fill, operatorServes, shortName } from './stations.demo.js';
import * as texts from './station-texts.js';

/** Draws and places the demos of crowd-sourced reports, reported stations and home chargers share. */

export type Random = () => number;

/** One of the choices, as likely as its weight among them. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  let draw = random() * choices.reduce((total, [, weight]) => total + weight, 0);
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return choices.at(-1)![0];
}

export const int = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

export const chance = (random: Random, probability: number): boolean => random() < probability;

/** An id-like hex word; a multiplicative hash keeps it unique for every index below 2^32. */
export const hexOf = (value: number): string =>
  (Math.imul(value + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0');

/** The demo cities, as likely as their share of the network. */
export const CITIES = CITY_ANCHORS.map((city) => [city, city.weight] as const);
const CITY_BY_ID = new Map(CITY_ANCHORS.map((city) => [city.cityId, city]));
export const cityById = (cityId: string | null): CityAnchor | undefined =>
  cityId === null ? undefined : CITY_BY_ID.get(cityId);

/** A point and the district (or city) it lies in. */
export interface Place {
  regionId: string;
  provinceId: string;
  longitude: number;
  latitude: number;
}

/** The place of a point inside a region's outline and, if given, in that city; null otherwise. */
export function placeAt(point: { longitude: number; latitude: number }, cityId?: string): Place | null {
  const region = findRegion(regionIdAt(point.longitude, point.latitude, 0));
  const path = regionPath(region?.regionId);
  if (!region || !path || (cityId !== undefined && path.cityId !== cityId)) return null;
  return { regionId: region.regionId, provinceId: path.provinceId, ...point };
}

/**
 * A point within the city's radius, in one of its own districts, that `preferred` accepts if any of a dozen
 * tries is (then any in the city; its centre when none fell in it).
 */
export function placeInCity(
  random: Random,
  city: CityAnchor,
  preferred: (point: { longitude: number; latitude: number }) => boolean = () => true,
): Place {
  let fallback: Place | null = null;
  for (let attempt = 0; attempt < 12; attempt++) {
    const point = offsetPoint(
      city.longitude,
      city.latitude,
      city.radiusKm * Math.sqrt(random()),
      random() * 2 * Math.PI,
    );
    const wanted = preferred(point);
    // Finding the region is the costly part: only for a point that could be the answer.
    if (!wanted && fallback) continue;
    const place = placeAt(point, city.cityId);
    if (place && wanted) return place;
    fallback ??= place;
  }
  if (fallback) return fallback;
  const centre = placeAt(city, city.cityId);
  if (!centre) throw new Error(`the centre of demo city ${city.cityId} lies in no region of it`);
  return centre;
}

/** The words a place's name is made of: an estate or company word, the district, a road. */
export function placeWords(random: Random, place: Place): { w: string; d: string; r: string } {
  return {
    w: pick(random, texts.NAME_WORDS),
    d: shortName(findRegion(place.regionId)?.name ?? ''),
    r: pick(random, texts.ROADS),
  };
}

const PLACE_KINDS = texts.CITY_PLACE_KINDS.map((kind) => [kind, kind.weight] as const);

/** A place charging happens at (万达广场, 翠湖花园 …) and its construction type. */
export function placeName(random: Random, words: Record<string, string>) {
  const kind = weighted(random, PLACE_KINDS);
  return { name: fill(pick(random, kind.names), words), construction: kind.construction };
}

/** 上海市闵行区人民路88号: a street address in the place's district. */
export const streetAddress = (random: Random, place: Place, road: string): string =>
  `${addressPrefix(place.regionId)}${road}${int(random, 1, 999)}号`;

/** One of the network's operators that runs charge stations in the province, as likely as its share. */
export function operatorIn(random: Random, provinceId: string): DemoOperator {
  const serving = DEMO_OPERATORS.filter((o) => o.chargeWeight > 0 && operatorServes(o, provinceId));
  return weighted(
    random,
    serving.map((o) => [o, o.chargeWeight] as const),
  );
}
