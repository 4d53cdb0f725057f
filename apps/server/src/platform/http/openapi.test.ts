import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import type { z } from 'zod';
import type { RouteInfo } from '../../app.js';
import { SIGNED_SECURITY } from './openapi.js';
import { compileSerializer } from './response-serializer.js';

interface Operation {
  summary?: string;
  responses: Record<string, unknown>;
  parameters?: { in: string; name: string; required?: boolean; schema?: { enum?: string[] } }[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> };
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  security: unknown[];
  components: { securitySchemes: Record<string, { name: string }> };
};

/** The document's spelling of a route URL: `/api/:tenant/x/:id` is `/api/{tenant}/x/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
const pathParameters = (url: string) => [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

/** Walks the route table, so a route added later is held to the document without anyone editing this. */
describe('the OpenAPI document', () => {
  let sut: TestContext;
  let document: Document;
  let routes: RouteInfo[];
  const schemes = () => document.components.securitySchemes;
  const operationOf = (route: RouteInfo) =>
    document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];

  beforeAll(async () => {
    sut = await createTestContext();
    const cookie = await sut.userWith('viewer', 'nio');
    document = (await sut.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json();
    routes = sut.app.routeCatalog.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.url.startsWith('/api') &&
        !(r.schema as { hide?: boolean } | undefined)?.hide,
    );
  });
  afterAll(() => sut.app.close());

  it('should describe every route, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(50);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${documentPath(r.url)}`).sort());
  });

  it('should title every route with a summary of its own, as the operation list of /api/docs shows it', () => {
    const titled = new Map<string, string[]>();
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const summary = operationOf(route)?.summary?.trim();
      expect(summary, where).toBeTruthy();
      titled.set(summary!, [...(titled.get(summary!) ?? []), where]);
    }
    const shared = [...titled].filter(([, where]) => where.length > 1);
    expect(shared, 'summaries given to more than one route').toEqual([]);
  });

  it('should document the success answer of every DELETE route, so that a 204 is not read as a 200', () => {
    const deletes = routes.filter((route) => route.method === 'DELETE');
    expect(deletes.length).toBeGreaterThan(5);
    for (const route of deletes) {
      const statuses = Object.keys((route.schema?.response ?? {}) as object);
      expect(
        statuses.filter((status) => status.startsWith('2')),
        `${route.method} ${route.url}`,
      ).not.toEqual([]);
    }
    const document204 = (url: string) =>
      Object.keys(operationOf({ url, method: 'DELETE' } as RouteInfo)!.responses);
    for (const url of ['/api/:tenant/app-clients/:clientId', '/api/:tenant/comment-vendors/:applicationId']) {
      expect(document204(url), url).toContain('204');
    }
  });

  it("should compile every route's response serialisers, which the server compiles only at first use", () => {
    let compiled = 0;
    for (const route of routes) {
      const responses = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
      for (const [status, schema] of Object.entries(responses)) {
        expect(() => compileSerializer(schema), `${route.method} ${route.url} ${status}`).not.toThrow();
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(200);
  });

  it('should declare every path parameter of every route as required, the tenant with its values', () => {
    for (const route of routes) {
      const declared = (operationOf(route)!.parameters ?? []).filter((p) => p.in === 'path');
      const what = `${route.method} ${route.url}`;
      expect(declared.map((p) => p.name).sort(), what).toEqual(pathParameters(route.url).sort());
      expect(
        declared.every((p) => p.required),
        what,
      ).toBe(true);
      const tenant = declared.find((p) => p.name === 'tenant');
      if (tenant) expect(tenant.schema?.enum, what).toEqual(['nio', 'pe', 'rsc']);
    }
  });

  it('should require the session of exactly the routes that are neither public nor signed', () => {
    expect(document.security).toEqual([{ session: [] }]);
    for (const route of routes) {
      const security = operationOf(route)!.security;
      if (route.access === 'public') expect(security, `${route.method} ${route.url}`).toEqual([]);
      else if (route.access.startsWith('signed-client:'))
        expect(security, `${route.method} ${route.url}`).toEqual([SIGNED_SECURITY]);
      else expect(security, `${route.method} ${route.url}`).toBeUndefined();
    }
  });

  it('should name all four signature headers and the refusals of every signed route', () => {
    const signed = routes.filter((route) => route.access.startsWith('signed-client:'));
    expect(signed.length).toBeGreaterThan(10);
    for (const route of signed) {
      expect(Object.keys(operationOf(route)!.responses), `${route.method} ${route.url}`).toEqual(
        expect.arrayContaining(['400', '401', '413', '415']),
      );
    }
    expect(
      Object.values(schemes())
        .map((scheme) => scheme.name)
        .sort(),
    ).toEqual(['cmp_session', 'x-cmp-key-id', 'x-cmp-nonce', 'x-cmp-signature', 'x-cmp-timestamp']);
  });

  it('should describe the multipart form of every upload route', () => {
    const uploads = sut.app.routeCatalog.filter((r) => r.upload);
    expect(uploads.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/:tenant/activities/:activityId/stations/upload',
      'POST /api/:tenant/charge-points/bulk',
      'POST /api/:tenant/coupons/recipient-imports',
      'POST /api/:tenant/files',
      'POST /api/:tenant/mall/products/upload',
      'POST /api/:tenant/posters/:posterId/resources/upload',
      'POST /api/:tenant/push-batches/:batchId/recipients/import',
      'POST /api/:tenant/stations/pictures',
      'POST /api/:tenant/upgrade-packages',
    ]);
    for (const route of uploads) {
      const form = operationOf(route)!.requestBody?.content['multipart/form-data']?.schema;
      expect(form?.properties[route.upload!.file], `${route.method} ${route.url}`).toEqual({
        type: 'string',
        format: 'binary',
      });
    }
    const pictureForm = operationOf(uploads.find((r) => r.url.endsWith('/pictures'))!)!.requestBody!.content[
      'multipart/form-data'
    ]!.schema;
    expect(Object.keys(pictureForm.properties)).toEqual(
      expect.arrayContaining(['file', 'resourceId', 'pictureSceneId']),
    );
  });
});
