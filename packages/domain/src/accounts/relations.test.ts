import { describe, expect, it } from 'vitest';
import { enumLabel } from '../messages/enumerations.js';
import { formatMessage } from '../messages/format.js';
import {
  GENDER_LABELS,
  GENDERS,
  RELATION_SOURCES,
  RELATION_STATES,
  RELATION_TYPES,
  RelationStateSchema,
  RelationTypeSchema,
} from './relations.js';
import { RelationBindSchema, RelationListQuerySchema, RelationUnbindSchema } from './relation-contracts.js';

describe('relations', () => {
  it('should know the states bind and unbind and the type discoverer', () => {
    expect(RELATION_STATES).toEqual(['bind', 'unbind']);
    expect(RELATION_TYPES).toContain('discoverer');
    expect(RelationStateSchema.safeParse('deleted').success).toBe(false);
  });

  it('should name the types a charging network needs and the sources of a relation, Chinese first', () => {
    expect(RELATION_TYPES).toEqual(['discoverer', 'contributor', 'maintainer']);
    expect(RELATION_SOURCES).toEqual(['portal', 'app', 'virtual_station']);
    expect(RELATION_TYPES.map((type) => enumLabel('zh-CN', 'relationType', type))).toEqual([
      '发现者',
      '贡献者',
      '维护者',
    ]);
    expect(RELATION_STATES.map((state) => enumLabel('en-US', 'relationState', state))).toEqual([
      'Bound',
      'Unbound',
    ]);
    expect(enumLabel('zh-CN', 'relationSource', 'virtual_station')).toBe('站点上报');
    expect(RelationTypeSchema.safeParse('owner').success).toBe(false);
  });

  it('should take the spec filter with its page, and demand a reason to unbind', () => {
    expect(
      RelationListQuerySchema.parse({ account_id: ' ACC1 ', relation_types: 'discoverer,maintainer' }),
    ).toEqual({
      account_id: 'ACC1',
      relation_types: ['discoverer', 'maintainer'],
      pageNo: 1,
      pageSize: 20,
    });
    expect(RelationListQuerySchema.safeParse({ state: 'gone' }).success).toBe(false);
    expect(RelationUnbindSchema.safeParse({ relation_id: 1, unbind_reason: '  ' }).success).toBe(false);
    expect(RelationUnbindSchema.parse({ relation_id: 1, unbind_reason: ' moved ' })).toEqual({
      relation_id: 1,
      unbind_reason: 'moved',
    });
    expect(
      RelationBindSchema.safeParse({ resource_id: 'CS1', account_id: 'ACC1', relation_type: 'discoverer' })
        .success,
    ).toBe(false);
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
