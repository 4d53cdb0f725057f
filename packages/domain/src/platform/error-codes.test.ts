import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-codes.js';
import { ErrorBody } from './errors.js';

const BODIES: unknown[] = [
  { error: { code: 'not_found', message: 'Not found' } },
  { error: { code: 'validation_failed', message: 'Invalid', details: [{ path: 'name', message: 'x' }] } },
  { error: { code: 'busy', message: 'Busy', details: null } },
  { error: { code: 42, message: 'Not a string code' } },
  { error: { code: 'conflict' } },
  { error: 'conflict' },
  { error: null },
  { message: 'a proxy page' },
  '<html>Bad gateway</html>',
  null,
  undefined,
  [],
];

describe('readErrorBody', () => {
  it.each(BODIES.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'should read %s as the ErrorBody schema does',
    (_, body) => {
      const parsed = ErrorBody.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data.error : undefined);
    },
  );
});
