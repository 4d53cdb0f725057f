import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import {
  ONLY_SERVICE_AREA_POWER,
  onlyProductFeature,
  type OnlyProductFeature,
} from './planning-resource-types.js';

/**
 * Power features of route planning (spec §9: only_service_area_power, only_{product}). The spec names the
 * features only; what each keeps is the team's reading (docs/decisions.md "Power features"):
 * - `only_service_area_power`: stations built in an intercity highway service area (construction type
 *   11), the same test that marks a resource `isOnHighway` and counts `highwayResourceCount`;
 * - `only_{product}`: stations that serve the product, a car brand of the group. A charge station serves
 *   a product its "matching cars" (`matchCars`, 适配车型) name; a station of an operator controlled by NIO
 *   (NIO Power's own chargers and swap stations) serves the products NIO Power is built for.
 */

/** Construction type 11: intercity highway service area. */
export const HIGHWAY_SERVICE_AREA_CONSTRUCTION = 11;

/** The products a station may serve, each a car brand of the group. */
export const POWER_PRODUCTS = ['nio', 'onvo', 'firefly'] as const;
export const PowerProductSchema = z.enum(POWER_PRODUCTS);
export type PowerProduct = z.infer<typeof PowerProductSchema>;

/**
 * How a station's matching cars name each product: Chinese brand names as they are written, Latin ones
 * as whole words in any case (so `NIO ET7` names nio, `union` does not).
 */
export const POWER_PRODUCT_NAMES = {
  nio: ['蔚来', 'NIO'],
  onvo: ['乐道', 'ONVO'],
  firefly: ['萤火虫', 'firefly'],
} as const satisfies Record<PowerProduct, readonly string[]>;

/** The products NIO Power's own stations (operator `controlledByNio`) are built for. */
export const NIO_POWER_PRODUCTS: readonly PowerProduct[] = ['nio'];

/** Every power feature, in the order the planning screen offers them. */
export const POWER_FEATURES = [
  'only_service_area_power',
  'only_nio',
  'only_onvo',
  'only_firefly',
] as const satisfies readonly (typeof ONLY_SERVICE_AREA_POWER | OnlyProductFeature<PowerProduct>)[];
export const PowerFeatureSchema = z.enum(POWER_FEATURES);
export type PowerFeature = z.infer<typeof PowerFeatureSchema>;
export const POWER_FEATURE_LABELS = {
  only_service_area_power: 'powerFeature.onlyServiceAreaPower',
  only_nio: 'powerFeature.onlyNio',
  only_onvo: 'powerFeature.onlyOnvo',
  only_firefly: 'powerFeature.onlyFirefly',
} as const satisfies Record<PowerFeature, MessageKey>;

/** The product an `only_{product}` feature keeps, or null for the service-area feature. */
export function productOfFeature(feature: PowerFeature): PowerProduct | null {
  if (feature === ONLY_SERVICE_AREA_POWER) return null;
  return POWER_PRODUCTS.find((product) => onlyProductFeature(product) === feature) ?? null;
}

const LATIN = /^[A-Za-z0-9 ]+$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAME_PATTERNS: Record<PowerProduct, RegExp[]> = Object.fromEntries(
  POWER_PRODUCTS.map((product) => [
    product,
    POWER_PRODUCT_NAMES[product].map((name) =>
      LATIN.test(name)
        ? new RegExp(`(?<![A-Za-z])${escapeRegExp(name)}(?![A-Za-z])`, 'i')
        : new RegExp(escapeRegExp(name)),
    ),
  ]),
) as Record<PowerProduct, RegExp[]>;

/** What a station tells of the products it serves. */
export interface ProductEvidence {
  /** A charge station's matching cars (适配车型), free text such as `蔚来,乐道` or `全车型`. */
  matchCars?: string | null;
  /** Whether its operator is controlled by NIO. */
  controlledByNio?: boolean | null;
}

/**
 * The products a station serves. Matching cars that name no brand ("all models", "passenger cars") serve
 * no product in particular: a product feature asks for the product's own power.
 */
export function productsServed({ matchCars, controlledByNio }: ProductEvidence): PowerProduct[] {
  return POWER_PRODUCTS.filter(
    (product) =>
      (controlledByNio === true && NIO_POWER_PRODUCTS.includes(product)) ||
      (!!matchCars && NAME_PATTERNS[product].some((pattern) => pattern.test(matchCars))),
  );
}
