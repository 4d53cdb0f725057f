import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage, type RuleMessage } from '@cmp/domain/messages/format';
import {
  OrderFilterSchema,
  type AppOrderCreate,
  type AppPaymentReport,
  type DeliveryItem,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
  type OrderRedeliver,
  type OrderShip,
  type PAYMENT_REFUSALS,
} from '@cmp/domain/mall/order-contracts';
import type { ProductItemType } from '@cmp/domain/mall/product-contracts';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { mobileFor } from '../../platform/auth/mobile-reveal.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { accountDirectory, liveAccountOf } from '../accounts/accounts.views.js';
import { MALL_DELIVERY_JOB } from './mall-delivery.job.js';
import { ORDER_LIST_EXPORT } from './mall.export.js';
import * as repo from './mall.repo.js';

export const ORDER_ENTITY = 'mall_order';

export const OrderExportQuerySchema = OrderFilterSchema.extend({ tenant: TenantSchema, reveal: z.boolean() });
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;

/** A refusal of an order's move: its stable code, its status, and its words in the caller's language. */
const refusal = (status: number, code: string, rule: RuleMessage): AppError =>
  new AppError(status, code, rule.key, rule, undefined, rule);

const yuan = (cents: number): string => (cents / 100).toFixed(2);

export const toDeliveryItem = (row: repo.OrderItemRow): DeliveryItem => ({
  orderItemId: row.orderItemId,
  itemType: row.itemType as ProductItemType,
  itemCode: row.itemCode,
  itemName: row.itemName,
  itemCount: row.itemCount,
  deliveryStatus: row.deliveryStatus,
  couponIds: row.couponIds,
  shippingContent: row.shippingContent,
  deliveryError: row.deliveryError,
  deliveredAt: row.deliveredAt?.getTime() ?? null,
});

export const toOrder = (row: repo.OrderRow, items: readonly repo.OrderItemRow[], reveal: boolean): Order => ({
  id: row.orderId,
  productId: row.productId,
  productName: row.productName,
  productPrice: row.productPrice,
  userId: row.accountId,
  mobile: mobileFor(row.mobile, reveal),
  orderStatus: row.orderStatus,
  paymentId: row.paymentId,
  paymentStatus: row.paymentStatus,
  paymentAmount: row.paymentAmount,
  paidAt: row.paidAt?.getTime() ?? null,
  deliveryStatus: row.deliveryStatus,
  deliveryContent: items.map(toDeliveryItem),
  closedAt: row.closedAt?.getTime() ?? null,
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
  version: row.version,
});

/** Who the apps' calls act as in an order's history: their signed client. */
export const appActor = (clientId: string, requestId: string | null): Actor => ({
  userId: null,
  userName: `app:${clientId}`,
  type: 'system',
  requestId,
});

/**
 * Once every item is delivered the order is shipped and completed (spec §4; docs/decisions.md "Mall").
 * Answers the order's statuses for its items.
 */
export function deliveryStatusesOf(items: readonly Pick<repo.OrderItemRow, 'deliveryStatus'>[]) {
  const all = items.every((item) => item.deliveryStatus === 2);
  return all ? { deliveryStatus: 2, orderStatus: 3 } : { deliveryStatus: 1, orderStatus: 2 };
}

type PaymentOutcome = { accepted: repo.OrderRow } | { refused: AppError };

