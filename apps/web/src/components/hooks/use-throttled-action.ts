import { useEffect, useMemo, useRef, useState } from 'react';
import { THROTTLE_MS, throttleLeading } from '@cmp/domain/shared/throttle';

export interface ThrottledAction<A extends unknown[], R> {
  /** Runs `fn` unless a run is under way or began less than 1500 ms ago; a dropped call resolves `undefined`. */
  run: (...args: A) => Promise<R | undefined>;
  /** True while a run is under way, for disabling the button that started it. */
  pending: boolean;
}

/**
 * The portal's guard against double submits: the leading call runs, the rest are dropped until it has
 * settled and 1500 ms have passed. `run` keeps its identity across renders (so the throttle's memory
 * survives) and always calls the latest `fn`. A new `resetKey` starts a fresh throttle: the save of a new
 * edit is a new action, not the double click of the last one, however soon it follows.
 */
export function useThrottledAction<A extends unknown[], R>(
  fn: (...args: A) => R | Promise<R>,
  resetKey?: unknown,
): ThrottledAction<A, R> {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  const [pending, setPending] = useState(false);
  const run = useMemo(
    () =>
      throttleLeading(async (...args: A) => {
        setPending(true);
        try {
          return await fnRef.current(...args);
        } finally {
          setPending(false);
        }
      }, THROTTLE_MS),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what makes a new throttle
    [resetKey],
  );
  return { run, pending };
}
