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
