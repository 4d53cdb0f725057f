import { describe, expect, it } from 'vitest';
import {
  editableTagGroups,
  TAG_BIZ_CODES,
  TAG_METADATA_COUNT,
  TAG_PROVIDERS,
  YES_NO_TAG_GROUPS,
} from './tag-catalog.js';

describe('tag catalog', () => {
  it('should know the providers and biz codes', () => {
    expect(TAG_PROVIDERS).toEqual(['algorithm', 'cmo']);
    expect(TAG_BIZ_CODES).toEqual(['ChargeStation', 'PowerSwap']);
  });

  it('should read tag metadata with count 100', () => {
    expect(TAG_METADATA_COUNT).toBe(100);
  });

  it('should let cmo edit the four resource info groups of charge stations', () => {
    expect(editableTagGroups('ChargeStation', 'cmo')).toEqual([
      'resource_occupy_info',
      'resource_available_info',
      'resource_succ_info',
      'resource_recommendation_info',
    ]);
  });

  it('should let the algorithm provider edit the three charging groups of charge stations', () => {
    expect(editableTagGroups('ChargeStation', 'algorithm')).toEqual([
      'nio_charging_tag',
      'max_charging_speed_tag',
      'succ_prob_tag',
    ]);
  });

  it('should let cmo edit only the yes/no overall evaluation of swap stations', () => {
    expect(editableTagGroups('PowerSwap', 'cmo')).toEqual(['overall_evaluation']);
    expect(YES_NO_TAG_GROUPS).toEqual(['overall_evaluation']);
    expect(editableTagGroups('PowerSwap', 'algorithm')).toEqual([]);
  });
});
