import { describe, expect, it } from 'vitest';
import {
  tagGroupChange,
  TagUpdateItemSchema,
  topTenGoodStationChange,
  type TagTarget,
} from './tag-updates.js';

const target: TagTarget = { resourceId: 'CS-1', bizCode: 'ChargeStation' };

describe('tagGroupChange', () => {
  it('should add the new tag and delete the old one', () => {
    expect(tagGroupChange(target, { currentTagCode: 'succ_low', newTagCode: 'succ_high' })).toEqual([
      { action: 'add', tagCode: 'succ_high', tagDegree: 1, resourceId: 'CS-1', bizCode: 'ChargeStation' },
      { action: 'delete', tagCode: 'succ_low', tagDegree: 1, resourceId: 'CS-1', bizCode: 'ChargeStation' },
    ]);
  });

  it('should only add when the group had no tag', () => {
    expect(tagGroupChange({ ...target, remark: 'site visit' }, { newTagCode: 'succ_high' })).toEqual([
      {
        action: 'add',
        tagCode: 'succ_high',
        tagDegree: 1,
        resourceId: 'CS-1',
        bizCode: 'ChargeStation',
        remark: 'site visit',
      },
    ]);
  });

  it('should only delete when the value is cleared', () => {
    expect(tagGroupChange(target, { currentTagCode: 'succ_low' }).map((i) => i.action)).toEqual(['delete']);
  });

  it('should update the value of the same tag', () => {
    expect(
      tagGroupChange(target, {
        currentTagCode: 'occupy',
        currentTagValue: '08:00~09:00',
        newTagCode: 'occupy',
        newTagValue: '08:00~10:00',
      }),
    ).toEqual([
      {
        action: 'update',
        tagCode: 'occupy',
        tagValue: '08:00~10:00',
        tagDegree: 1,
        resourceId: 'CS-1',
        bizCode: 'ChargeStation',
      },
    ]);
  });

  it('should send nothing when nothing changed', () => {
    expect(tagGroupChange(target, { currentTagCode: 'a', newTagCode: 'a' })).toEqual([]);
  });

  it('should always produce items of degree 1 that the schema accepts', () => {
    const items = tagGroupChange(target, { currentTagCode: 'a', newTagCode: 'b', newTagValue: '3' });
    expect(items.every((i) => TagUpdateItemSchema.parse(i).tagDegree === 1)).toBe(true);
  });
});

describe('topTenGoodStationChange', () => {
  const swap: TagTarget = { resourceId: 'PS-1', bizCode: 'PowerSwap' };

  it('should add the monthly top 10 tag on yes', () => {
    expect(topTenGoodStationChange(swap, true, 'top10_2024_05')).toEqual([
      { action: 'add', tagCode: 'top10_2024_05', tagDegree: 1, resourceId: 'PS-1', bizCode: 'PowerSwap' },
    ]);
  });

  it('should delete it on no', () => {
    expect(topTenGoodStationChange(swap, false, 'top10_2024_05')).toEqual([
      { action: 'delete', tagCode: 'top10_2024_05', tagDegree: 1, resourceId: 'PS-1', bizCode: 'PowerSwap' },
    ]);
  });
});

describe('TagUpdateItemSchema', () => {
  it('should refuse a degree other than 1', () => {
    const result = TagUpdateItemSchema.safeParse({
      action: 'add',
      tagCode: 'a',
      tagDegree: 2,
      resourceId: 'CS-1',
      bizCode: 'ChargeStation',
    });
    expect(result.success).toBe(false);
  });
});
