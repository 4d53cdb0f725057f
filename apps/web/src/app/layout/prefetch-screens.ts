import { useEffect } from 'react';
import { SCREEN_LOADERS } from '../screens';

/** Starts downloading an area's screen before the click that opens it; that click reports a failure. */
export function prefetchScreen(areaKey: string): void {
  void SCREEN_LOADERS[areaKey]?.().catch(() => {});
}

/** How long the first screen is left to settle before the list kit is fetched beside it. */
const SETTLE_MS = 2_000;

/**
 * Once the first screen has settled, the part every list screen shares (the table kit, about 1 MB of
 * script) is fetched and evaluated while the user reads it, so the first list opened from the menu waits
 * for its own code and rows only (bench/first-load.ts, "from the portal").
 */
export function usePrefetchListKit(): void {
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0));
    const timer = window.setTimeout(
      () => whenIdle(() => void import('../../components').catch(() => {})),
      SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
}
