import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, INT8, integer, jsonValue, text, trimmedText } from '@cmp/domain/shared/input';
import type { RouteInfo } from '../app.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { uncheckedInputs } from '../test/unchecked-inputs.js';

const REQUEST_PARTS = ['params', 'querystring', 'body', 'uploadFields'] as const;

/**
 * Reads the request schemas of the server's own route table, so every contract added later is held to the
 * shared input schemas without anyone remembering to add it here.
 */
describe('request contracts of every route', () => {
  let sut: TestContext;
  let routes: RouteInfo[];
  beforeAll(async () => {
    sut = await createTestContext();
    routes = sut.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
  });
  afterAll(() => sut.app.close());

  it('should check every text, bound every integer and check every free value of every request', () => {
    const unchecked = routes.flatMap((route) => {
      const schema = {
        ...(route.schema as Partial<Record<(typeof REQUEST_PARTS)[number], z.ZodType>> | undefined),
        uploadFields: route.upload?.fields,
      };
      return REQUEST_PARTS.flatMap((part) =>
        schema[part]
          ? uncheckedInputs(schema[part]).map((place) => `${route.method} ${route.url} ${part}${place}`)
          : [],
      );
    });

    expect(unchecked).toEqual([]);
    expect(routes.filter((r) => r.schema?.body || r.schema?.querystring).length).toBeGreaterThan(20);
  });
});

describe('uncheckedInputs', () => {
  it('should name text without the text check, integers without bounds and unchecked free values', () => {
    const schema = z.object({
      name: z.string().max(10),
      count: z.coerce.number().int().min(0),
      page: z.number().int(),
      extra: z.record(z.string(), z.unknown()),
      items: z.array(z.object({ label: z.string().optional() })),
    });

    expect(uncheckedInputs(schema)).toEqual([
      '.name: text without the text check',
      '.count: integer without bounds',
      '.page: integer without bounds',
      '.extra.<key>: text without the text check',
      '.extra.*: free value without the JSON check',
      '.items.[].label: text without the text check',
    ]);
  });

  it('should accept the shared schemas and values bounded by themselves', () => {
    const schema = z.object({
      name: text(64).optional(),
      keyword: trimmedText().nullish(),
      id: idParam(INT8),
      count: integer().default(1),
      ratio: z.number(),
      extra: jsonValue(),
      fileId: z.uuid(),
      regionId: z.string().regex(/^\d{6}$/),
      kind: z.enum(['a', 'b']),
      visible: z.stringbool(),
      kinds: z
        .string()
        .transform((v) => v.split(','))
        .pipe(z.array(z.enum(['a', 'b']))),
    });

    expect(uncheckedInputs(schema)).toEqual([]);
  });

  it('should not take text that only passes through a transform for bounded', () => {
    const schema = z.object({ names: z.string().transform((v) => v.split(',')) });

    expect(uncheckedInputs(schema)).toEqual(['.names: text without the text check']);
  });
});
