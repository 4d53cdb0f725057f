import {
  and,
  arrayContains,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type { ORDER_SORTABLE, OrderFilter } from '@cmp/domain/mall/order-contracts';
import type { PRODUCT_SORTABLE, ProductFilter } from '@cmp/domain/mall/product-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { mallOrderItems, mallOrders, mallPaymentReports, mallProducts } from './mall.tables.js';

export type ProductRow = typeof mallProducts.$inferSelect;
export type NewProduct = typeof mallProducts.$inferInsert;
export type OrderRow = typeof mallOrders.$inferSelect;
export type OrderItemRow = typeof mallOrderItems.$inferSelect;
export type PaymentReportRow = typeof mallPaymentReports.$inferSelect;

export type ProductScopedFilter = Omit<ProductFilter, 'sort'> & { tenant: Tenant };
export type OrderScopedFilter = Omit<OrderFilter, 'sort'> & { tenant: Tenant };

function productWhere(f: ProductScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(mallProducts.tenant, f.tenant)];
  if (f.groupId) conditions.push(arrayContains(mallProducts.groupIds, [f.groupId]));
  if (f.operatorId) conditions.push(arrayContains(mallProducts.operatorIds, [f.operatorId]));
  if (f.name) conditions.push(contains(mallProducts.name, f.name));
  if (f.productDisplay !== undefined) conditions.push(eq(mallProducts.productDisplay, f.productDisplay));
  return and(...conditions)!;
}

/** The product list (spec M3.9.2): the latest created first, ties by id. */
export const productList = defineList({
  table: mallProducts,
  id: mallProducts.productId,
  sort: {
    keys: {
      createTime: mallProducts.createdAt,
      updateTime: mallProducts.updatedAt,
      unitPrice: mallProducts.unitPrice,
    } satisfies Record<(typeof PRODUCT_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: productWhere,
  select: (db, cursor) =>
    db
      .select({ product: mallProducts, ...cursor })
      .from(mallProducts)
      .$dynamic(),
});

function orderWhere(f: OrderScopedFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(mallOrders.tenant, f.tenant)];
  if (f.id !== undefined) conditions.push(eq(mallOrders.orderId, f.id));
  if (f.mobile) conditions.push(contains(mallOrders.mobile, f.mobile));
  if (f.userId) conditions.push(eq(mallOrders.accountId, f.userId));
  if (f.orderStatus !== undefined) conditions.push(eq(mallOrders.orderStatus, f.orderStatus));
  if (f.paymentStatus !== undefined) conditions.push(eq(mallOrders.paymentStatus, f.paymentStatus));
  if (f.deliveryStatus !== undefined) conditions.push(eq(mallOrders.deliveryStatus, f.deliveryStatus));
  if (f.closed !== undefined)
    conditions.push(f.closed ? isNotNull(mallOrders.closedAt) : isNull(mallOrders.closedAt));
  if (f.createTimeRange) {
    conditions.push(gte(mallOrders.createdAt, new Date(f.createTimeRange[0])));
    conditions.push(lte(mallOrders.createdAt, new Date(f.createTimeRange[1])));
  }
  return and(...conditions)!;
}

/** The order list (spec M3.9.4): the latest first. */
export const orderList = defineList({
  table: mallOrders,
  id: mallOrders.orderId,
  sort: {
    keys: { createTime: mallOrders.createdAt } satisfies Record<(typeof ORDER_SORTABLE)[number], AnyPgColumn>,
    default: 'createTime:desc',
  },
  where: orderWhere,
  select: (db, cursor) =>
    db
      .select({ order: mallOrders, ...cursor })
      .from(mallOrders)
      .$dynamic(),
});

export async function findProduct(
  db: DbOrTx,
  tenant: Tenant,
  productId: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(mallProducts)
    .where(and(eq(mallProducts.tenant, tenant), eq(mallProducts.productId, productId)));
  return row;
}

export async function lockProduct(
  tx: DbOrTx,
  tenant: Tenant,
  productId: number,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(mallProducts)
    .where(and(eq(mallProducts.tenant, tenant), eq(mallProducts.productId, productId)))
    .for('update');
  return row;
}

/** The tenant's products of these names, by name. */
export async function productNamesTaken(
  db: DbOrTx,
  tenant: Tenant,
  names: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let at = 0; at < names.length; at += 1000) {
    const rows = await db
      .select({ name: mallProducts.name })
      .from(mallProducts)
      .where(and(eq(mallProducts.tenant, tenant), inArray(mallProducts.name, names.slice(at, at + 1000))));
    for (const row of rows) taken.add(row.name);
  }
  return taken;
}

