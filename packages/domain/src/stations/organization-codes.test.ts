import { describe, expect, it } from 'vitest';
import {
  creditCodeFor,
  isCreditCode,
  isOrganizationCode,
  organizationCodeCheck,
} from './organization-codes.js';

describe('organization and credit codes', () => {
  it('should know a published unified social credit code and refuse it with one character changed', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(creditCodeFor('M000100Y4', '350100')).toBe('91350100M000100Y43');
  });

  it('should check an organization code by its check character, in upper case only', () => {
    const body = 'D2143569';
    const code = body + organizationCodeCheck(body);
    expect(isOrganizationCode(code)).toBe(true);
    expect(isOrganizationCode(body + (code.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(isOrganizationCode('d2143569' + organizationCodeCheck(body))).toBe(false);
  });
});
