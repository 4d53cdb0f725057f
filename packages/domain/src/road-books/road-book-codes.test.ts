import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { PLANNING_RESOURCE_TYPE_LABELS, PLANNING_RESOURCE_TYPES } from './planning-resource-types.js';
import { PLAN_TAGS, ROUTE_TACTIC_LABELS, ROUTE_TACTICS, RouteTacticSchema } from './route-tactics.js';

describe('route tactics', () => {
  it('should label 0, 3, 4 and 5', () => {
    expect(ROUTE_TACTICS.map((t) => formatMessage('en-US', { key: ROUTE_TACTIC_LABELS[t] }))).toEqual([
      'default',
      'avoid highway',
      'highway priority',
      'avoid congestion',
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
    ).toEqual(['DC pile', 'AC pile', 'swap station']);
  });
});
