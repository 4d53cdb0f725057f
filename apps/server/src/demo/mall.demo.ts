import { and, asc, eq, inArray } from 'drizzle-orm';
import { TENANTS } from '@cmp/domain';
import type { ProductItem } from '@cmp/domain/mall/product-contracts';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { grantCouponsInBulk } from '../modules/coupons/coupon-issue.service.js';
import { couponBatches } from '../modules/coupons/coupons.tables.js';
import { mallOrderItems, mallOrders, mallPaymentReports, mallProducts } from '../modules/mall/mall.tables.js';
import { operators } from '../modules/operators/operators.tables.js';
import { auditRecords } from '../platform/audit/audit.tables.js';
import { demoAccountId } from './accounts.demo.js';
import type { DemoContext } from './demo-context.js';

const MINUTE = 60_000;
const APP = 'app:demo-app';

type HistoryEntry = [action: string, actor: string, at: Date, after: unknown];

/** The order's history as its moves wrote it, at the times they happened. */
const historyOf = (tenant: string, orderId: number, entries: HistoryEntry[]) =>
  entries.map(([action, actor, occurredAt, after]) => ({
    tenant,
    actorUserName: actor,
    actorType: 'system',
    entityType: 'mall_order',
    entityId: String(orderId),
    action,
    after,
    result: action === 'MALL_PAYMENT_REFUSED' ? 'failure' : 'success',
    occurredAt,
  }));
const DAY = 86_400_000;

interface DemoProduct {
  name: string;
  unitPrice: number;
  originalPrice: number | null;
  advertisement: string | null;
  groupIds: string[];
  goods: ProductItem[];
  /** How many coupons of the tenant's first open batches (in their order) the product gives; 0 for none. */
  coupons: number[];
  productDisplay: boolean;
}

const PRODUCTS: DemoProduct[] = [
  {
    name: '超充体验券礼包',
    unitPrice: 990,
    originalPrice: 2000,
    advertisement: '新用户专享',
    groupIds: ['coupon_pack'],
    goods: [],
    coupons: [2],
    productDisplay: true,
  },
  {
    name: '夜间充电双券包',
    unitPrice: 1990,
    originalPrice: 3000,
    advertisement: '夜间充电更划算',
    groupIds: ['coupon_pack', 'night'],
    goods: [],
    coupons: [1, 1],
    productDisplay: true,
  },
  {
    name: '车载保温杯',
    unitPrice: 6900,
    originalPrice: 9900,
    advertisement: null,
    groupIds: ['goods'],
    goods: [{ itemType: 'goods', itemCode: 'CUP-500', itemName: '车载保温杯 500ml', itemCount: 1 }],
    coupons: [],
    productDisplay: true,
  },
  {
    name: '充电礼盒',
    unitPrice: 12900,
    originalPrice: null,
    advertisement: '券和好礼一起带走',
    groupIds: ['goods', 'coupon_pack'],
    goods: [{ itemType: 'goods', itemCode: 'BOX-01', itemName: '充电线收纳盒', itemCount: 1 }],
    coupons: [3],
    productDisplay: true,
  },
  {
    name: '春节限定礼包',
    unitPrice: 8800,
    originalPrice: 16800,
    advertisement: '已下架',
    groupIds: ['festival'],
    goods: [{ itemType: 'goods', itemCode: 'NY-2026', itemName: '新春挂饰', itemCount: 2 }],
    coupons: [1],
    productDisplay: false,
  },
];

/** Order after order, what state it is in: placed a while ago, paid or not, delivered or shipped. */
const ORDER_STATES = ['unpaid', 'closed', 'delivered', 'shipped', 'toShip', 'refusedThenPaid'] as const;

/**
 * The mall of every tenant: five products (coupon packs of the tenant's demo batches, goods, one off
 * display) on the network's first operators, and a dozen orders of demo users in every state: unpaid,
 * closed unpaid, paid with their coupons issued, goods waiting to be shipped or shipped, and one with a
 * refused payment of the wrong amount before the right one.
 */
