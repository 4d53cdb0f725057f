import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditRecords } from '../platform/audit/audit.tables.js';
import type { Db } from '../platform/db/database.js';
import { defineJobKind } from '../platform/jobs/job-kind.js';

export const COUNTING_KIND = 'test.count';

export interface CountingOptions {
  chunkSize: number;
  /** Time each chunk takes inside its transaction, so a kill lands mid-chunk. */
  chunkMs?: number;
  /** Whether the chunk starting at `next` fails this time. */
  fails?: (next: number) => boolean;
  /** Told of each step as it starts, with the checkpoint the steps before it committed. */
  onStep?: (next: number) => void;
}

/**
 * A job kind for the platform's tests: writes one audit record per number below `total`, `chunkSize` a
 * chunk, with the next number as its checkpoint. Lost or repeated chunks show as missing or doubled records.
 */
export const countingKind = (options: CountingOptions) =>
  defineJobKind<{ total: number }, { next: number }>({
    kind: COUNTING_KIND,
    params: z.object({ total: z.number().int().min(0).max(1_000_000) }),
    async step({ job, params, checkpoint }) {
      const next = checkpoint?.next ?? 0;
      options.onStep?.(next);
      if (next >= params.total) return { result: { counts: { written: params.total }, files: [] } };
      if (options.fails?.(next)) throw new Error(`the chunk from ${next} failed`);
      const end = Math.min(params.total, next + options.chunkSize);
      return {
        write: async (tx) => {
          await tx.insert(auditRecords).values(
            Array.from({ length: end - next }, (_, i) => ({
              tenant: job.tenant,
              actorType: 'system',
              entityType: 'job-test',
              entityId: `${job.jobId}:${next + i}`,
              action: 'count',
              result: 'success',
            })),
          );
          // Inside the transaction, so a process killed meanwhile loses the chunk's rows with its checkpoint.
          if (options.chunkMs) await sleep(options.chunkMs);
        },
        checkpoint: { next: end },
        done: end,
        total: params.total,
        message: `${end} of ${params.total}`,
      };
    },
  });

/** How many records a counting job wrote, and how many distinct numbers they hold. */
export async function countedBy(db: Db, jobId: number): Promise<{ records: number; distinct: number }> {
  const [row] = await db
    .select({
      records: sql<number>`count(*)::int`,
      distinct: sql<number>`count(distinct ${auditRecords.entityId})::int`,
    })
    .from(auditRecords)
    .where(and(eq(auditRecords.entityType, 'job-test'), like(auditRecords.entityId, `${jobId}:%`)));
  return row!;
}
