import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  ONLY_SERVICE_AREA_POWER,
  onlyProductFeature,
  PLANNING_RESOURCE_TYPE_LABELS,
  PLANNING_RESOURCE_TYPES,
} from './planning-resource-types.js';
import { PLAN_TAGS, ROUTE_TACTIC_LABELS, ROUTE_TACTICS, RouteTacticSchema } from './route-tactics.js';

describe('route tactics', () => {
  it('should label 0, 3, 4 and 5', () => {
    expect(ROUTE_TACTICS.map((t) => formatMessage('en-US', { key: ROUTE_TACTIC_LABELS[t] }))).toEqual([
      'Default',
      'Avoid highways',
      'Prefer highways',
      'Avoid congestion',
    ]);
    expect(RouteTacticSchema.safeParse(1).success).toBe(false);
  });

  it('should know the plan tags', () => {
    expect(PLAN_TAGS).toEqual([
      'default',
      'recommended',
      'least_time',
      'least_distance',
      'reachable',
      'alternative',
    ]);
  });
});

describe('planning resource types', () => {
  it('should label DC pile, AC pile and swap station', () => {
    expect(
      PLANNING_RESOURCE_TYPES.map((t) => formatMessage('en-US', { key: PLANNING_RESOURCE_TYPE_LABELS[t] })),
    ).toEqual(['DC charger', 'AC charger', 'Swap station']);
  });
});

describe('power features', () => {
  it('should name the service-area feature only_service_area_power', () => {
    expect(ONLY_SERVICE_AREA_POWER).toBe('only_service_area_power');
  });

  it('should name a product feature only_{product}', () => {
    expect(onlyProductFeature('abc')).toBe('only_abc');
    expect(onlyProductFeature('x_1')).toBe('only_x_1');
  });

  it('should refuse a feature without a product', () => {
    expect(() => onlyProductFeature('')).toThrow(RangeError);
    expect(() => onlyProductFeature(' ')).toThrow(RangeError);
  });
});