/**
 * Product orders (spec §3 "Mall", §4): placed by the apps' back end at the product's price of the moment,
 * paid by their payment report, delivered by the delivery job (coupon items) and by staff (goods items),
 * closed unpaid by the sweep after `closeMinutes`. Every move is in the order's history (its audit).
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    /** How long an order may stay unpaid (MALL_UNPAID_CLOSE_MINUTES). */
    private readonly closeMinutes: number,
  ) {}

  async list(tenant: Tenant, query: OrderListQuery, reveal: boolean): Promise<OrderPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.orderList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    const items = await repo.itemsOf(
      this.db,
      page.rows.map((row) => row.order.orderId),
    );
    return {
      items: page.rows.map((row) => toOrder(row.order, items.get(row.order.orderId) ?? [], reveal)),
      total: page.total,
    };
  }

  readonly export = listExport({
    list: 'mall.orders',
    query: OrderExportQuerySchema,
    sheet: ORDER_LIST_EXPORT,
    rows: repo.orderList,
    items: async (rows, query) => {
      const items = await repo.itemsOf(
        this.db,
        rows.map((row) => row.order.orderId),
      );
      return rows.map((row) => toOrder(row.order, items.get(row.order.orderId) ?? [], query.reveal));
    },
  });

  async get(tenant: Tenant, orderId: number, reveal: boolean): Promise<Order> {
    const row = await repo.findOrder(this.db, tenant, orderId);
    if (!row) throw AppError.notFound('order', orderId);
    const items = await repo.itemsOf(this.db, [orderId]);
    return toOrder(row, items.get(orderId) ?? [], reveal);
  }

  /** The order with its payment reports, refused ones included, and its history, oldest first. */
  async detail(tenant: Tenant, orderId: number, reveal: boolean): Promise<OrderDetail> {
    const order = await this.get(tenant, orderId, reveal);
    const reports = await repo.paymentReportsOf(this.db, orderId);
    const history = await this.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.tenant, tenant),
          eq(auditRecords.entityType, ORDER_ENTITY),
          eq(auditRecords.entityId, String(orderId)),
        ),
      )
      .orderBy(asc(auditRecords.id));
    return {
      ...order,
      paymentReports: reports.map((r) => ({
        id: r.reportId,
        paymentId: r.paymentId,
        amount: r.amount,
        outcome: r.outcome as 'accepted' | 'refused',
        reason: r.reason,
        reportedAt: r.reportedAt.getTime(),
      })),
      history: history.map((record) => ({
        action: record.action,
        actor: record.actorUserName,
        at: record.occurredAt.getTime(),
        detail: record.after ?? record.extData ?? null,
      })),
    };
  }

  /**
   * The apps' back end orders a product on display for a live account of the tenant: the product's name,
   * price and items are copied onto the order, so later edits of the product change no order.
   */
  async place(tenant: Tenant, input: AppOrderCreate, actor: Actor): Promise<Order> {
    const { row, items } = await this.db.transaction(async (tx) => {
      const [account] = await tx
        .select({ mobile: accountDirectory.mobile })
        .from(accountDirectory)
        .where(liveAccountOf(tenant, input.userId));
      if (!account)
        throw refusal(422, 'user_not_found', ruleMessage('mall.unknownUser', { userId: input.userId }));
      const product = await repo.findProduct(tx, tenant, input.productId);
      if (!product) throw AppError.notFound('product', input.productId);
      if (!product.productDisplay)
        throw refusal(409, 'mall_product_hidden', ruleMessage('mall.productHidden'));
      const itemRows = product.items.map((item, position) => ({ position, ...item }));
      const order = await repo.insertOrder(
        tx,
        {
          tenant,
          productId: product.productId,
          productName: product.name,
          productPrice: product.unitPrice,
          accountId: input.userId,
          mobile: account.mobile,
        },
        itemRows,
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ORDER_ENTITY,
        entityId: order.orderId,
        action: 'MALL_ORDER_CREATE',
        after: { productId: product.productId, productPrice: product.unitPrice, userId: input.userId },
      });
      return { row: order, items: (await repo.itemsOf(tx, [order.orderId])).get(order.orderId)! };
    });
    return toOrder(row, items, true);
  }

  /**
   * A payment the apps' back end reports. Accepted once, when it pays an open unpaid order its price: the
   * order moves to paid and to be shipped, and the delivery job is queued in the same transaction. The
   * same report again answers the order as it is. Refused, and kept for review: another amount (422), an
   * order closed unpaid or past its time (409), a second payment of a paid order (409).
   */
  async reportPayment(
    tenant: Tenant,
    orderId: number,
    report: AppPaymentReport,
    actor: Actor,
    now = new Date(),
  ): Promise<Order> {
    const outcome = await this.db.transaction(async (tx): Promise<PaymentOutcome> => {
      const order = await repo.lockOrder(tx, tenant, orderId);
      if (!order) throw AppError.notFound('order', orderId);
      const refuse = async (
        code: (typeof PAYMENT_REFUSALS)[number],
        status: number,
        rule: RuleMessage,
      ): Promise<PaymentOutcome> => {
        const fresh = await repo.keepPaymentReport(tx, {
          orderId,
          ...report,
          outcome: 'refused',
          reason: code,
        });
        if (fresh)
          await writeAudit(tx, {
            actor,
            tenant,
            entityType: ORDER_ENTITY,
            entityId: orderId,
            action: 'MALL_PAYMENT_REFUSED',
            result: 'failure',
            after: { ...report, reason: code },
          });
        return { refused: refusal(status, code, rule) };
      };
      if (order.paymentStatus === 2) {
        if (order.paymentId === report.paymentId && order.paymentAmount === report.amount)
          return { accepted: order };
        return refuse('mall_order_paid', 409, ruleMessage('mall.orderPaid'));
      }
      if (order.closedAt === null && this.isPastDue(order, now)) {
        await this.closeOne(tx, order, now);
        order.closedAt = now;
      }
      if (order.closedAt !== null) return refuse('mall_order_closed', 409, ruleMessage('mall.orderClosed'));
      if (report.amount !== order.productPrice)
        return refuse(
          'mall_payment_amount_mismatch',
          422,
          ruleMessage('mall.paymentAmountMismatch', {
            amount: yuan(report.amount),
            price: yuan(order.productPrice),
          }),
        );
      await repo.keepPaymentReport(tx, { orderId, ...report, outcome: 'accepted', reason: null });
      const paid = await repo.updateOrder(tx, orderId, {
        paymentStatus: 2,
        paymentId: report.paymentId,
        paymentAmount: report.amount,
        paidAt: now,
        orderStatus: 2,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ORDER_ENTITY,
        entityId: orderId,
        action: 'MALL_ORDER_PAID',
        after: report,
      });
      await this.jobs.enqueue(
        {
          kind: MALL_DELIVERY_JOB,
          tenant,
          createdBy: { userId: 0, userName: actor.userName ?? 'app' },
          params: { orderId },
        },
        tx,
      );
      return { accepted: paid };
    });
    if ('refused' in outcome) throw outcome.refused;
    return this.get(tenant, orderId, true);
  }

  /**
   * Staff ship goods items of a paid order with what they sent; the order completes when nothing is left
   * to deliver. Refused: an unpaid or closed order, a completed one, an item that is not goods waiting.
   */
  async ship(
    tenant: Tenant,
    orderId: number,
    input: OrderShip,
    actor: Actor,
    reveal: boolean,
  ): Promise<Order> {
    await this.db.transaction(async (tx) => {
      const order = await this.lockForDelivery(tx, tenant, orderId, input.version);
      const items = (await repo.itemsOf(tx, [orderId])).get(orderId)!;
      const now = new Date();
      for (const ship of input.items) {
        const item = items.find((i) => i.orderItemId === ship.orderItemId);
        if (!item || item.itemType !== 'goods' || item.deliveryStatus !== 1)
          throw refusal(
            409,
            'mall_item_not_waiting',
            ruleMessage('mall.notWaitingGoods', { orderItemId: ship.orderItemId }),
          );
        await repo.markItemDelivered(tx, item.orderItemId, { shippingContent: ship.shippingContent }, now);
      }
      await this.settle(tx, tenant, order, actor, { shipped: input.items });
    });
    return this.get(tenant, orderId, reveal);
  }

  /**
   * Staff deliver again the coupon items a batch refused (stock, limit per user, closed) once the batch can
   * give them: a new delivery job of the order, in the staff member's task center, which issues each waiting
   * item once. Refused: an unpaid or completed order, one saved since it was read, one with no refused item.
   */
  async redeliver(
    tenant: Tenant,
    orderId: number,
    input: OrderRedeliver,
    actor: Actor,
  ): Promise<{ jobId: number }> {
    return this.db.transaction(async (tx) => {
      await this.lockForDelivery(tx, tenant, orderId, input.version);
      const refused = (await repo.itemsOf(tx, [orderId]))
        .get(orderId)!
        .filter(
          (item) => item.itemType === 'coupon' && item.deliveryStatus === 1 && item.deliveryError !== null,
        );
      if (refused.length === 0)
        throw refusal(409, 'mall_nothing_to_redeliver', ruleMessage('mall.nothingToRedeliver'));
      const job = await this.jobs.enqueue(
        {
          kind: MALL_DELIVERY_JOB,
          tenant,
          createdBy: { userId: actor.userId ?? 0, userName: actor.userName ?? 'system' },
          params: { orderId },
        },
        tx,
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: ORDER_ENTITY,
        entityId: orderId,
        action: 'MALL_ORDER_REDELIVER',
        after: {
          items: refused.map(({ orderItemId, itemCode, deliveryError }) => ({
            orderItemId,
            itemCode,
            deliveryError,
          })),
        },
      });
      return { jobId: job.id };
    });
  }

  /** A paid order still delivering, locked, as read at `version`; refused otherwise. */
  private async lockForDelivery(
    tx: DbOrTx,
    tenant: Tenant,
    orderId: number,
    version: number,
  ): Promise<repo.OrderRow> {
    const order = await repo.lockOrder(tx, tenant, orderId);
    if (!order) throw AppError.notFound('order', orderId);
    if (order.orderStatus === 3)
      throw refusal(409, 'mall_order_completed', ruleMessage('mall.orderCompleted'));
    if (order.paymentStatus !== 2) throw refusal(409, 'mall_order_unpaid', ruleMessage('mall.orderUnpaid'));
    if (order.version !== version) throw AppError.conflict(ruleMessage('mall.orderVersionConflict'));
    return order;
  }

  /**
   * After a delivery, the order's statuses from its items (completed once all are delivered), written with
   * its history entry; `given` says what was delivered.
   */
  async settle(tx: DbOrTx, tenant: Tenant, order: repo.OrderRow, actor: Actor, given: object): Promise<void> {
    const items = (await repo.itemsOf(tx, [order.orderId])).get(order.orderId)!;
    const statuses = deliveryStatusesOf(items);
    await repo.updateOrder(tx, order.orderId, statuses);
    await writeAudit(tx, {
      actor,
      tenant,
      entityType: ORDER_ENTITY,
      entityId: order.orderId,
      action: statuses.orderStatus === 3 ? 'MALL_ORDER_COMPLETED' : 'MALL_ORDER_DELIVERED',
      after: given,
    });
  }

  isPastDue(order: Pick<repo.OrderRow, 'createdAt'>, now: Date): boolean {
    return order.createdAt.getTime() + this.closeMinutes * 60_000 <= now.getTime();
  }

  private async closeOne(tx: DbOrTx, order: repo.OrderRow, now: Date): Promise<void> {
    await repo.updateOrder(tx, order.orderId, { closedAt: now });
    await writeAudit(tx, {
      actor: { userId: null, userName: 'system', type: 'system', requestId: null },
      tenant: order.tenant as Tenant,
      entityType: ORDER_ENTITY,
      entityId: order.orderId,
      action: 'MALL_ORDER_CLOSED',
      after: { closeMinutes: this.closeMinutes },
    });
  }
}
