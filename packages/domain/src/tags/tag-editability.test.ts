import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { tagGroupEditability, type TagGroupContext } from './tag-editability.js';

const context = (overrides: Partial<TagGroupContext>): TagGroupContext => ({
  bizCode: 'ChargeStation',
  provider: 'cmo',
  tagGroupCode: 'resource_occupy_info',
  ownerOperated: true,
  hasAccurateSystemValue: false,
  ...overrides,
});

describe('tagGroupEditability', () => {
  it('should allow editing a listed group', () => {
    expect(tagGroupEditability(context({}))).toEqual({ editable: true });
  });

  it('should refuse a group not listed for the resource type and provider', () => {
    expect(tagGroupEditability(context({ bizCode: 'PowerSwap' }))).toEqual({
      editable: false,
      reason: { key: 'tag.notEditable' },
    });
  });

  it('should keep nio_charging_tag read-only', () => {
    expect(tagGroupEditability(context({ provider: 'algorithm', tagGroupCode: 'nio_charging_tag' }))).toEqual(
      {
        editable: false,
        reason: { key: 'tag.readOnly' },
      },
    );
  });

  it('should lock a non-owner-operated station group that has an accurate system value', () => {
    const sut = tagGroupEditability(context({ ownerOperated: false, hasAccurateSystemValue: true }));
    expect(sut.editable).toBe(false);
    expect(sut.editable ? '' : formatMessage('en-US', sut.reason)).toBe(
      'The system has an accurate value; station groups not run by the owner cannot be edited',
    );
  });

  it('should allow a non-owner-operated station group without an accurate system value', () => {
    expect(tagGroupEditability(context({ ownerOperated: false }))).toEqual({ editable: true });
  });

  it('should allow an owner-operated station group even with an accurate system value', () => {
    expect(tagGroupEditability(context({ hasAccurateSystemValue: true }))).toEqual({ editable: true });
  });
});
