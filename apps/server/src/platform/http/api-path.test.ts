import { describe, expect, it } from 'vitest';
import { isApiSpelling } from './api-path.js';

describe('isApiSpelling', () => {
  it.each([
    '/api',
    '/api/admin/users',
    '/%61pi/admin/users',
    '/ap%69/nio/stations/export',
    '/%2561pi/admin/users',
    '/API/admin/users',
    '//api/admin/users',
    '/./api/admin/users',
    '/%2e/api/admin/users',
    '/x/../api/admin/users',
    '/x/%2e%2e/api/admin/users',
    '\\api\\admin\\users',
    '/api?x=1',
  ])('should see %s as the API', (url) => {
    expect(isApiSpelling(url)).toBe(true);
  });

  it.each(['/', '/cmp-app/nio', '/apis', '/assets/api.js', '/cmp-app/api/x', '/%E0%A4%A'])(
    'should see %s as not the API',
    (url) => {
      expect(isApiSpelling(url)).toBe(false);
    },
  );
});
