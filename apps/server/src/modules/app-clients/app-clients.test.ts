import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AppClient, AppClientSecret } from '@cmp/domain/platform/app-clients';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { portalSigningKey } from '../../platform/signed-clients/client-registry.js';
import type { TestAppClient } from '../../test/app-client-fixtures.js';
import { createVendor } from '../../test/comment-fixtures.js';
import { sendInvitation } from '../../test/invitation-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

describe('app back-end clients', () => {
  let sut: TestContext;
  let admin: string;
  beforeEach(async () => {
    sut = await createTestContext();
    admin = await sut.userWith('admin', 'nio');
  });
  afterEach(() => sut.app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    sut.app.inject({ method, url: `/api/nio${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const register = async (name = 'NIO App 后台'): Promise<AppClientSecret> => {
    const created = await call('POST', '/app-clients', { name, description: '账号、车辆、邀请' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<AppClientSecret>();
  };
  const signerOf = (secret: AppClientSecret): TestAppClient => ({
    clientId: secret.client.clientId,
    secretCode: secret.secretCode,
    tenant: 'nio',
  });
  const invite = (client: TestAppClient, userId: string) =>
    sendInvitation(sut, client, { userId, inviterId: 'ACC-INVITER' });
  const auditActions = async (clientId: string) =>
    (
      await sut.database.db
        .select({ action: auditRecords.action, actor: auditRecords.actorUserName })
        .from(auditRecords)
        .where(and(eq(auditRecords.entityType, 'app_client'), eq(auditRecords.entityId, clientId)))
        .orderBy(asc(auditRecords.id))
    ).map((r) => `${r.action} by ${r.actor}`);

  it('should register an app back end for admins only, answering its secret once with the portal key', async () => {
    const secret = await register();
    expect(secret.client).toMatchObject({
      name: 'NIO App 后台',
      description: '账号、车辆、邀请',
      state: 'enabled',
      tenant: 'nio',
    });
    expect(secret.client.keyFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(secret.secretCode).toMatch(/^cmpsk_/);
    expect(secret.portalPublicKey).toBe((await portalSigningKey(sut.database.db)).publicKey);
    expect((await invite(signerOf(secret), 'ACC-1')).statusCode).toBe(201);

    const list = await call('GET', '/app-clients');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: AppClient[] }>().items).toEqual([secret.client]);
    expect(list.body).not.toContain(secret.secretCode.slice(10, 40));

    const operator = await sut.userWith('operator', 'nio');
    expect((await call('GET', '/app-clients', undefined, operator)).statusCode).toBe(403);
    expect((await call('POST', '/app-clients', { name: 'x' }, operator)).statusCode).toBe(403);
    expect(await auditActions(secret.client.clientId)).toEqual(['APP_CLIENT_CREATE by nio-admin']);
    const refused = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/app-clients',
      headers: { cookie: admin, 'accept-language': 'zh-CN' },
      payload: { name: '  ' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('should stop the old secret at rotation, refuse a disabled client and forget a removed one', async () => {
    const secret = await register();
    const { clientId } = secret.client;
    const rotated = await call('POST', `/app-clients/${clientId}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const renewed = rotated.json<AppClientSecret>();
    expect(renewed.secretCode).not.toBe(secret.secretCode);
    expect(renewed.client.keyFingerprint).not.toBe(secret.client.keyFingerprint);
    expect(errorOf(await invite(signerOf(secret), 'ACC-1')).code).toBe('signature_invalid');
    expect((await invite(signerOf(renewed), 'ACC-1')).statusCode).toBe(201);

    const disabled = await call('PUT', `/app-clients/${clientId}`, { name: 'NIO App', state: 'disabled' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<AppClient>()).toMatchObject({
      name: 'NIO App',
      description: null,
      state: 'disabled',
    });
    expect(errorOf(await invite(signerOf(renewed), 'ACC-2')).code).toBe('signature_invalid');
    await call('PUT', `/app-clients/${clientId}`, { name: 'NIO App', state: 'enabled' });
    expect((await invite(signerOf(renewed), 'ACC-2')).statusCode).toBe(201);

    expect((await call('DELETE', `/app-clients/${clientId}`)).statusCode).toBe(204);
    expect(errorOf(await invite(signerOf(renewed), 'ACC-3')).code).toBe('signature_invalid');
    expect((await call('GET', '/app-clients')).json<{ items: AppClient[] }>().items).toEqual([]);
    expect((await call('DELETE', `/app-clients/${clientId}`)).statusCode).toBe(404);
    expect(await auditActions(clientId)).toEqual([
      'APP_CLIENT_CREATE by nio-admin',
      'APP_CLIENT_SECRET_ROTATE by nio-admin',
      'APP_CLIENT_UPDATE by nio-admin',
      'APP_CLIENT_UPDATE by nio-admin',
      'APP_CLIENT_DELETE by nio-admin',
    ]);
  });

  it("should keep tenants apart, and take no other kind of client's signature", async () => {
    const secret = await register();
    const peAdmin = await sut.userWith('admin', 'pe');
    const { clientId } = secret.client;
    expect(
      (
        await sut.app.inject({ method: 'GET', url: '/api/pe/app-clients', headers: { cookie: peAdmin } })
      ).json(),
    ).toEqual({ items: [] });
    for (const [method, url] of [
      ['PUT', `/api/pe/app-clients/${clientId}`],
      ['POST', `/api/pe/app-clients/${clientId}/rotate-secret`],
      ['DELETE', `/api/pe/app-clients/${clientId}`],
    ] as const) {
      const response = await sut.app.inject({
        method,
        url,
        headers: { cookie: peAdmin },
        ...(method === 'PUT' ? { payload: { name: 'taken over' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // A comment vendor signs correctly, but is not an app back end.
    const vendor = await createVendor(sut, admin);
    const asVendor = await invite({ ...vendor, tenant: 'nio' }, 'ACC-1');
    expect(errorOf(asVendor).code).toBe('signature_invalid');
  });
});
