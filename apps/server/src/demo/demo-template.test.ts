import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../modules/staff/first-admin.service.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/test-app.js';
import { useDemoPassword } from './demo-template.js';

describe('a data directory copied from the demo template', () => {
  let sut: TestContext;
  beforeEach(async () => {
    sut = await createTestContext();
    // The demo's accounts as the template holds them: one password, given when it was made.
    await sut.createUser({ userName: 'nio-admin', roles: [{ tenant: 'nio', role: 'admin' }] });
    await sut.createUser({ userName: 'pe-viewer', roles: [{ tenant: 'pe', role: 'viewer' }] });
  });
  afterEach(() => sut.app.close());

  const signInStatus = async (userName: string, password: string) =>
    (
      await sut.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { userName, password },
      })
    ).statusCode;

  it('should give every demo account the password this start asks for, and refuse the old one', async () => {
    await useDemoPassword(sut.database.db, 'another-demo-password');

    expect(await signInStatus('nio-admin', 'another-demo-password')).toBe(200);
    expect(await signInStatus('pe-viewer', 'another-demo-password')).toBe(200);
    expect(await signInStatus('pe-viewer', TEST_PASSWORD)).toBe(401);
  });

  it('should keep the password when it is the one the template was made with', async () => {
    await useDemoPassword(sut.database.db, TEST_PASSWORD);

    expect(await signInStatus('nio-admin', TEST_PASSWORD)).toBe(200);
  });

  it('should get its administrator beside the demo accounts, once', async () => {
    const first = await ensureFirstAdmin(sut.database.db, 'first-admin-password');
    const second = await ensureFirstAdmin(sut.database.db, 'first-admin-password');

    expect(first).toEqual({ created: true, password: null });
    expect(second).toEqual({ created: false, password: null });
    expect(await signInStatus('admin', 'first-admin-password')).toBe(200);
  });
});
