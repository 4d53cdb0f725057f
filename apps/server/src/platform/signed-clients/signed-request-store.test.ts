import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { resetDatabase, testDatabase } from '../../test/test-database.js';
import { SignedRequestStore } from './signed-routes.js';

describe('the nonces of signed requests, recorded in groups', () => {
  let database: Database;
  beforeEach(async () => {
    database = await testDatabase();
    await resetDatabase(database);
  });

  it('should take a nonce sent twice in one group once, and refuse it in a later group', async () => {
    const store = new SignedRequestStore(database.db);
    // The first call runs alone; the two that arrive while it runs go together as the next group.
    const answers = await Promise.all([
      store.freshNonce.call({ clientId: 'app-1', nonce: 'nonce-first-0000' }),
      store.freshNonce.call({ clientId: 'app-1', nonce: 'nonce-twice-0000' }),
      store.freshNonce.call({ clientId: 'app-1', nonce: 'nonce-twice-0000' }),
      store.freshNonce.call({ clientId: 'app-2', nonce: 'nonce-twice-0000' }),
    ]);
    expect(answers).toEqual([true, true, false, true]);

    expect(await store.freshNonce.call({ clientId: 'app-1', nonce: 'nonce-first-0000' })).toBe(false);
  });
});
