import type { Db } from '../../platform/db/database.js';
import type { Sweep } from '../../platform/housekeeping.js';
import { expireDueCoupons } from './coupon-abandon.repo.js';

/** Coupons one transaction expires: short locks however many expire at midnight. */
export const EXPIRY_BATCH = 1000;
/** Transactions one run takes at most; what is left waits for the next run. */
const MAX_BATCHES = 100;

/**
 * Expires the coupons past their expiry (spec M4.8, M4.17): still unused ones (`assigned`, and unclaimed
 * codes `created`) become `expired`, the oldest first, `EXPIRY_BATCH` at a time, each batch with its
 * counters (`expired_amount` up, `assigned_amount` down for the bound ones) in one statement. Rows a claim
 * or a use holds are skipped and expired by a later run. Answers how many coupons expired.
 */
export async function expireCoupons(
  db: Db,
  now: Date = new Date(),
  batchSize = EXPIRY_BATCH,
): Promise<number> {
  let expired = 0;
  for (let run = 0; run < MAX_BATCHES; run += 1) {
    const retired = await db.transaction((tx) => expireDueCoupons(tx, now, batchSize));
    const count = retired.reduce((sum, batch) => sum + batch.total, 0);
    expired += count;
    if (count < batchSize) break;
  }
  return expired;
}

export const couponExpirySweep = (db: Db): Sweep => ({
  name: 'coupon-expiry',
  run: () => expireCoupons(db),
});
