import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { mqttTopicOf, type AppMessage } from '@cmp/domain/push-messages/push-messages';
import {
  defineJobKind,
  JobRefused,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import * as repo from './push-batches.repo.js';
import { PUSH_JOB } from './push-batches.service.js';
import type { PushTransport } from './push-transport.js';

const PushParamsSchema = z.object({ batchId: z.number().int().positive() });
type PushParams = z.infer<typeof PushParamsSchema>;
interface PushCheckpoint {
  total: number;
  done: number;
}

/** Recipients one chunk takes at most: a chunk's record is one transaction. */
const MAX_CHUNK = 2_000;
/** With no broker a chunk only marks rows: larger chunks cost nothing more. */
const OUTBOX_CHUNK = 10_000;
/** The longest a chunk waits for recipients in backoff before it hands its slot back. */
const MAX_WAIT_MS = 5_000;

export const batchMessage = (batch: repo.PushBatchRow): AppMessage => ({
  id: `b${batch.batchId}`,
  kind: 'push_batch',
  title: batch.title,
  content: batch.content,
  landingPage: batch.landingPage,
  clients: batch.targetClients,
  about: { batchId: batch.batchId },
  createdAt: batch.createdAt.getTime(),
});

/**
 * A batch's push: every pending recipient, a chunk at a time in account order, at most the batch's rate.
 * Each chunk marks its recipients in flight, publishes to each one's topic with QoS 1 and records the
 * broker's PUBACK (or the error, tried again after a backoff) with the checkpoint. A process killed
 * mid-chunk leaves the chunk in flight: the job is taken up again, pushes those recipients once more and
 * counts each as a duplicate; none is skipped.
 */
export function pushDeliveryJobKind(transport: PushTransport, retryMs: number): JobKind {
  async function step({
    job,
    params,
    checkpoint,
    db,
  }: StepContext<PushParams, PushCheckpoint>): Promise<StepResult<PushCheckpoint>> {
    const batch = job.tenant ? await repo.findBatch(db, job.tenant, params.batchId) : undefined;
    if (!batch) throw new JobRefused(`push batch ${params.batchId} no longer exists`);
    const progress = checkpoint ?? { total: await repo.pendingCount(db, batch.batchId), done: 0 };
    const started = Date.now();
    const broker = transport.channel === 'mqtt';
    const size = broker ? Math.min(batch.ratePerSecond, MAX_CHUNK) : OUTBOX_CHUNK;
    const due = await repo.takeDue(db, batch.batchId, size, broker);
    if (due.length === 0) {
      const retryAt = await repo.nextRetryAt(db, batch.batchId);
      if (retryAt) {
        await sleep(Math.min(Math.max(retryAt.getTime() - Date.now(), 0), MAX_WAIT_MS));
        return { checkpoint: progress, done: progress.done, total: progress.total };
      }
      const counts = await repo.deliveryCounts(db, batch.batchId);
      return {
        write: (tx) => repo.finishPush(tx, batch.batchId, job.jobId),
        result: {
          counts: {
            sent: counts.sent + counts.acknowledged,
            failed: counts.failed,
            duplicates: counts.duplicates,
          },
          files: [],
          withErrors: counts.failed > 0,
        },
      };
    }
    const payload = JSON.stringify(batchMessage(batch));
    const tenant = batch.tenant;
    const sent: string[] = [];
    const failed = new Map<string, string[]>();
    if (broker) {
      await transport.ready();
      await Promise.all(
        due.map((accountId) =>
          transport.publish(mqttTopicOf(tenant, accountId), payload).then(
            () => void sent.push(accountId),
            (error: unknown) => {
              const reason = error instanceof Error ? error.message : String(error);
              failed.set(reason, [...(failed.get(reason) ?? []), accountId]);
            },
          ),
        ),
      );
      // The batch's rate: a chunk of `size` takes at least size / rate seconds.
      const floor = (due.length / batch.ratePerSecond) * 1000 - (Date.now() - started);
      if (floor > 0) await sleep(floor);
    } else sent.push(...due);
    const done = progress.done + sent.length + [...failed.values()].reduce((n, ids) => n + ids.length, 0);
    const next = { total: Math.max(progress.total, done), done };
    return {
      write: async (tx) => {
        await repo.recordSent(tx, batch.batchId, sent, transport.channel);
        for (const [reason, ids] of failed) await repo.recordFailed(tx, batch.batchId, ids, reason, retryMs);
      },
      checkpoint: next,
      done: next.done,
      total: next.total,
    };
  }
  return defineJobKind<PushParams, PushCheckpoint>({
    kind: PUSH_JOB,
    params: PushParamsSchema,
    // Pushes wait on the broker: they never take every slot from the other kinds.
    concurrency: 2,
    orderKey: ['batchId'],
    step,
  });
}
