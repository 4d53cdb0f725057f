import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THROTTLE_MS, throttleLeading } from './throttle.js';

describe('throttleLeading', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should wait 1500 ms by default', () => {
    expect(THROTTLE_MS).toBe(1500);
  });

  it('should run the leading call and drop a double click', async () => {
    const save = vi.fn((id: number) => `saved ${id}`);
    const sut = throttleLeading(save);

    const results = await Promise.all([sut(1), sut(2)]);

    expect(results).toEqual(['saved 1', undefined]);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(1);
  });

  it('should drop calls within the wait after the leading call has finished', async () => {
    const save = vi.fn(() => 'ok');
    const sut = throttleLeading(save);

    await sut();
    vi.advanceTimersByTime(THROTTLE_MS - 1);

    expect(await sut()).toBeUndefined();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('should accept a call once the wait has passed since the last accepted start', async () => {
    const save = vi.fn(() => 'ok');
    const sut = throttleLeading(save);

    await sut();
    vi.advanceTimersByTime(THROTTLE_MS);

    expect(await sut()).toBe('ok');
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('should drop calls while a slow run is still in progress even after the wait', async () => {
    let finish: (value: string) => void = () => undefined;
    const save = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const sut = throttleLeading(save, 100);

    const first = sut();
    vi.advanceTimersByTime(5000);
    const second = await sut();
    finish('done');

    expect(second).toBeUndefined();
    expect(await first).toBe('done');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('should propagate the error to the caller of the accepted call and then accept again', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('ok');
    const sut = throttleLeading(save, 100);

    await expect(sut()).rejects.toThrow('boom');
    vi.advanceTimersByTime(100);

    expect(await sut()).toBe('ok');
  });

  it('should turn a synchronous throw into a rejection', async () => {
    const sut = throttleLeading(() => {
      throw new Error('sync');
    });

    await expect(sut()).rejects.toThrow('sync');
  });
});
