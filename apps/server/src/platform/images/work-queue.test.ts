import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue.js';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('WorkQueue', () => {
  it('should run at most `concurrency` tasks at once, in the order they came', async () => {
    const sut = new WorkQueue({ concurrency: 1, maxWaiting: 10, retryAfterSeconds: 5 });
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    const done = gates.map((g, i) =>
      sut.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);

    gates[0]!.open();
    await done[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    gates[2]!.open();

    expect(await Promise.all(done)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('should refuse with 503 and Retry-After when too many tasks wait, and accept again once they ran', async () => {
    const sut = new WorkQueue({ concurrency: 1, maxWaiting: 1, retryAfterSeconds: 7 });
    const g = gate();
    const first = sut.run(() => g.opened);
    const second = sut.run(async () => 'second');

    await expect(sut.run(async () => 'third')).rejects.toMatchObject({
      status: 503,
      code: 'busy',
      headers: { 'retry-after': '7' },
    });

    g.open();
    await first;
    expect(await second).toBe('second');
    expect(await sut.run(async () => 'later')).toBe('later');
  });

  it('should free the slot when a task fails', async () => {
    const sut = new WorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    await expect(sut.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');

    expect(await sut.run(async () => 'next')).toBe('next');
  });
});
