import { describe, expect, it } from 'vitest';
import { GroupedCalls } from './grouped-calls.js';

describe('grouped calls', () => {
  it('should run a lone call at once and the calls that arrive meanwhile together, each answered its own', async () => {
    const groups: number[][] = [];
    let release = () => {};
    const calls = new GroupedCalls<number, number>(async (inputs) => {
      groups.push([...inputs]);
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs.map((n) => n * 10);
    }, 3);
    const first = calls.call(1);
    const later = [2, 3, 4, 5].map((n) => calls.call(n));
    expect(groups).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('should refuse every call of a failed group and go on with the next', async () => {
    let runs = 0;
    const calls = new GroupedCalls<string, string>(async (inputs) => {
      runs += 1;
      if (runs === 1) throw new Error('database gone');
      return [...inputs];
    });
    const failed = calls.call('a');
    const next = calls.call('b');
    await expect(failed).rejects.toThrow('database gone');
    expect(await next).toBe('b');
    expect(await calls.call('c')).toBe('c');
  });

  it('should be idle only once every call made so far has been answered', async () => {
    const written: number[] = [];
    const calls = new GroupedCalls<number, void>(async (inputs) => {
      await new Promise((resolve) => setImmediate(resolve));
      written.push(...inputs);
      return inputs.map(() => undefined);
    });
    for (const n of [1, 2, 3]) void calls.call(n);
    await calls.idle();
    expect(written).toEqual([1, 2, 3]);
    await calls.idle();
  });
});
