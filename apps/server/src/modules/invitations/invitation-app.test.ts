import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAppClient, type TestAppClient } from '../../test/app-client-fixtures.js';
import { sendInvitation } from '../../test/invitation-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { invitations } from './invitations.tables.js';

describe('invitations sent in by the app back end', () => {
  let sut: TestContext;
  let client: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const kept = async (externalId: string) => {
    const [row] = await sut.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.externalId, externalId));
    return row!;
  };

  it('should record an invitation on the first sending and its newer status on the next', async () => {
    const first = await sendInvitation(sut, client, {
      externalId: 'inv-1',
      userId: 'ACC-B',
      inviterId: 'ACC-A',
      inviteStatus: 'registered',
      createTime: Date.UTC(2026, 10, 1),
    });
    expect(first.statusCode).toBe(201);
    const { invitationId, created } = first.json<{ invitationId: number; created: boolean }>();
    expect(created).toBe(true);

    const rewarded = await sendInvitation(sut, client, {
      externalId: 'inv-1',
      userId: 'ACC-B',
      inviterId: 'ACC-A',
      inviteStatus: 'rewarded',
      createTime: Date.UTC(2026, 10, 1),
      updateTime: Date.UTC(2026, 10, 3),
    });
    expect(rewarded.statusCode).toBe(200);
    expect(rewarded.json()).toEqual({ invitationId, created: false });
    expect(await kept('inv-1')).toMatchObject({
      tenant: 'nio',
      kind: 'register',
      userId: 'ACC-B',
      inviterId: 'ACC-A',
      inviteStatus: 'rewarded',
      updateTime: new Date(Date.UTC(2026, 10, 3)),
    });

    // A sending that was overtaken on the way changes nothing.
    const stale = await sendInvitation(sut, client, {
      externalId: 'inv-1',
      userId: 'ACC-B',
      inviterId: 'ACC-A',
      inviteStatus: 'invalid',
      createTime: Date.UTC(2026, 10, 1),
      updateTime: Date.UTC(2026, 10, 2),
    });
    expect(stale.statusCode).toBe(200);
    expect((await kept('inv-1')).inviteStatus).toBe('rewarded');

    // The same external id of the other kind is another invitation.
    const purchase = await sendInvitation(sut, client, {
      kind: 'car_purchase',
      externalId: 'inv-1',
      userId: 'ACC-B',
      inviterId: 'ACC-A',
      inviteStatus: 'test_drive',
    });
    expect(purchase.statusCode).toBe(201);
  });

  it('should refuse a user inviting themself, other parties for a known id and a status of the other kind', async () => {
    const self = await sendInvitation(sut, client, { userId: 'ACC-A', inviterId: 'ACC-A' });
    expect(self.statusCode).toBe(422);
    expect(errorOf(self).code).toBe('rule_violated');

    expect(
      (await sendInvitation(sut, client, { externalId: 'x', userId: 'ACC-B', inviterId: 'ACC-A' }))
        .statusCode,
    ).toBe(201);
    const moved = await sendInvitation(sut, client, { externalId: 'x', userId: 'ACC-C', inviterId: 'ACC-A' });
    expect(moved.statusCode).toBe(409);
    expect((await kept('x')).userId).toBe('ACC-B');

    const wrongStatus = await sendInvitation(sut, client, {
      userId: 'ACC-D',
      inviterId: 'ACC-A',
      inviteStatus: 'delivered',
    });
    expect(wrongStatus.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(wrongStatus).details)).toContain('inviteStatus');
    const unknownKind = await sendInvitation(sut, client, {
      kind: 'friend' as 'register',
      userId: 'ACC-D',
      inviterId: 'ACC-A',
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('should refuse unsigned and replayed requests, and file invitations under the client’s tenant', async () => {
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/invitations',
      headers: { origin: undefined },
      payload: { kind: 'register', externalId: 'u', userId: 'B', inviterId: 'A' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(errorOf(unsigned).code).toBe('unauthenticated');

    const nonce = 'invitation-nonce-once';
    const once = { userId: 'ACC-B', inviterId: 'ACC-A' };
    expect((await sendInvitation(sut, client, once, { nonce })).statusCode).toBe(201);
    const replayed = await sendInvitation(sut, client, once, { nonce });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');

    const pe = await createAppClient(sut, 'pe');
    expect(
      (await sendInvitation(sut, pe, { externalId: 'pe-1', userId: 'ACC-B', inviterId: 'ACC-A' })).statusCode,
    ).toBe(201);
    expect((await kept('pe-1')).tenant).toBe('pe');
  });
});
