import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const ROUTE_TACTICS = [0, 3, 4, 5] as const;
export const RouteTacticSchema = z.literal(ROUTE_TACTICS);
export type RouteTactic = z.infer<typeof RouteTacticSchema>;
export const ROUTE_TACTIC_LABELS = {
  0: 'routeTactic.default',
  3: 'routeTactic.avoidHighway',
  4: 'routeTactic.highwayPriority',
  5: 'routeTactic.avoidCongestion',
} as const satisfies Record<RouteTactic, MessageKey>;

export const PLAN_TAGS = [
  'default',
  'recommended',
  'least_time',
  'least_distance',
  'reachable',
  'alternative',
] as const;
export const PlanTagSchema = z.enum(PLAN_TAGS);
export type PlanTag = z.infer<typeof PlanTagSchema>;
export const PLAN_TAG_LABELS = {
  default: 'planTag.default',
  recommended: 'planTag.recommended',
  least_time: 'planTag.leastTime',
  least_distance: 'planTag.leastDistance',
  reachable: 'planTag.reachable',
  alternative: 'planTag.alternative',
} as const satisfies Record<PlanTag, MessageKey>;
