import { describe, expect, it } from 'vitest';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import { RoutePlanningFilterSchema } from './route-plan.js';
import { toRouteResourceFilter } from './resource-type-filter.js';

const trip = {
  originPoint: { longitude: 116.41, latitude: 39.9 },
  destinationPoint: { longitude: 121.47, latitude: 31.23 },
};

describe('RoutePlanningFilterSchema', () => {
  it('should start a first plan from 200 km of 200 with the default tactic and both resource types', () => {
    expect(RoutePlanningFilterSchema.parse(trip)).toEqual({
      ...trip,
      tactics: 0,
      maxDetourFactor: 1.2,
      csSearchRange: 5,
      currentRange: 200,
      maxRange: 200,
      resourceTypes: 'CS|PS',
      checkDestinationResource: false,
      waypointResourceSeq: [],
      waypoints: [],
    });
  });

  it('should take the resource filter the planning types map to', () => {
    const parsed = RoutePlanningFilterSchema.parse({ ...trip, ...toRouteResourceFilter(['CS_AC', 'PS']) });
    expect([parsed.resourceTypes, parsed.csChargerTypeOption]).toEqual(['CS|PS', 'has_ac']);
  });

  it('should refuse a current range above the maximum, naming the maximum', () => {
    const result = RoutePlanningFilterSchema.safeParse({ ...trip, currentRange: 250, maxRange: 200 });
    expect(result.success).toBe(false);
    expect(fieldRuleMessages(result.error!)).toEqual([
      { path: 'currentRange', message: { key: 'form.maxNumber', params: { max: 200 } } },
    ]);
  });

  it('should refuse an unknown tactic, a detour factor below 1 and a search range above 50 km', () => {
    const result = RoutePlanningFilterSchema.safeParse({
      ...trip,
      tactics: 1,
      maxDetourFactor: 0.9,
      csSearchRange: 51,
    });
    expect(result.success).toBe(false);
    const paths = fieldRuleMessages(result.error!).map((m) => m.path);
    expect(paths.sort()).toEqual(['csSearchRange', 'maxDetourFactor', 'tactics']);
  });
});
