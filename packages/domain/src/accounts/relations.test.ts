import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { GENDER_LABELS, GENDERS, RELATION_STATES, RELATION_TYPES, RelationStateSchema } from './relations.js';

describe('relations', () => {
  it('should know the states bind and unbind and the type discoverer', () => {
    expect(RELATION_STATES).toEqual(['bind', 'unbind']);
    expect(RELATION_TYPES).toEqual(['discoverer']);
    expect(RelationStateSchema.safeParse('deleted').success).toBe(false);
  });

  it('should label the genders male, female and unknown', () => {
    expect(GENDERS.map((g) => formatMessage('en-US', { key: GENDER_LABELS[g] }))).toEqual([
      'Male',
      'Female',
      'Unknown',
    ]);
    expect(GENDERS.map((g) => formatMessage('zh-CN', { key: GENDER_LABELS[g] }))).toEqual([
      '男',
      '女',
      '未知',
    ]);
  });
});
