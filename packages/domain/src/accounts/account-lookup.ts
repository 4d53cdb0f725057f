import { batchLookup, LOOKUP_SUCCESS, type LookupResult } from '../shared/batch-lookup.js';

export const ACCOUNT_COUNTRY_CODE = '86';
/** How many matches a nickname or mobile search asks for. */
export const ACCOUNT_SEARCH_COUNT = 20;

export const USER_NOT_FOUND = 'user_not_found';
const RESOURCE_NOT_FOUND = 'resource_not_found';

/** The account service speaks of resources; callers of an account look-up are told about users. */
export const accountResultCode = (resultCode: string): string =>
  resultCode === RESOURCE_NOT_FOUND ? USER_NOT_FOUND : resultCode;

/** Accounts by mobile or account id, in chunks of 100 sent in parallel. */
export async function lookupAccounts<K, T>(
  keys: readonly K[],
  lookup: (chunk: K[]) => Promise<LookupResult<T>>,
): Promise<LookupResult<T>> {
  const result = await batchLookup(keys, lookup);
  return { ...result, resultCode: accountResultCode(result.resultCode) };
}

export const NOT_FOUND_ACCOUNT_ID = 'notfound';
export interface NotFoundAccount {
  accountId: typeof NOT_FOUND_ACCOUNT_ID;
}

/**
 * The virtual-station screens show a reporter next to each station; a reporter whose account is gone, or a
 * look-up that fails, must not hide the station, so the answer is a placeholder instead of an error.
 */
export async function lookupAccountOrPlaceholder<T>(
  lookup: () => Promise<LookupResult<T>>,
): Promise<T | NotFoundAccount> {
  const placeholder: NotFoundAccount = { accountId: NOT_FOUND_ACCOUNT_ID };
  try {
    const result = await lookup();
    return result.resultCode === LOOKUP_SUCCESS ? (result.data[0] ?? placeholder) : placeholder;
  } catch {
    return placeholder;
  }
}
