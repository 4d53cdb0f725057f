import { describe, expect, it } from 'vitest';
import { RuleError } from './rule-error.js';

describe('RuleError', () => {
  it('should carry the rule message and read it in English', () => {
    const sut = new RuleError({ key: 'form.maxNumber', params: { max: 300 } });
    expect(sut.rule).toEqual({ key: 'form.maxNumber', params: { max: 300 } });
    expect(sut.message).toBe('Enter a number no greater than 300');
    expect(sut.name).toBe('RuleError');
  });
});
