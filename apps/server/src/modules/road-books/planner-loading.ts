import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ruleMessage } from '@cmp/domain/messages/format';
import { AppError } from '../../platform/http/app-error.js';
import type { RoadBooksService } from './road-books.service.js';

/** When the web is told to ask again, in seconds. */
const RETRY_AFTER_S = 2;

/** The answer to a plan asked while the planner's station index is still being built. */
export const PlannerLoadingSchema = z
  .object({
    error: z.object({
      code: z.literal('planner_loading'),
      message: z.string(),
      details: z.object({
        loaded: z.number().int().describe('stations read so far'),
        total: z.number().int().nullable().describe('stations to read; null until counted'),
      }),
    }),
  })
  .describe('The route planner is still loading its stations: ask again after Retry-After seconds.');

/**
 * A `preHandler` for the routes that plan: waits up to `waitMs` for the station index, then answers 503
 * `planner_loading` with the build's progress and a Retry-After, in the caller's language.
 */
export function plannerReady(roadBooks: RoadBooksService, waitMs: number) {
  return async (_request: FastifyRequest): Promise<void> => {
    const progress = await roadBooks.plannerLoading(waitMs);
    if (!progress) return;
    const percent = progress.total ? Math.floor((progress.loaded * 100) / progress.total) : 0;
    const rule = ruleMessage('roadBook.plannerLoading', { percent });
    throw new AppError(
      503,
      'planner_loading',
      rule.key,
      progress,
      { 'retry-after': String(RETRY_AFTER_S) },
      rule,
    );
  };
}
