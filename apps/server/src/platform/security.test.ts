import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { TENANT_PREFIX } from './auth/access-hook.js';
import type { RouteInfo } from '../app.js';

/**
 * Walks the server's own route table, so every route added later is covered without anyone
 * remembering to add it here.
 */
describe('access rules of every route', () => {
  let sut: TestContext;
  let routes: RouteInfo[];
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    sut = await createTestContext();
    await sut.app.ready();
    routes = sut.app.routeCatalog.filter((r) => r.method !== 'HEAD');
    cookies.peOnly = await sut.userWith('admin', 'pe', 'pe-admin');
    cookies.nioViewer = await sut.userWith('viewer', 'nio', 'nio-viewer');
    cookies.nioOperator = await sut.userWith('operator', 'nio', 'nio-operator');
  });
  afterAll(() => sut.app.close());

  // Any value reaches the access hook: it runs before parameters are validated.
  const concrete = (url: string, tenant = 'nio') =>
    url
      .replace(TENANT_PREFIX, `/api/${tenant}`)
      .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')
      .replace('*', 'x');
  const request = (route: RouteInfo, cookie?: string, tenant?: string) =>
    sut.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url, tenant),
      headers: cookie ? { cookie } : {},
    });

  const PUBLIC = [
    'GET /api/health',
    'GET /api/portal-config',
    'POST /api/auth/sign-in',
    'POST /api/auth/sign-out',
    'GET /api/public/road-books/:token',
    'GET /api/public/road-books/:token/road-book.json',
  ];

  it('should serve every route under /api and declare exactly the expected public ones', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.url.startsWith('/api')).map((r) => r.url)).toEqual([]);
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(PUBLIC.sort());
  });

  it('should answer 401 without a session on every non-public route', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await request(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('should answer 403 on every tenant route for a tenant the user lacks, and 404 for an unknown tenant', async () => {
    const tenantRoutes = routes.filter((r) => r.url.startsWith(TENANT_PREFIX));
    expect(tenantRoutes.length).toBeGreaterThan(0);
    for (const route of tenantRoutes) {
      const refused = await request(route, cookies.peOnly, 'nio');
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json().error.code).toBe('tenant_forbidden');
      expect((await request(route, cookies.peOnly, 'acme')).statusCode).toBe(404);
    }
  });

  // POSTs that only read or compute; each is declared readable by viewers on purpose.
  const VIEWER_POSTS = [
    'POST /api/:tenant/road-books/route/options',
    'POST /api/:tenant/road-books/route/preview',
    'POST /api/:tenant/stations/basic-infos/batch',
  ];

  it('should let viewers call exactly the reading and computing POSTs declared for them', () => {
    expect(
      routes
        .filter((r) => r.access === 'tenant-role:viewer' && r.method !== 'GET')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(VIEWER_POSTS.sort());
  });

  it("should answer 403 on every tenant route's mutation for a viewer", async () => {
    const mutations = routes.filter(
      (r) => r.url.startsWith(TENANT_PREFIX) && r.method !== 'GET' && r.access !== 'tenant-role:viewer',
    );
    for (const route of mutations) {
      const response = await request(route, cookies.nioViewer);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('should answer 403 on every staff-administration route for a non-admin', async () => {
    const adminRoutes = routes.filter((r) => r.access === 'staff-admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of adminRoutes) {
      expect((await request(route, cookies.nioOperator)).statusCode, `${route.method} ${route.url}`).toBe(
        403,
      );
    }
  });
});
