import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import {
  POSTER_RESOURCE_PAGE_SIZE,
  PosterDisplaySchema,
  SHARE_PICTURE_MAX,
  SharePicturesSchema,
} from './poster-defaults.js';
import { posterRuleChange } from './poster-rule-change.js';

describe('poster defaults', () => {
  it('should create posters with priority 99 and not visible', () => {
    expect(PosterDisplaySchema.parse({})).toEqual({ visible: false, priority: 99 });
  });
});

describe('poster resources', () => {
  it('should page poster resources by 20', () => {
    expect(POSTER_RESOURCE_PAGE_SIZE).toBe(20);
  });
});

describe('share pictures', () => {
  it('should allow at most 5 pictures', () => {
    expect(SHARE_PICTURE_MAX).toBe(5);
    expect(SharePicturesSchema.safeParse(['1', '2', '3', '4', '5']).success).toBe(true);
    const problems = fieldRuleMessages(SharePicturesSchema.safeParse(['1', '2', '3', '4', '5', '6']).error!);
    expect(problems.map((p) => formatMessage('en-US', p.message))).toEqual(['At most 5 pictures']);
  });
});

describe('posterRuleChange', () => {
  it('should carry the old and the new config type and resource scope', () => {
    expect(
      posterRuleChange(
        'P1',
        { configType: 'resource', resourceScope: 'part' },
        { configType: 'resource', resourceScope: 'all' },
      ),
    ).toEqual({
      posterId: 'P1',
      originalConfigType: 'resource',
      configType: 'resource',
      originalResourceScope: 'part',
      resourceScope: 'all',
    });
  });
});
