import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, errorOf, TEST_PASSWORD, type TestContext } from '../../test/test-app.js';
import { SESSION_CACHE_MS } from './sessions.service.js';
import { sessions } from './sessions.tables.js';

/**
 * Sessions are answered from memory for a few seconds; every change this process makes still takes effect
 * on the next request. Each test calls the API with the session first, so the change meets a warm cache.
 */
describe('sessions answered from memory', () => {
  let sut: TestContext;
  beforeEach(async () => {
    sut = await createTestContext();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await sut.app.close();
  });

  const get = (url: string, cookie: string) => sut.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    sut.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const stations = (cookie: string) => get('/api/nio/stations?pageSize=10', cookie);

  it('should refuse a session at once after its sign-out', async () => {
    const cookie = await sut.userWith('viewer', 'nio');
    expect((await stations(cookie)).statusCode).toBe(200);

    expect((await post('/api/auth/sign-out', cookie)).statusCode).toBe(204);

    expect((await stations(cookie)).statusCode).toBe(401);
  });

  it('should apply a role taken away by an admin on the next request', async () => {
    const id = await sut.createUser({
      userName: 'li.lei',
      roles: [
        { tenant: 'nio', role: 'viewer' },
        { tenant: 'pe', role: 'viewer' },
      ],
    });
    const cookie = await sut.signIn('li.lei');
    const admin = await sut.systemAdmin();
    expect((await stations(cookie)).statusCode).toBe(200);

    const changed = await sut.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: { cookie: admin },
      payload: { roles: [{ tenant: 'pe', role: 'viewer' }] },
    });
    expect(changed.statusCode).toBe(200);

    const refused = await stations(cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('tenant_forbidden');
    expect((await get('/api/pe/stations?pageSize=10', cookie)).statusCode).toBe(200);
  });

  it('should apply a role granted by an admin on the next request', async () => {
    const id = await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'nio', role: 'viewer' }] });
    const cookie = await sut.signIn('li.lei');
    const admin = await sut.systemAdmin();
    // An operator's route with an empty body: a viewer is refused before the body is read, an operator's
    // request reaches validation.
    const change = () => post('/api/nio/tags/operation_update', cookie, {});
    expect((await change()).statusCode).toBe(403);

    await sut.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: { cookie: admin },
      payload: { roles: [{ tenant: 'nio', role: 'operator' }] },
    });

    expect((await change()).statusCode).toBe(400);
  });

  it('should end the sessions of a user an admin disables or gives a new password, on the next request', async () => {
    const disabledId = await sut.createUser({ userName: 'gone', roles: [{ tenant: 'nio', role: 'viewer' }] });
    const resetId = await sut.createUser({ userName: 'reset', roles: [{ tenant: 'nio', role: 'viewer' }] });
    const gone = await sut.signIn('gone');
    const reset = await sut.signIn('reset');
    const admin = await sut.systemAdmin();
    expect((await stations(gone)).statusCode).toBe(200);
    expect((await stations(reset)).statusCode).toBe(200);

    expect((await post(`/api/admin/users/${disabledId}/disable`, admin)).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${resetId}/reset-password`, admin, {})).statusCode).toBe(200);

    expect((await stations(gone)).statusCode).toBe(401);
    expect((await stations(reset)).statusCode).toBe(401);
  });

  it("should end the user's other sessions when the password changes, and keep the one that changed it", async () => {
    await sut.createUser({ userName: 'li.lei', roles: [{ tenant: 'nio', role: 'viewer' }] });
    const laptop = await sut.signIn('li.lei');
    const phone = await sut.signIn('li.lei');
    expect((await stations(phone)).statusCode).toBe(200);

    const changed = await post('/api/auth/password', laptop, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-secret',
    });
    expect(changed.statusCode).toBe(204);

    expect((await stations(phone)).statusCode).toBe(401);
    expect((await stations(laptop)).statusCode).toBe(200);
  });

  it("should see another process's sign-out once the remembered session runs out", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await sut.userWith('viewer', 'nio');
    expect((await stations(cookie)).statusCode).toBe(200);

    // What another process sharing the database does on sign-out.
    await sut.database.db.execute(sql`delete from sessions`);
    expect((await stations(cookie)).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + SESSION_CACHE_MS);
    expect((await stations(cookie)).statusCode).toBe(401);
  });

  it('should not answer a session from memory past its absolute lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await sut.userWith('viewer', 'nio');
    // By this process's clock, which the test moves; the database's own clock does not move with it.
    await sut.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 1000) });
    expect((await stations(cookie)).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 1000);

    expect((await stations(cookie)).statusCode).toBe(401);
  });
});
