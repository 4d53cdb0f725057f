import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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

  let origin: string;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-web-'));

  beforeAll(async () => {
    // A built web client, so its static files and shell are served as in production.
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    sut = await createTestContext({ webDist });
    origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
    routes = sut.app.routeCatalog.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
    cookies.peOnly = await sut.userWith('admin', 'pe', 'pe-admin');
    cookies.nioViewer = await sut.userWith('viewer', 'nio', 'nio-viewer');
    cookies.nioOperator = await sut.userWith('operator', 'nio', 'nio-operator');
  });
  afterAll(async () => {
    await sut.app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

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
    // Chargers fetch firmware with the signed, expiring link UpdateFirmware gave them.
    'GET /api/public/firmware/:token',
    // Chargers upload diagnostics to the unguessable link GetDiagnostics gave them, open while its operation is.
    'POST /api/public/ocpp-diagnostics/:chargePointId/:token',
    // A share card's pictures are shown to whoever it is shared with; only files a share template shows.
    'GET /api/public/share-pictures/:fileId',
    // The H5 share page opens for whoever a share reaches: a template shows what the share shows, a group's
    // info only with the inviter token the app made for that group, and a signature only for the portal's pages.
    'GET /api/public/share/template',
    'POST /api/public/share/group-info',
    'POST /api/public/share/wechat-sign',
    // The in-app post page shows a post only as the apps show it: published, shown, public.
    'GET /api/public/forum/posts/:postId',
  ];

  it('should serve every route under /api but the web client, and declare exactly the expected public ones', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(
      sut.app.routeCatalog
        .filter((r) => !r.url.startsWith('/api'))
        .map((r) => `${r.method} ${r.url} ${r.access}`)
        .sort(),
    ).toEqual(['GET /* public', 'HEAD /* public']);
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(PUBLIC.sort());
  });

  it('should take signatures instead of sessions on exactly the routes of registered clients', () => {
    expect(
      routes
        .filter((r) => r.access.startsWith('signed-client:'))
        .map((r) => `${r.method} ${r.url} ${r.access}`)
        .sort(),
    ).toEqual(
      [
        'POST /api/app/comments signed-client:comment_vendor',
        'POST /api/app/charging-paths signed-client:app_backend',
        'POST /api/app/charging-paths/:pathId/rating signed-client:app_backend',
        'POST /api/app/accounts signed-client:app_backend',
        'DELETE /api/app/accounts/:accountId signed-client:app_backend',
        'POST /api/app/cars signed-client:app_backend',
        'DELETE /api/app/cars/:vehicleId signed-client:app_backend',
        'POST /api/app/relations/bind signed-client:app_backend',
        'POST /api/app/relations/unbind signed-client:app_backend',
        'POST /api/app/invitations signed-client:app_backend',
        'POST /api/app/crowdsourced-stations signed-client:app_backend',
        'POST /api/app/user-chargers signed-client:app_backend',
        'DELETE /api/app/user-chargers/:resourceId signed-client:app_backend',
        'POST /api/app/coupons/claim signed-client:app_backend',
        'GET /api/app/coupons signed-client:app_backend',
        'POST /api/app/coupons/check signed-client:app_backend',
        'POST /api/app/coupons/consume signed-client:app_backend',
        'GET /api/app/activities signed-client:app_backend',
        'POST /api/app/activities/quote signed-client:app_backend',
        'GET /api/app/lotteries/:activityId signed-client:app_backend',
        'GET /api/app/mall/orders/:orderId signed-client:app_backend',
        'GET /api/app/posters signed-client:app_backend',
        'POST /api/app/lottery-draws signed-client:app_backend',
        'POST /api/app/mall/orders signed-client:app_backend',
        'POST /api/app/mall/orders/:orderId/payments signed-client:app_backend',
        'POST /api/app/reward-events signed-client:app_backend',
        'GET /api/app/share-templates signed-client:app_backend',
        'GET /api/app/group-chats/one signed-client:app_backend',
        'POST /api/app/group-chats/:groupId/members signed-client:app_backend',
        'DELETE /api/app/group-chats/:groupId/members/:accountId signed-client:app_backend',
        'POST /api/app/group-chats/basic-info signed-client:app_backend',
        'GET /api/app/push-messages signed-client:app_backend',
        'POST /api/app/push-messages/ack signed-client:app_backend',
        'GET /api/app/cloud-config/configs/:namespaceName signed-client:app_backend',
        'GET /api/app/cloud-config/notifications signed-client:app_backend',
        'POST /api/app/forum/posts signed-client:app_backend',
        'GET /api/app/forum/posts signed-client:app_backend',
        'GET /api/app/forum/posts/:postId signed-client:app_backend',
        'GET /api/app/forum/posts/:postId/replies signed-client:app_backend',
        'POST /api/app/forum/posts/:postId/replies signed-client:app_backend',
        'POST /api/app/forum/posts/:postId/thumbs signed-client:app_backend',
      ].sort(),
    );
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

  // POSTs viewers may call, each on purpose: they only read or compute, or act on the caller's own job.
  const VIEWER_POSTS = [
    'POST /api/:tenant/road-books/route/options',
    'POST /api/:tenant/road-books/route/preview',
    'POST /api/:tenant/stations/basic-infos/batch',
    // The spec's tag details call reads a station's tags with its filter in the body.
    'POST /api/:tenant/tags/detail',
    // Viewers start exports; they stop their own jobs (the service lets nobody else's be seen).
    'POST /api/:tenant/jobs/:jobId/cancel',
    // The spec's comment list, comment operations and account comments read with their filter in the body.
    'POST /api/:tenant/comments/search',
    'POST /api/:tenant/comments/operations',
    'POST /api/:tenant/comments/account',
    // Batch account look-ups take up to 10,000 ids or mobiles, which do not fit a query string.
    'POST /api/:tenant/accounts/by-ids',
    'POST /api/:tenant/accounts/by-mobiles',
    // The spec's relation list reads with its filter in the body.
    'POST /api/:tenant/relations/search',
    // The spec's review list of crowd-sourced stations reads with its filter in the body.
    'POST /api/:tenant/crowdsourced-stations/search',
    // The spec's reporter look-ups (C7.7.6–C7.7.8) take a mobile or an account id in a body and only read.
    'POST /api/:tenant/reporter-accounts/by-mobile',
    'POST /api/:tenant/reporter-accounts/profile',
    'POST /api/:tenant/power-chargers/charger-bind-by-mobile',
    // The spec's bind record list (M7.1.15) reads with its filter in the body.
    'POST /api/:tenant/coupons/bind-records',
    // The spec's power charger list (C7.3.17) reads a station's chargers with its group in the body.
    'POST /api/:tenant/power-chargers/search',
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

  /** Spellings of one concrete API path that a router, a file server or a proxy may read as that path. */
  const spellings = (url: string): string[] => {
    const rest = url.slice('/api'.length);
    const segment = rest.split('/')[1] ?? '';
    const encodedSegment = segment ? `/%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : '';
    return [
      `/%61pi${rest}`,
      `/ap%69${rest}`,
      `/%2561pi${rest}`,
      `/API${rest}`,
      `/Api${rest}`,
      `//api${rest}`,
      `/./api${rest}`,
      `/api/.${rest}`,
      `/%2e/api${rest}`,
      `/api/%2e${rest}`,
      `/x/../api${rest}`,
      `/x/%2e%2e/api${rest}`,
      `/api${encodedSegment}${rest.slice(segment.length + 1)}`,
    ];
  };

  /** A request sent byte for byte as written (curl --path-as-is), from the portal's own origin. */
  const raw = (method: string, rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${origin}/`,
        { method, path: rawPath, headers: { origin } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.end(method === 'GET' || method === 'DELETE' ? undefined : '{}');
    });

  it('should refuse every encoded or oddly spelled path of every non-public route without a session', async () => {
    const guarded = routes.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      for (const spelling of spellings(concrete(route.url))) {
        const { status, body } = await raw(route.method, spelling);
        const what = `${route.method} ${spelling}`;
        // 401 where the router reads the spelling as the route, 404 where it does not; never the data.
        expect([401, 404], what).toContain(status);
        expect(JSON.parse(body).error.code, what).toBe(status === 401 ? 'unauthenticated' : 'not_found');
      }
    }
  });

  it('should answer the decoded spelling of a route exactly as the route itself', async () => {
    const cookie = cookies.nioViewer!;
    const list = await sut.app.inject({ method: 'GET', url: '/api/nio/stations', headers: { cookie } });
    const encoded = await sut.app.inject({ method: 'GET', url: '/%61pi/nio/stations', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toEqual(list.json());
  });

  it('should still serve the web client, its shell on client routes and not on API spellings', async () => {
    expect((await raw('GET', '/cmp-app/nio')).body).toContain('<title>portal</title>');
    for (const spelling of ['/API/nowhere', '/%61pi', '//api/x', '/x/../api/x', '/api/nowhere']) {
      const { status, body } = await raw('GET', spelling);
      expect(status, spelling).toBe(401);
      expect(JSON.parse(body).error.code).toBe('unauthenticated');
    }
  });
});
