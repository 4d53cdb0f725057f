import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Counted from the files, not from the journal the server reads, so a migration missing from either shows.
const MIGRATION_FILES = fs
  .readdirSync(new URL('../../../migrations', import.meta.url))
  .filter((name) => name.endsWith('.sql')).length;

describe('GET /api/health', () => {
  let sut: TestContext;
  beforeEach(async () => {
    sut = await createTestContext();
  });
  afterEach(() => sut.app.close());

  it('should answer ok without a session when the database answers and migrations are current', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: { applied: MIGRATION_FILES, expected: MIGRATION_FILES, current: true },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should keep a well-formed request id given by a proxy', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-req-0001' },
    });

    expect(response.headers['x-request-id']).toBe('proxy-req-0001');
  });

  it('should hide unknown API routes from anonymous callers and answer 404 in the error shape to others', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(401);
    const cookie = await sut.userWith('viewer', 'nio');

    const response = await sut.app.inject({ method: 'GET', url: '/api/nope', headers: { cookie } });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'no route GET /api/nope' } });
  });

  it('should publish the OpenAPI document to signed-in users', async () => {
    const cookie = await sut.userWith('viewer', 'nio');

    const response = await sut.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });

    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/admin/users', '/api/{tenant}/files']),
    );
  });
});
