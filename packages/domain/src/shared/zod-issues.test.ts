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
});
