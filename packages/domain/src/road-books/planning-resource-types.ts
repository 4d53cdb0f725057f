import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const PLANNING_RESOURCE_TYPES = ['CS_DC', 'CS_AC', 'PS'] as const;
export const PlanningResourceTypeSchema = z.enum(PLANNING_RESOURCE_TYPES);
export type PlanningResourceType = z.infer<typeof PlanningResourceTypeSchema>;
export const PLANNING_RESOURCE_TYPE_LABELS = {
  CS_DC: 'planningResourceType.dcPile',
  CS_AC: 'planningResourceType.acPile',
  PS: 'planningResourceType.swapStation',
} as const satisfies Record<PlanningResourceType, MessageKey>;

/** What the route planner takes instead: a resource type plus, for charge stations, a charger option. */
export const CS_CHARGER_TYPE_OPTIONS = ['has_dc', 'has_ac', 'all'] as const;
export type CsChargerTypeOption = (typeof CS_CHARGER_TYPE_OPTIONS)[number];
export const ROUTE_RESOURCE_TYPES = ['CS', 'PS'] as const;
export type RouteResourceType = (typeof ROUTE_RESOURCE_TYPES)[number];

/** Power feature that keeps only the power resources in service areas. */
export const ONLY_SERVICE_AREA_POWER = 'only_service_area_power' as const;
export type OnlyProductFeature<P extends string = string> = `only_${P}`;

/** Power feature that keeps only the power resources of one product: `only_{product}`. */
export function onlyProductFeature<P extends string>(product: P): OnlyProductFeature<P> {
  if (product.trim() === '') throw new RangeError('a product feature needs a product');
  return `only_${product}`;
}