export async function seedMall({ tx, now }: DemoContext): Promise<void> {
  const operatorIds = (
    await tx.select({ id: operators.operatorId }).from(operators).orderBy(asc(operators.operatorId)).limit(2)
  ).map((r) => r.id);
  for (const [t, tenant] of TENANTS.entries()) {
    const batches = await tx
      .select({ id: couponBatches.couponBatchId, name: couponBatches.couponName })
      .from(couponBatches)
      .where(
        and(
          eq(couponBatches.tenant, tenant),
          eq(couponBatches.grantEnable, true),
          inArray(couponBatches.status, ['created', 'finished']),
        ),
      )
      .orderBy(asc(couponBatches.couponBatchId))
      .limit(3);
    const products = [];
    for (const [i, demo] of PRODUCTS.entries()) {
      const couponItems: ProductItem[] = demo.coupons.flatMap((count, n) => {
        const batch = batches[n];
        return batch
          ? [
              {
                itemType: 'coupon' as const,
                itemCode: String(batch.id),
                itemName: batch.name,
                itemCount: count,
              },
            ]
          : [];
      });
      const items = [...couponItems, ...demo.goods];
      if (items.length === 0) continue;
      const created = new Date(now.getTime() - (40 - i * 3) * DAY);
      const [row] = await tx
        .insert(mallProducts)
        .values({
          tenant,
          name: demo.name,
          unitPrice: demo.unitPrice,
          originalPrice: demo.originalPrice,
          advertisement: demo.advertisement,
          usageScope: '全国充换电站',
          expireInDays: couponItems.length > 0 ? 30 : null,
          description: `${demo.name}：${items.map((item) => `${item.itemName} x${item.itemCount}`).join('，')}`,
          productDisplay: demo.productDisplay,
          groupIds: demo.groupIds,
          operatorIds: i % 2 === 0 ? operatorIds.slice(0, 1) : operatorIds,
          landingPage: 'https://m.example.com/mall',
          items,
          creatorName: 'admin',
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      products.push(row!);
    }
    const [first] = await tx
      .select({ id: accounts.accountId })
      .from(accounts)
      .where(eq(accounts.tenant, tenant))
      .limit(1);
    if (!first || products.length === 0) continue;
    for (let n = 0; n < 12; n += 1) {
      const product = products[n % products.length]!;
      const state = ORDER_STATES[n % ORDER_STATES.length]!;
      const accountId = demoAccountId(t * 1000 + n * 7);
      const [account] = await tx
        .select({ mobile: accounts.mobile })
        .from(accounts)
        .where(and(eq(accounts.tenant, tenant), eq(accounts.accountId, accountId)));
      if (!account) continue;
      const created = new Date(now.getTime() - (state === 'unpaid' ? 5 * MINUTE : (12 - n) * DAY));
      const paid = state !== 'unpaid' && state !== 'closed';
      const paidAt = new Date(created.getTime() + 2 * MINUTE);
      const [order] = await tx
        .insert(mallOrders)
        .values({
          tenant,
          productId: product.productId,
          productName: product.name,
          productPrice: product.unitPrice,
          accountId,
          mobile: account.mobile,
          paymentStatus: paid ? 2 : 1,
          orderStatus: paid ? 2 : 1,
          paymentId: paid ? `PAY${tenant.toUpperCase()}${String(n).padStart(6, '0')}` : null,
          paymentAmount: paid ? product.unitPrice : null,
          paidAt: paid ? paidAt : null,
          closedAt: state === 'closed' ? new Date(created.getTime() + 30 * MINUTE) : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      const orderId = order!.orderId;
      if (state === 'refusedThenPaid')
        await tx.insert(mallPaymentReports).values({
          orderId,
          paymentId: `PAY${tenant.toUpperCase()}X${n}`,
          amount: product.unitPrice - 100,
          outcome: 'refused',
          reason: 'mall_payment_amount_mismatch',
          reportedAt: new Date(paidAt.getTime() - MINUTE),
        });
      if (paid)
        await tx.insert(mallPaymentReports).values({
          orderId,
          paymentId: order!.paymentId!,
          amount: product.unitPrice,
          outcome: 'accepted',
          reportedAt: paidAt,
        });
      let allDelivered = true;
      // What each delivery recorded, as the delivery job and the ship action record it.
      const deliveries: unknown[] = [];
      for (const [position, item] of product.items.entries()) {
        let couponIds: number[] = [];
        let delivered = false;
        if (paid && item.itemType === 'coupon') {
          const [outcome] = await grantCouponsInBulk(
            tx,
            tenant,
            Number(item.itemCode),
            [{ accountId, amount: item.itemCount }],
            'system',
          );
          if (outcome && 'couponIds' in outcome) {
            couponIds = outcome.couponIds;
            delivered = true;
          }
        }
        const shipped =
          paid && item.itemType === 'goods' && (state === 'shipped' || state === 'refusedThenPaid');
        allDelivered &&= delivered || shipped;
        const shippingContent = shipped
          ? `顺丰速运 SF${String(1_000_000_000 + orderId * 7919).slice(0, 12)}`
          : null;
        const [row] = await tx
          .insert(mallOrderItems)
          .values({
            orderId,
            position,
            ...item,
            deliveryStatus: delivered || shipped ? 2 : 1,
            couponIds,
            shippingContent,
            deliveredAt: delivered || shipped ? new Date(paidAt.getTime() + MINUTE) : null,
          })
          .returning({ orderItemId: mallOrderItems.orderItemId });
        if (delivered)
          deliveries.push({
            itemCode: item.itemCode,
            itemName: item.itemName,
            itemCount: item.itemCount,
            couponIds,
          });
        if (shipped) deliveries.push({ shipped: [{ orderItemId: row!.orderItemId, shippingContent }] });
      }
      if (paid && allDelivered)
        await tx
          .update(mallOrders)
          .set({ orderStatus: 3, deliveryStatus: 2 })
          .where(eq(mallOrders.orderId, orderId));
      const history: HistoryEntry[] = [
        [
          'MALL_ORDER_CREATE',
          APP,
          created,
          { productId: product.productId, productPrice: product.unitPrice, userId: accountId },
        ],
      ];
      if (state === 'closed')
        history.push(['MALL_ORDER_CLOSED', 'system', order!.closedAt!, { closeMinutes: 30 }]);
      if (state === 'refusedThenPaid')
        history.push([
          'MALL_PAYMENT_REFUSED',
          APP,
          new Date(paidAt.getTime() - MINUTE),
          {
            paymentId: `PAY${tenant.toUpperCase()}X${n}`,
            amount: product.unitPrice - 100,
            reason: 'mall_payment_amount_mismatch',
          },
        ]);
      if (paid) {
        history.push([
          'MALL_ORDER_PAID',
          APP,
          paidAt,
          { paymentId: order!.paymentId, amount: product.unitPrice },
        ]);
        deliveries.forEach((given, i) => {
          const last = i === deliveries.length - 1;
          history.push([
            last && allDelivered ? 'MALL_ORDER_COMPLETED' : 'MALL_ORDER_DELIVERED',
            'shipped' in (given as object) ? `${tenant}-operator` : 'system',
            new Date(paidAt.getTime() + MINUTE),
            given,
          ]);
        });
      }
      await tx.insert(auditRecords).values(historyOf(tenant, orderId, history));
    }
  }
}
