import { describe, expect, it } from 'vitest';
import { countFilter, lastRegionId, searchField, secondRegionId } from './list-filters.js';

describe('countFilter', () => {
  it('should ask for at least 1 when true', () => {
    expect(countFilter(true)).toEqual({ min: 1 });
  });

  it('should ask for exactly 0 when false', () => {
    expect(countFilter(false)).toEqual({ min: 0, max: 0 });
  });

  it('should not filter when unset', () => {
    expect(countFilter(undefined)).toEqual({});
  });
});

describe('region ids', () => {
  it('should take the second element of the cascade', () => {
    expect(secondRegionId(['310000', '310100', '310101'])).toBe('310100');
    expect(secondRegionId(['310000'])).toBeUndefined();
  });

  it('should take the last element of the cascade', () => {
    expect(lastRegionId(['310000', '310100', '310101'])).toBe('310101');
    expect(lastRegionId([])).toBeUndefined();
  });
});

describe('searchField', () => {
  it('should name the field after the select and trim the text', () => {
    expect(searchField('resourceName', ' Hub ')).toEqual({ resourceName: 'Hub' });
  });

  it('should send nothing for blank text', () => {
    expect(searchField('resourceName', '  ')).toEqual({});
  });
});
