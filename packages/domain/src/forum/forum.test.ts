import { describe, expect, it } from 'vitest';
import { AppPostCreateSchema } from './forum-contracts.js';
import { ArticleContentSchema, articleText } from './post-content.js';
import { SensitiveWordMatcher, markWords, splitIllegalWords } from './sensitive-word-matcher.js';

describe('SensitiveWordMatcher', () => {
  it('should find every word once, in the order each first ends in the text', () => {
    const matcher = new SensitiveWordMatcher(['代充', '刷单', '充值', 'VX']);
    expect(matcher.find('刷单找我，代充值加vx，再刷单')).toEqual(['刷单', '代充', '充值', 'VX']);
  });

  it('should find words inside others and words sharing a start (the failure links)', () => {
    const matcher = new SensitiveWordMatcher(['he', 'she', 'his', 'hers']);
    expect(matcher.find('ushers')).toEqual(['she', 'he', 'hers']);
    expect(new SensitiveWordMatcher(['abcd', 'bc']).find('abcx')).toEqual(['bc']);
    expect(new SensitiveWordMatcher(['aab']).find('aaab')).toEqual(['aab']);
  });

  it('should match ASCII letters in any case and keep the first spelling of a word given twice', () => {
    const matcher = new SensitiveWordMatcher(['WeChat', 'wechat', '', '微信']);
    expect(matcher.size).toBe(2);
    expect(matcher.find('加WECHAT或微信')).toEqual(['WeChat', '微信']);
  });

  it('should find nothing with no words or in a text without them', () => {
    expect(new SensitiveWordMatcher([]).find('任何内容')).toEqual([]);
    expect(new SensitiveWordMatcher(['代充']).find('')).toEqual([]);
    expect(new SensitiveWordMatcher(['代充']).find('正常内容')).toEqual([]);
  });

  it('should agree with a plain search over many random words and texts', () => {
    const alphabet = 'abc代充';
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let round = 0; round < 50; round++) {
      const words = [...new Set(Array.from({ length: 20 }, () => word(1 + random(4))))];
      const text = word(60);
      const expected = words.filter((w) => text.includes(w)).sort();
      expect(new SensitiveWordMatcher(words).find(text).sort()).toEqual(expected);
    }
  });
});

describe('markWords', () => {
  it('should cut the text where the words are, joining overlaps', () => {
    expect(markWords('低价代充值加VX', ['代充', '充值', 'vx'])).toEqual([
      { text: '低价', word: false },
      { text: '代充值', word: true },
      { text: '加', word: false },
      { text: 'VX', word: true },
    ]);
    expect(markWords('正常', [])).toEqual([{ text: '正常', word: false }]);
    expect(markWords('', ['x'])).toEqual([]);
  });

  it('should split stored illegalWords into illegalWordArr', () => {
    expect(splitIllegalWords('代充,VX')).toEqual(['代充', 'VX']);
    expect(splitIllegalWords(null)).toEqual([]);
  });
});

describe('post content', () => {
  it('should read an article’s text from its text, image, place and station sections', () => {
    const article = ArticleContentSchema.parse({
      sections: [
        { sectionType: 'text', content: '出发' },
        { sectionType: 'image', image: { url: 'https://a.example/1.png', description: '雪山' } },
        { sectionType: 'poi', poi: { name: '康定', longitude: 1, latitude: 2 } },
        { sectionType: 'power', power: { resourceId: 'PS-1', resourceName: '康定换电站' } },
        { sectionType: 'video', video: { video_url: 'https://a.example/v.mp4' } },
      ],
    });
    expect(articleText(article)).toBe('出发\n雪山\n康定 \n康定换电站');
  });

  it('should take a share as text and an article as sections, not the other way round', () => {
    expect(AppPostCreateSchema.safeParse({ accountId: 'U1', postContent: 'hi' }).success).toBe(true);
    expect(AppPostCreateSchema.safeParse({ accountId: 'U1', postType: 1, postContent: 'hi' }).success).toBe(
      false,
    );
    const link = AppPostCreateSchema.safeParse({
      accountId: 'U1',
      postType: 1,
      postContent: { sections: [{ sectionType: 'image', image: { url: 'javascript:alert(1)' } }] },
    });
    expect(link.success).toBe(false);
  });
});
