import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import {
  POSTER_RESOURCE_PAGE_SIZE,
  PosterDisplaySchema,
  SHARE_PICTURE_MAX,
  SharePicturesSchema,
} from './poster-defaults.js';
import { PosterCreateSchema, posterStationRowMessages } from './poster-contracts.js';
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
        1,
        { configType: 'ChargeStation', resourceScope: 'part' },
        { configType: 'ChargeStation', resourceScope: 'all' },
      ),
    ).toEqual({
      posterId: 1,
      originalConfigType: 'ChargeStation',
      configType: 'ChargeStation',
      originalResourceScope: 'part',
      resourceScope: 'all',
    });
  });
});

describe('poster contracts', () => {
  const poster = {
    posterName: '夏季充电节',
    clientCode: 'nio_app',
    ruleId: 2,
    image: 'https://cdn.example.com/p.png',
    showTimeBegin: 1_700_000_000_000,
    showTimeEnd: 1_700_086_400_000,
  };
  const messages = (input: object) => {
    const result = PosterCreateSchema.safeParse(input);
    return result.success
      ? []
      : fieldRuleMessages(result.error).map((p) => [p.path, formatMessage('en-US', p.message)]);
  };

  it('should create a poster hidden, at priority 99, for every region and no link', () => {
    const parsed = PosterCreateSchema.parse(poster);
    expect(parsed).toMatchObject({
      visible: false,
      priority: 99,
      regionInfo: [],
      linkType: 0,
      isPush: false,
    });
  });

  it('should ask for a window whose end follows its begin, and a whole priority from 0', () => {
    expect(messages({ ...poster, showTimeEnd: poster.showTimeBegin })).toEqual([
      ['showTimeEnd', 'The end time must be after the start time'],
    ]);
    expect(messages({ ...poster, priority: -1 })[0]?.[0]).toBe('priority');
    expect(messages({ ...poster, priority: 1.5 })[0]?.[0]).toBe('priority');
  });

  it('should ask for what the link type and the push need', () => {
    expect(messages({ ...poster, linkType: 1 })).toEqual([['linkUrl', 'This field is required']]);
    expect(messages({ ...poster, linkType: 1, linkUrl: 'ftp://x' })).toEqual([
      ['linkUrl', 'Enter an address starting with http:// or https://'],
    ]);
    expect(messages({ ...poster, linkType: 4 })).toEqual([['videoUrl', 'This field is required']]);
    expect(messages({ ...poster, isPush: true })).toEqual([['pushTitle', 'This field is required']]);
    expect(messages({ ...poster, ruleId: 99 })).toEqual([['ruleId', 'No such trigger rule']]);
  });

  it('should mark each wrong row of a station sheet', () => {
    const known = new Map([
      ['CS1', { resourceType: 'ChargeStation' }],
      ['PS1', { resourceType: 'PowerSwap' }],
    ]);
    const rows = posterStationRowMessages(['CS1', '', 'CS1', 'NOPE', 'PS1'], known, 'ChargeStation');
    expect(rows.map((row) => row.map((m) => formatMessage('zh-CN', m)).join(''))).toEqual([
      '',
      '站点ID为空;',
      '重复数据;',
      '站点不存在;',
      '站点类型与海报绑定类型不符;',
    ]);
  });
});
