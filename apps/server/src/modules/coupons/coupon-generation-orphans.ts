import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { Sweep } from '../../platform/housekeeping.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { endGenerateRecord, UNFINISHED_RECORD_STATUSES } from './coupon-generation.repo.js';
import { couponBatches, couponGenerateRecords, coupons } from './coupons.tables.js';

/**
 * Ends the generate records whose job ended without them: cancelled in the task center (the record is
 * `killed`) or failed after its tries (`failed`). The job platform tells a kind nothing when it gives up,
 * so the record would stay `processing` and hold the stock it took for coupons never made. Each keeps
 * what it issued and gives the rest of its stock back, with the batch row locked; answers how many ended.
 */
export async function endOrphanedGenerations(db: Db, now = new Date()): Promise<number> {
  const orphans = await db
    .select({
      generateRecordId: couponGenerateRecords.generateRecordId,
      couponBatchId: couponGenerateRecords.couponBatchId,
      generateAmount: couponGenerateRecords.generateAmount,
      jobState: jobs.state,
    })
    .from(couponGenerateRecords)
    .innerJoin(jobs, eq(jobs.id, couponGenerateRecords.jobId))
    .where(
      and(
        inArray(couponGenerateRecords.status, UNFINISHED_RECORD_STATUSES),
        inArray(jobs.state, ['failed', 'cancelled']),
      ),
    );
  let ended = 0;
  for (const orphan of orphans) {
    const status = orphan.jobState === 'cancelled' ? 'killed' : 'failed';
    ended += await db.transaction(async (tx) => {
      await tx
        .select({ id: couponBatches.couponBatchId })
        .from(couponBatches)
        .where(eq(couponBatches.couponBatchId, orphan.couponBatchId))
        .for('update');
      const [made] = await tx
        .select({ n: count() })
        .from(coupons)
        .where(eq(coupons.generateRecordId, orphan.generateRecordId));
      const [record] = await tx
        .update(couponGenerateRecords)
        .set({ status, generatedAmount: made!.n, updateTime: now })
        .where(
          and(
            eq(couponGenerateRecords.generateRecordId, orphan.generateRecordId),
            inArray(couponGenerateRecords.status, UNFINISHED_RECORD_STATUSES),
          ),
        )
        .returning({ generateRecordId: couponGenerateRecords.generateRecordId });
      if (!record) return 0;
      await tx
        .update(couponBatches)
        .set({ stockAmount: sql`${couponBatches.stockAmount} + ${orphan.generateAmount - made!.n}` })
        .where(eq(couponBatches.couponBatchId, orphan.couponBatchId));
      await endGenerateRecord(tx, orphan, status, now);
      return 1;
    });
  }
  return ended;
}

export const orphanedGenerationSweep = (db: Db): Sweep => ({
  name: 'coupon-generation-orphans',
  run: () => endOrphanedGenerations(db),
});
