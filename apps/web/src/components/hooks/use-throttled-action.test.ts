import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useThrottledAction } from './use-throttled-action';

describe('useThrottledAction', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should run a double call once and resolve the dropped one with undefined', async () => {
    const save = vi.fn(async () => 'saved');
    const { result } = renderHook(() => useThrottledAction(save));

    let answers: (string | undefined)[] = [];
    await act(async () => {
      answers = await Promise.all([result.current.run(), result.current.run()]);
    });

    expect(save).toHaveBeenCalledTimes(1);
    expect(answers).toEqual(['saved', undefined]);
  });

  it('should run again only once 1500 ms have passed since the last run began', async () => {
    const save = vi.fn(async () => undefined);
    const { result } = renderHook(() => useThrottledAction(save));

    await act(() => result.current.run());
    await act(() => vi.advanceTimersByTimeAsync(1499));
    await act(() => result.current.run());
    expect(save).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => result.current.run());
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('should run at once after a new reset key, however soon after the last run', async () => {
    const save = vi.fn(async () => undefined);
    const { result, rerender } = renderHook(({ key }) => useThrottledAction(save, key), {
      initialProps: { key: 'edit 1' },
    });

    await act(() => result.current.run());
    rerender({ key: 'edit 2' });
    await act(() => result.current.run());

    expect(save).toHaveBeenCalledTimes(2);
  });

  it('should drop calls while a slow run is still under way and report it as pending', async () => {
    let finish: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useThrottledAction(save));

    let first: Promise<void | undefined> = Promise.resolve();
    act(() => {
      first = result.current.run();
    });
    expect(result.current.pending).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await act(() => result.current.run());
    expect(save).toHaveBeenCalledTimes(1);

    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.pending).toBe(false);
  });

  it('should call the latest function it was given', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useThrottledAction(fn), {
      initialProps: { fn: first },
    });

    rerender({ fn: second });
    await act(() => result.current.run());

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('should keep pending false and rethrow when the action fails', async () => {
    const { result } = renderHook(() =>
      useThrottledAction(async () => {
        throw new Error('conflict');
      }),
    );
    await act(() => expect(result.current.run()).rejects.toThrow('conflict'));
    expect(result.current.pending).toBe(false);
  });
});
