export const THROTTLE_MS = 1500;

/**
 * Runs the leading call and drops the rest until the run has settled and `waitMs` has passed since it
 * started, so a double-clicked save submits once and a slow save is never overlapped by a second one.
 * Dropped calls resolve `undefined` rather than rejecting: the caller asked for nothing to happen.
 */
export function throttleLeading<A extends unknown[], R>(
  fn: (...args: A) => R | Promise<R>,
  waitMs = THROTTLE_MS,
): (...args: A) => Promise<R | undefined> {
  let running = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  return async (...args: A) => {
    const now = Date.now();
    if (running || now - lastStart < waitMs) return undefined;
    running = true;
    lastStart = now;
    try {
      return await fn(...args);
    } finally {
      running = false;
    }
  };
}
