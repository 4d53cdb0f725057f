import type { Db } from '../../platform/db/database.js';
import type { Sweep } from '../../platform/housekeeping.js';
import { lockCouponBatch, moveStock } from './coupon-batches.repo.js';
import * as repo from './coupon-generation.repo.js';

/**
 * Ends the generate records whose job ended without them: cancelled in the task center (the record is
 * `killed`) or failed after its tries (`failed`). The job platform tells a kind nothing when it gives up,
 * so the record would stay `processing` and hold the stock it took for coupons never made. Each keeps
 * what it issued and gives the rest of its stock back, with the batch row locked; answers how many ended.
 */
export async function endOrphanedGenerations(db: Db, now = new Date()): Promise<number> {
  let ended = 0;
  for (const orphan of await repo.orphanedRecords(db)) {
    const status = orphan.jobState === 'cancelled' ? 'killed' : 'failed';
    ended += await db.transaction(async (tx) => {
      await lockCouponBatch(tx, orphan.couponBatchId);
      const made = await repo.couponsMadeBy(tx, orphan.generateRecordId);
      if (!(await repo.endUnfinishedRecord(tx, orphan.generateRecordId, status, made, now))) return 0;
      await moveStock(tx, orphan.couponBatchId, orphan.generateAmount - made);
      await repo.endGenerateRecord(tx, orphan, status, now);
      return 1;
    });
  }
  return ended;
}

export const orphanedGenerationSweep = (db: Db): Sweep => ({
  name: 'coupon-generation-orphans',
  run: () => endOrphanedGenerations(db),
});
