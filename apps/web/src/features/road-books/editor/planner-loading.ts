import { ApiError } from '../../../api/client';

/** How far the server's route planner has come loading its stations (its 503 `planner_loading`). */
export interface PlannerProgress {
  loaded: number;
  total: number | null;
}

/** Seconds between two asks when the server names no Retry-After. */
const DEFAULT_RETRY_SECONDS = 1;

/** The progress a `planner_loading` answer carries, or null for any other outcome. */
export function plannerProgressOf(error: unknown): PlannerProgress | null {
  if (!(error instanceof ApiError) || error.status !== 503 || error.code !== 'planner_loading') return null;
  const details = error.details as Partial<PlannerProgress> | undefined;
  return { loaded: details?.loaded ?? 0, total: details?.total ?? null };
}

/** Whole percent of the stations loaded; 0 until the server has counted them. */
export const plannerPercent = ({ loaded, total }: PlannerProgress): number =>
  total ? Math.min(100, Math.floor((loaded * 100) / total)) : 0;

/**
 * Runs a planning call, and again after the server's Retry-After for as long as it answers that the
 * planner is still loading, telling `onProgress` how far it is (null once it has an answer). Stops asking
 * once `stopped` holds (the screen was left).
 */
export async function whenPlannerReady<T>(
  call: () => Promise<T>,
  onProgress: (progress: PlannerProgress | null) => void,
  stopped: () => boolean,
): Promise<T> {
  for (;;) {
    try {
      const answer = await call();
      onProgress(null);
      return answer;
    } catch (error) {
      const progress = plannerProgressOf(error);
      if (!progress || stopped()) {
        onProgress(null);
        throw error;
      }
      onProgress(progress);
      const seconds = (error as ApiError).retryAfter ?? DEFAULT_RETRY_SECONDS;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}
