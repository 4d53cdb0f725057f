import { describe, expect, it } from 'vitest';
import { fail, fakeApi, noContent, ok } from '../test/fake-api';
import { api, ApiError, tenantApi, withQuery } from './client';

describe('api client', () => {
  it('should leave empty filters out of the query string', () => {
    expect(withQuery('/x', { a: 1, b: '', c: undefined, d: null, e: false })).toBe('/x?a=1&e=false');
    expect(withQuery('/x', {})).toBe('/x');
  });

  it("should send tenant calls under the tenant's path, same-origin, as JSON", async () => {
    const calls = fakeApi({ 'POST /api/pe/things': () => ok({ id: 1 }, 201) });
    await expect(tenantApi('pe').post('/things', { name: 'a' })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.body).toEqual({ name: 'a' });
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("should ask for messages in the portal's language", async () => {
    fakeApi({ 'GET /api/auth/me': () => ok({}) });
    document.documentElement.lang = 'en-US';
    try {
      await api.get('/auth/me');
    } finally {
      document.documentElement.lang = '';
    }
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en-US');
  });

  it('should answer undefined for 204', async () => {
    fakeApi({ 'POST /api/auth/sign-out': () => noContent() });
    await expect(api.post('/auth/sign-out')).resolves.toBeUndefined();
  });

  it("should throw the server's error code, details and wait time", async () => {
    fakeApi({
      'POST /api/admin/users': () =>
        fail(400, 'validation_failed', 'bad', [{ path: 'userName', message: 'x' }]),
      'POST /api/auth/sign-in': () => ({
        ...fail(429, 'too_many_attempts'),
        headers: { 'Retry-After': '30' },
      }),
    });
    const invalid = await api.post('/admin/users', {}).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: [{ path: 'userName' }],
    });
    await expect(api.post('/auth/sign-in', {})).rejects.toMatchObject({ retryAfter: 30 });
  });

  it('should turn an answer without our error shape into an http_error', async () => {
    fakeApi({ 'GET /api/auth/me': () => ({ status: 502, body: 'Bad gateway' }) });
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });
});
