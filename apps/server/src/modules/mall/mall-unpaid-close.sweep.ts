import { writeAudits, SYSTEM_ACTOR } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import type { Sweep } from '../../platform/housekeeping.js';
import * as repo from './mall.repo.js';
import { ORDER_ENTITY } from './orders.service.js';

/** Orders one transaction closes: short locks however many expire at once. */
const CLOSE_BATCH = 500;
/** Transactions one run takes at most; what is left waits for the next run. */
const MAX_BATCHES = 100;

/**
 * Closes the orders left unpaid longer than `closeMinutes` (MALL_UNPAID_CLOSE_MINUTES): each keeps its
 * statuses (created, unpaid, not shipped) and gets its closing time and a history entry; rows a payment
 * holds are skipped and judged by the payment itself. Answers how many orders closed.
 */
export async function closeUnpaidOrders(
  db: Db,
  closeMinutes: number,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - closeMinutes * 60_000);
  let closed = 0;
  for (let run = 0; run < MAX_BATCHES; run += 1) {
    const rows = await db.transaction(async (tx) => {
      const done = await repo.closeUnpaidBefore(tx, before, CLOSE_BATCH, now);
      await writeAudits(
        tx,
        done.map((row) => ({
          actor: SYSTEM_ACTOR,
          tenant: row.tenant as never,
          entityType: ORDER_ENTITY,
          entityId: row.orderId,
          action: 'MALL_ORDER_CLOSED',
          after: { closeMinutes },
        })),
      );
      return done;
    });
    closed += rows.length;
    if (rows.length < CLOSE_BATCH) break;
  }
  return closed;
}

export const unpaidCloseSweep = (db: Db, closeMinutes: number): Sweep => ({
  name: 'mall-unpaid-close',
  run: () => closeUnpaidOrders(db, closeMinutes),
});
