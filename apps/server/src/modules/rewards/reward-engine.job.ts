import { z } from 'zod';
import { Tenant as TenantSchema } from '@cmp/domain';
import { defineJobKind, type JobKind } from '../../platform/jobs/job-kind.js';
import type { RewardEngine } from './reward-engine.js';
import { pendingEvents } from './reward-engine.repo.js';

export const REWARD_ENGINE_JOB = 'rewards.engine';
/** Events read per chunk: one transaction of a few statements, the progress moving every second or so. */
export const ENGINE_BATCH = 1000;

const EngineParamsSchema = z.object({ tenant: TenantSchema });
type EngineParams = z.infer<typeof EngineParamsSchema>;
interface EngineCheckpoint {
  events: number;
  rewards: number;
}

/**
 * The reward engine's run over a tenant's waiting events, oldest first, a batch per chunk: the batch's
 * rewards and the events' processed mark are the chunk's write, so a run cut off (a kill -9 included)
 * does the batch again from the events still waiting, and nothing twice. One run per tenant at a time.
 */
export function rewardEngineJobKind(engine: RewardEngine): JobKind {
  return defineJobKind<EngineParams, EngineCheckpoint>({
    kind: REWARD_ENGINE_JOB,
    params: EngineParamsSchema,
    concurrencyKey: ['tenant'],
    apart: true,
    async step({ params, checkpoint, db }) {
      const done = checkpoint ?? { events: 0, rewards: 0 };
      const batch = await pendingEvents(db, params.tenant, ENGINE_BATCH);
      if (batch.length === 0) {
        return { result: { counts: { events: done.events, rewards: done.rewards }, files: [] } };
      }
      let rewards = 0;
      return {
        write: async (tx) => {
          rewards = await engine.process(tx, params.tenant, batch);
        },
        // Read by the runner after the write, which counts the batch's rewards.
        get checkpoint() {
          return { events: done.events + batch.length, rewards: done.rewards + rewards };
        },
        done: done.events + batch.length,
        total: null,
      };
    },
  });
}
