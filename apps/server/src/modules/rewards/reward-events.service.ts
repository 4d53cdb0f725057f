import type { Tenant } from '@cmp/domain';
import { eventTime, type RewardEvent, type RewardEventReceipt } from '@cmp/domain/rewards/reward-events';
import type { Db } from '../../platform/db/database.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { insertEvents } from './reward-engine.repo.js';
import { REWARD_ENGINE_JOB } from './reward-engine.job.js';

/** Whom the engine's runs name as their creator in the task center: the apps' back end, no staff member. */
const APP_BACKEND_CREATOR = { userId: 0, userName: 'app_backend' };

/**
 * What the apps' back end reports users did (charging orders finished, assists, check-ins): kept at once,
 * each event once per tenant and id, and read by the reward engine in a durable job (`rewards.engine`).
 */
export class RewardEventsService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
  ) {}

  async ingest(tenant: Tenant, events: readonly RewardEvent[]): Promise<RewardEventReceipt> {
    const unique = new Map<string, RewardEvent>();
    for (const event of events) if (!unique.has(event.eventId)) unique.set(event.eventId, event);
    const kept = await this.db.transaction(async (tx) => {
      const ids = await insertEvents(
        tx,
        [...unique.values()].map((event) => ({
          tenant,
          eventId: event.eventId,
          kind: event.kind,
          payload: event,
          occurredAt: new Date(eventTime(event)),
        })),
      );
      // A run that started already may have read its last batch before these events were kept.
      if (ids.size > 0 && !(await this.jobs.queue.hasWaiting(REWARD_ENGINE_JOB, tenant, tx))) {
        await this.jobs.enqueue(
          { kind: REWARD_ENGINE_JOB, tenant, createdBy: APP_BACKEND_CREATOR, params: { tenant } },
          tx,
        );
      }
      return ids;
    });
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const { eventId } of events) {
      if (!kept.has(eventId) || seen.has(eventId)) duplicates.add(eventId);
      seen.add(eventId);
    }
    return { accepted: kept.size, duplicates: [...duplicates] };
  }
}
