import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldRuleMessages } from './zod-issues.js';

describe('fieldRuleMessages', () => {
  const sut = z.object({
    total: z.number().max(300, { error: 'form.maxNumber' }),
    count: z.number().min(1, { error: 'form.minNumber' }),
    name: z.string().refine((v) => v !== 'x', { error: 'time.overlap', params: { range: 2, ignored: true } }),
  });

  it('should turn each issue into its field and a rule message with the limit as params', () => {
    const result = sut.safeParse({ total: 301, count: 0, name: 'x' });
    expect(fieldRuleMessages(result.error!)).toEqual([
      { path: 'total', message: { key: 'form.maxNumber', params: { max: 300 } } },
      { path: 'count', message: { key: 'form.minNumber', params: { min: 1 } } },
      { path: 'name', message: { key: 'time.overlap', params: { range: 2 } } },
    ]);
  });

  it("should give Zod's own messages the catalog's words for their kind", () => {
    const schema = z.object({
      type: z.enum(['ChargeStation', 'PowerSwap']),
      count: z.number(),
      note: z.string(),
    });
    const result = schema.safeParse({ type: 'Bus', count: 'many', note: 3 });
    expect(fieldRuleMessages(result.error!)).toEqual([
      { path: 'type', message: { key: 'form.invalidOption' } },
      { path: 'count', message: { key: 'form.number' } },
      { path: 'note', message: { key: 'form.invalidInput' } },
    ]);
  });
});
