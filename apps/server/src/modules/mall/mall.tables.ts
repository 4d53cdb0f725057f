import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ProductItem } from '@cmp/domain/mall/product-contracts';

/**
 * A product of a tenant's mall (marketing spec §3 "Mall"): prices in cents, what it gives (`items`, kept
 * with the product: they are read and written with it, never on their own), its groups and operators.
 */
export const mallProducts = pgTable(
  'mall_products',
  {
    productId: bigint('product_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    originalPrice: integer('original_price'),
    advertisement: text('advertisement'),
    usageScope: text('usage_scope'),
    expireInDays: integer('expire_in_days'),
    description: text('description'),
    imageUrl: text('image_url'),
    productDisplay: boolean('product_display').notNull().default(false),
    groupIds: text('group_ids').array().notNull().default([]),
    operatorIds: text('operator_ids').array().notNull().default([]),
    landingPage: text('landing_page'),
    items: jsonb('items').$type<ProductItem[]>().notNull(),
    creatorName: text('creator_name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A name is a product's name in the mall: the upload's duplicate check and the editor's rely on it.
    uniqueIndex('mall_products_name_idx').on(t.tenant, t.name),
    index('mall_products_created_idx').on(t.tenant, t.createdAt, t.productId),
  ],
);

/**
 * An order the apps placed (spec M3.9.3). The three statuses are the spec's; an order closed unpaid keeps
 * them (1, 1, 1) and has `closedAt` (docs/decisions.md "Mall"). The product's name and price are kept as
 * they were when it was ordered.
 */
export const mallOrders = pgTable(
  'mall_orders',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => mallProducts.productId),
    productName: text('product_name').notNull(),
    productPrice: integer('product_price').notNull(),
    accountId: text('account_id').notNull(),
    mobile: text('mobile'),
    orderStatus: smallint('order_status').notNull().default(1),
    paymentStatus: smallint('payment_status').notNull().default(1),
    paymentId: text('payment_id'),
    paymentAmount: integer('payment_amount'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveryStatus: smallint('delivery_status').notNull().default(1),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mall_orders_created_idx').on(t.tenant, t.createdAt, t.orderId),
    index('mall_orders_account_idx').on(t.tenant, t.accountId, t.createdAt),
    index('mall_orders_mobile_idx').on(t.tenant, t.mobile),
    // The unpaid-close sweep's scan: open unpaid orders by age.
    index('mall_orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`payment_status = 1 and closed_at is null`),
  ],
);

/**
 * What an order gives, one row per product item, and what was given (spec M3.9.6 delivery detail): the
 * row moves to delivered once, which is the delivery's idempotency key: coupons are issued in the same
 * transaction that moves it, so a second run finds it delivered and issues nothing.
 */
export const mallOrderItems = pgTable(
  'mall_order_items',
  {
    orderItemId: bigint('order_item_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => mallOrders.orderId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    itemType: text('item_type').notNull(),
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    itemCount: integer('item_count').notNull(),
    deliveryStatus: smallint('delivery_status').notNull().default(1),
    couponIds: bigint('coupon_ids', { mode: 'number' }).array().notNull().default([]),
    shippingContent: text('shipping_content'),
    deliveryError: text('delivery_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mall_order_items_position_idx').on(t.orderId, t.position)],
);

/**
 * Every payment the apps reported for an order, accepted or refused (an amount that is not the price, a
 * closed order, a second payment of a paid one), kept for staff to review and refund.
 */
export const mallPaymentReports = pgTable(
  'mall_payment_reports',
  {
    reportId: bigint('report_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => mallOrders.orderId, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The same report sent again is the same report: kept once.
  (t) => [uniqueIndex('mall_payment_reports_once_idx').on(t.orderId, t.paymentId, t.amount)],
);
