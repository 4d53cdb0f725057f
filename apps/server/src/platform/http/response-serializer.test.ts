import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.js';

const serializerFor = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('the response serialiser', () => {
  const account = z.object({
    userName: z.string(),
    manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    tags: z.array(z.string()).nullable(),
    lastSignInAt: z.string().nullable().optional(),
  });

  it('should write only the properties the schema names, so a stored secret never reaches the wire', () => {
    const write = serializerFor(account);
    const row = { userName: 'ops', passwordHash: 'scrypt$secret', manager: null, tags: ['a'] };
    expect(JSON.parse(write(row))).toEqual({ userName: 'ops', manager: null, tags: ['a'] });
  });

  it('should write nullable objects and arrays both as null and as values', () => {
    const write = serializerFor(account);
    expect(JSON.parse(write({ userName: 'a', manager: { id: 7, name: 'M', extra: 1 }, tags: null }))).toEqual(
      {
        userName: 'a',
        manager: { id: 7, name: 'M' },
        tags: null,
      },
    );
  });

  it('should refuse an answer that lacks a required property rather than send it short', () => {
    const write = serializerFor(account);
    expect(() => write({ manager: null, tags: null })).toThrow(/userName/);
  });

  it('should escape what would break the JSON text', () => {
    const write = serializerFor(z.object({ note: z.string() }));
    const note = '"</script>\u2028\\';
    expect(JSON.parse(write({ note }))).toEqual({ note });
  });
});
