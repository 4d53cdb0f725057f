import { describe, expect, it } from 'vitest';
import type { LookupResult } from '../shared/batch-lookup.js';
import {
  ACCOUNT_COUNTRY_CODE,
  ACCOUNT_SEARCH_COUNT,
  accountResultCode,
  lookupAccountOrPlaceholder,
  lookupAccounts,
} from './account-lookup.js';

interface Account {
  accountId: string;
}

describe('account look-up constants', () => {
  it("should look mobiles up with country code '86'", () => {
    expect(ACCOUNT_COUNTRY_CODE).toBe('86');
  });

  it('should ask for 20 matches by nickname or mobile', () => {
    expect(ACCOUNT_SEARCH_COUNT).toBe(20);
  });
});

describe('accountResultCode', () => {
  it('should turn resource_not_found into user_not_found', () => {
    expect(accountResultCode('resource_not_found')).toBe('user_not_found');
  });

  it('should keep other codes', () => {
    expect(accountResultCode('success')).toBe('success');
    expect(accountResultCode('internal_error')).toBe('internal_error');
  });
});

describe('lookupAccounts', () => {
  it('should merge chunks of accounts', async () => {
    const mobiles = Array.from({ length: 150 }, (_, i) => `1380000${String(i).padStart(4, '0')}`);
    const result = await lookupAccounts(mobiles, async (part) => ({
      resultCode: 'success',
      data: part.map((mobile) => ({ accountId: `acc-${mobile}` })),
    }));
    expect(result.resultCode).toBe('success');
    expect(result.data).toHaveLength(150);
    expect(result.data[149]).toEqual({ accountId: 'acc-13800000149' });
  });

  it('should report user_not_found when a chunk answers resource_not_found', async () => {
    const result = await lookupAccounts(['1'], async (): Promise<LookupResult<Account>> => ({
      resultCode: 'resource_not_found',
      data: [],
    }));
    expect(result).toEqual({ resultCode: 'user_not_found', data: [] });
  });
});

describe('lookupAccountOrPlaceholder', () => {
  it('should answer the account found', async () => {
    const sut = await lookupAccountOrPlaceholder<Account>(async () => ({
      resultCode: 'success',
      data: [{ accountId: 'a1' }],
    }));
    expect(sut).toEqual({ accountId: 'a1' });
  });

  it('should answer the notfound placeholder on a failure code', async () => {
    const sut = await lookupAccountOrPlaceholder<Account>(async () => ({
      resultCode: 'resource_not_found',
      data: [],
    }));
    expect(sut).toEqual({ accountId: 'notfound' });
  });

  it('should answer the placeholder when nothing matched', async () => {
    const sut = await lookupAccountOrPlaceholder<Account>(async () => ({ resultCode: 'success', data: [] }));
    expect(sut).toEqual({ accountId: 'notfound' });
  });

  it('should swallow a thrown error', async () => {
    const sut = await lookupAccountOrPlaceholder<Account>(() => Promise.reject(new Error('timeout')));
    expect(sut).toEqual({ accountId: 'notfound' });
  });
});
