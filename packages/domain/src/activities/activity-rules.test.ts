import { describe, expect, it } from 'vitest';
import { ACTIVITY_RULE_KEYS, fromActivityRules, toActivityRules } from './activity-rules.js';

describe('activity rule keys', () => {
  it('should name the rule keys the spec spells out, in its order', () => {
    expect(ACTIVITY_RULE_KEYS).toEqual([
      'basic_point',
      'reward_number_per_resource',
      'max_active_resource_number',
      'individual_claim_frequency',
      'graded_charging_degree',
    ]);
  });
});

describe('toActivityRules', () => {
  it('should send only rules with a value', () => {
    expect(
      toActivityRules({
        basic_point: 10,
        reward_number_per_resource: '',
        max_active_resource_number: undefined,
        individual_claim_frequency: null,
        graded_charging_degree: '  ',
        coupon_batch_ids: [],
      }),
    ).toEqual([{ ruleKey: 'basic_point', ruleValue: '10' }]);
  });

  it('should keep zero and false, which are values', () => {
    expect(toActivityRules({ basic_point: 0, need_logistics: false })).toEqual([
      { ruleKey: 'basic_point', ruleValue: '0' },
      { ruleKey: 'need_logistics', ruleValue: 'false' },
    ]);
  });

  it('should join a list with commas', () => {
    expect(toActivityRules({ coupon_batch_ids: ['b1', 'b2'] })).toEqual([
      { ruleKey: 'coupon_batch_ids', ruleValue: 'b1,b2' },
    ]);
  });
});

describe('fromActivityRules', () => {
  it('should load the rules as form values', () => {
    expect(fromActivityRules([{ ruleKey: 'basic_point', ruleValue: '10' }])).toEqual({ basic_point: '10' });
  });
});
