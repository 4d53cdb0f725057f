import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Relation, RelationRecord } from '@cmp/domain/accounts/relation-contracts';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

describe('relations sent by the app back end', () => {
  let sut: TestContext;
  let client: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    await insertChargeStation(sut.database.db, 'CS-1');
    await insertAccount(sut.database.db, 'ACC1');
    await insertAccount(sut.database.db, 'PE1', { tenant: 'pe' });
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const bind = (payload: Record<string, unknown>, overrides: { nonce?: string; timestamp?: number } = {}) =>
    sendSigned(
      sut,
      client,
      'POST',
      '/api/app/relations/bind',
      { resource_id: 'CS-1', account_id: 'ACC1', relation_type: 'contributor', ...payload },
      overrides,
    );
  const unbind = (relationId: number, reason = 'left the app') =>
    sendSigned(sut, client, 'POST', '/api/app/relations/unbind', {
      relation_id: relationId,
      unbind_reason: reason,
    });

  it("should bind and unbind in the client's tenant with source app, seen by the portal and the station's history", async () => {
    const response = await bind({ bind_reason: 'uploaded pictures', resource_origin_id: 'APP-CS-1' });
    expect(response.statusCode, response.body).toBe(201);
    const bound = response.json<RelationRecord>();
    expect(bound).toMatchObject({
      resourceId: 'CS-1',
      resourceType: 'ChargeStation',
      resourceOriginId: 'APP-CS-1',
      accountId: 'ACC1',
      relationType: 'contributor',
      bindReason: 'uploaded pictures',
      state: 'bind',
      source: 'app',
      boundBy: client.clientId,
    });
    // The app side answers the relation without the portal's copy of the account.
    expect(bound).not.toHaveProperty('mobile');

    const operator = await sut.userWith('operator', 'nio');
    const listed = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/relations/search',
      headers: { cookie: operator },
      payload: { account_id: 'ACC1' },
    });
    expect(listed.json<{ items: Relation[] }>().items).toMatchObject([
      { relationId: bound.relationId, source: 'app', nickname: 'Nick ACC1' },
    ]);

    const unbound = await unbind(bound.relationId);
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json<RelationRecord>()).toMatchObject({
      state: 'unbind',
      unbindReason: 'left the app',
      unboundBy: client.clientId,
    });

    const records = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/stations/CS-1/operation-records',
      headers: { cookie: operator },
    });
    expect(records.json<{ items: unknown[] }>().items).toMatchObject([
      { action: 'CHARGE_STATION_CONTRIBUTOR_UNBIND', userType: 'system', userName: client.clientId },
      {
        action: 'CHARGE_STATION_CONTRIBUTOR_BIND',
        userType: 'system',
        userName: client.clientId,
        after: { accountId: 'ACC1', relationSource: 'app', bindReason: 'uploaded pictures' },
      },
    ]);
  });

  it('should refuse unsigned, stale and replayed requests with 401', async () => {
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/relations/bind',
      headers: { origin: undefined },
      payload: { resource_id: 'CS-1', account_id: 'ACC1', relation_type: 'contributor' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(errorOf(unsigned).code).toBe('unauthenticated');

    const stale = await bind({}, { timestamp: Date.now() - 6 * 60_000 });
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale).code).toBe('request_expired');

    const nonce = 'relation-bind-nonce-1';
    expect((await bind({}, { nonce })).statusCode).toBe(201);
    const replayed = await bind({ relation_type: 'maintainer' }, { nonce });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');
  });

  it("should keep the client to its tenant's accounts and relations and refuse what the portal refuses", async () => {
    const other = await bind({ account_id: 'PE1' });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('user_not_found');

    const first = (await bind({})).json<RelationRecord>();
    expect((await bind({})).statusCode).toBe(409);
    expect((await unbind(first.relationId)).statusCode).toBe(200);
    expect((await unbind(first.relationId)).statusCode).toBe(422);

    const peClient = await createAppClient(sut, 'pe');
    const foreign = await sendSigned(sut, peClient, 'POST', '/api/app/relations/unbind', {
      relation_id: first.relationId,
      unbind_reason: 'not mine',
    });
    expect(foreign.statusCode).toBe(404);
    const noReason = await sendSigned(sut, client, 'POST', '/api/app/relations/unbind', {
      relation_id: first.relationId,
    });
    expect(noReason.statusCode).toBe(400);
  });
});
