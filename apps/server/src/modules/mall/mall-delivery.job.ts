import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import type { Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import {
  defineJobKind,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import { grantCouponsInBulk } from '../coupons/coupon-issue.service.js';
import * as repo from './mall.repo.js';
import { mallOrderItems } from './mall.tables.js';

export const MALL_DELIVERY_JOB = 'mall.delivery';

const DeliveryParamsSchema = z.object({ orderId: z.number().int().positive() });
type DeliveryParams = z.infer<typeof DeliveryParamsSchema>;
/** The position of the last coupon item dealt with. */
interface DeliveryCheckpoint {
  after: number;
}

const DELIVERY_ACTOR: Actor = { userId: null, userName: 'system', type: 'system', requestId: null };

/** What the order's statuses become once an item is delivered; the orders service says it. */
export type SettleOrder = (
  tx: DbOrTx,
  tenant: Tenant,
  order: repo.OrderRow,
  actor: Actor,
  given: object,
) => Promise<void>;

/** The next coupon item of the order after `position`, locked, if it still waits. */
async function nextCouponItem(
  db: DbOrTx,
  orderId: number,
  after: number,
): Promise<repo.OrderItemRow | undefined> {
  const [row] = await db
    .select()
    .from(mallOrderItems)
    .where(
      and(
        eq(mallOrderItems.orderId, orderId),
        eq(mallOrderItems.itemType, 'coupon'),
        gt(mallOrderItems.position, after),
      ),
    )
    .orderBy(asc(mallOrderItems.position))
    .limit(1);
  return row;
}

/**
 * Delivers a paid order's coupon items, one item a chunk: the item's coupons are issued from its batch to
 * the order's user and the item moves to delivered in the transaction that records the chunk, and an item
 * moves only from waiting (its row, locked, is the idempotency key of the order item). A repeated payment
 * report queues nothing; a second job of the same order, or the same chunk again after the process died,
 * finds the item delivered and issues nothing. A batch that refuses (stock, limit per user, closed) leaves
 * the item waiting with the refusal for staff to see.
 */
export function mallDeliveryJobKind(settle: SettleOrder): JobKind {
  async function step({
    job,
    params,
    checkpoint,
    db,
  }: StepContext<DeliveryParams, DeliveryCheckpoint>): Promise<StepResult<DeliveryCheckpoint>> {
    const tenant = job.tenant!;
    const after = checkpoint?.after ?? -1;
    const order = await repo.findOrder(db, tenant, params.orderId);
    if (!order || order.paymentStatus !== 2)
      return { result: { counts: { orderId: params.orderId }, files: [] } };
    const item = await nextCouponItem(db, order.orderId, after);
    if (!item) return { result: { counts: { orderId: order.orderId }, files: [] } };
    return {
      checkpoint: { after: item.position },
      done: item.position + 1,
      write: async (tx) => {
        const [waiting] = await tx
          .select()
          .from(mallOrderItems)
          .where(and(eq(mallOrderItems.orderItemId, item.orderItemId), eq(mallOrderItems.deliveryStatus, 1)))
          .for('update');
        if (!waiting) return;
        const [outcome] = await grantCouponsInBulk(
          tx,
          tenant,
          Number(waiting.itemCode),
          [{ accountId: order.accountId, amount: waiting.itemCount }],
          DELIVERY_ACTOR.userName!,
        );
        if ('failure' in outcome!) {
          await repo.setItemError(tx, waiting.orderItemId, outcome.failure);
          return;
        }
        await repo.markItemDelivered(tx, waiting.orderItemId, { couponIds: outcome!.couponIds }, new Date());
        await settle(tx, tenant, order, DELIVERY_ACTOR, {
          itemCode: waiting.itemCode,
          itemName: waiting.itemName,
          itemCount: waiting.itemCount,
          couponIds: outcome!.couponIds,
        });
      },
    };
  }
  return defineJobKind<DeliveryParams, DeliveryCheckpoint>({
    kind: MALL_DELIVERY_JOB,
    params: DeliveryParamsSchema,
    // An order's deliveries one after the other.
    orderKey: ['orderId'],
    step,
  });
}
