import { describe, expect, it } from 'vitest';
import { wechatSignature } from './wechat-signature.js';

describe('wechatSignature', () => {
  it("should give the messenger documentation's example signature, and ignore the address's fragment", () => {
    const example = {
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    };
    expect(wechatSignature(example)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(wechatSignature({ ...example, url: `${example.url}#share` })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});