/** The product named so, other than `exceptId`. */
export async function productNamed(
  db: DbOrTx,
  tenant: Tenant,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mallProducts.productId })
    .from(mallProducts)
    .where(
      and(
        eq(mallProducts.tenant, tenant),
        eq(mallProducts.name, name),
        exceptId === undefined ? undefined : sql`${mallProducts.productId} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

export async function insertProducts(tx: DbOrTx, values: NewProduct[]): Promise<ProductRow[]> {
  const rows: ProductRow[] = [];
  // A statement's parameters stay within PostgreSQL's 65,535 (19 columns a product).
  for (let at = 0; at < values.length; at += 1000)
    rows.push(
      ...(await tx
        .insert(mallProducts)
        .values(values.slice(at, at + 1000))
        .returning()),
    );
  return rows;
}

export async function updateProduct(
  tx: DbOrTx,
  productId: number,
  values: Partial<NewProduct>,
): Promise<ProductRow> {
  const [row] = await tx
    .update(mallProducts)
    .set({ ...values, version: sql`${mallProducts.version} + 1`, updatedAt: new Date() })
    .where(eq(mallProducts.productId, productId))
    .returning();
  return row!;
}

export async function insertOrder(
  tx: DbOrTx,
  order: typeof mallOrders.$inferInsert,
  items: Omit<typeof mallOrderItems.$inferInsert, 'orderId'>[],
): Promise<OrderRow> {
  const [row] = await tx.insert(mallOrders).values(order).returning();
  await tx.insert(mallOrderItems).values(items.map((item) => ({ ...item, orderId: row!.orderId })));
  return row!;
}

export async function findOrder(db: DbOrTx, tenant: Tenant, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(mallOrders)
    .where(and(eq(mallOrders.tenant, tenant), eq(mallOrders.orderId, orderId)));
  return row;
}

export async function lockOrder(tx: DbOrTx, tenant: Tenant, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(mallOrders)
    .where(and(eq(mallOrders.tenant, tenant), eq(mallOrders.orderId, orderId)))
    .for('update');
  return row;
}

export async function updateOrder(
  tx: DbOrTx,
  orderId: number,
  values: Partial<typeof mallOrders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(mallOrders)
    .set({ ...values, version: sql`${mallOrders.version} + 1`, updatedAt: new Date() })
    .where(eq(mallOrders.orderId, orderId))
    .returning();
  return row!;
}

/** The items of these orders in their product's order, by order. */
export async function itemsOf(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, OrderItemRow[]>> {
  const byOrder = new Map<number, OrderItemRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(mallOrderItems)
    .where(inArray(mallOrderItems.orderId, [...orderIds]))
    .orderBy(asc(mallOrderItems.orderId), asc(mallOrderItems.position));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/**
 * Moves a waiting item to delivered, once: answers the row when this call moved it, undefined when it was
 * delivered already (the delivery's idempotency).
 */
export async function markItemDelivered(
  tx: DbOrTx,
  orderItemId: number,
  values: { couponIds?: number[]; shippingContent?: string },
  now: Date,
): Promise<OrderItemRow | undefined> {
  const [row] = await tx
    .update(mallOrderItems)
    .set({ ...values, deliveryStatus: 2, deliveryError: null, deliveredAt: now })
    .where(and(eq(mallOrderItems.orderItemId, orderItemId), eq(mallOrderItems.deliveryStatus, 1)))
    .returning();
  return row;
}

export async function setItemError(tx: DbOrTx, orderItemId: number, error: string): Promise<void> {
  await tx
    .update(mallOrderItems)
    .set({ deliveryError: error })
    .where(and(eq(mallOrderItems.orderItemId, orderItemId), eq(mallOrderItems.deliveryStatus, 1)));
}

/** Keeps a payment report once; answers whether it was new. */
export async function keepPaymentReport(
  tx: DbOrTx,
  report: typeof mallPaymentReports.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(mallPaymentReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: mallPaymentReports.reportId });
  return rows.length > 0;
}

export async function paymentReportsOf(db: DbOrTx, orderId: number): Promise<PaymentReportRow[]> {
  return db
    .select()
    .from(mallPaymentReports)
    .where(eq(mallPaymentReports.orderId, orderId))
    .orderBy(asc(mallPaymentReports.reportedAt), asc(mallPaymentReports.reportId));
}

/** Closes unpaid orders created before `before`, `limit` at a time; answers them. */
export async function closeUnpaidBefore(
  tx: DbOrTx,
  before: Date,
  limit: number,
  now: Date,
): Promise<{ orderId: number; tenant: string }[]> {
  return tx
    .update(mallOrders)
    .set({ closedAt: now, updatedAt: now, version: sql`${mallOrders.version} + 1` })
    .where(
      inArray(
        mallOrders.orderId,
        tx
          .select({ id: mallOrders.orderId })
          .from(mallOrders)
          .where(
            and(
              eq(mallOrders.paymentStatus, 1),
              isNull(mallOrders.closedAt),
              lt(mallOrders.createdAt, before),
            ),
          )
          .orderBy(asc(mallOrders.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ orderId: mallOrders.orderId, tenant: mallOrders.tenant });
}
