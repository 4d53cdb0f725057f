import { z } from 'zod';
import { DEFAULT_PAGE_NO, MAX_PAGE_NO, MAX_PAGE_SIZE, pageOf } from '../platform/paging.js';
import {
  EPOCH_MS,
  INT4,
  INT8,
  id,
  idParam,
  integer,
  integerParam,
  text,
  trimmedText,
} from '../shared/input.js';
import { EpochMs, requiredText } from '../stations/contract-fields.js';
import { DELIVERY_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses.js';
import { PRODUCT_LIST_PAGE_SIZE } from './product-list.js';
import { PRODUCT_LIMITS, ProductItemTypeSchema } from './product-contracts.js';

const statusParam = (values: readonly number[]) =>
  integerParam({ min: 1, max: 9 }).refine((v) => values.includes(v), { error: 'form.invalidOption' });

/** `from,to` in epoch milliseconds, as the screen sends it (spec M3.9.5). */
export const CreateTimeRangeSchema = text(64)
  .regex(/^-?\d{1,16},-?\d{1,16}$/, { error: 'form.invalidFormat' })
  .transform((v) => v.split(',').map(Number) as [number, number])
  .refine(([from, to]) => from >= EPOCH_MS.min && to <= EPOCH_MS.max && from <= to, {
    error: 'time.endNotAfterStart',
  });

/** The order list filter (spec M3.9.4): id, mobile, userId, the three statuses and the creation range. */
export const OrderFilterSchema = z.object({
  id: integerParam({ min: 1, max: INT8.max }).optional(),
  mobile: trimmedText(20).optional(),
  userId: trimmedText(64).optional(),
  orderStatus: statusParam(ORDER_STATUSES).optional(),
  paymentStatus: statusParam(PAYMENT_STATUSES).optional(),
  deliveryStatus: statusParam(DELIVERY_STATUSES).optional(),
  /** Orders closed unpaid (true) or not closed (false). */
  closed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  createTimeRange: CreateTimeRangeSchema.optional(),
  sort: text(100).optional(),
});
export type OrderFilter = z.infer<typeof OrderFilterSchema>;
export const OrderListQuerySchema = OrderFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(PRODUCT_LIST_PAGE_SIZE),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
export const ORDER_SORTABLE = ['createTime'] as const;

/** What an order item gave (spec M3.9.6 delivery detail), with the coupons a coupon item was issued as. */
export const DeliveryItemSchema = z.object({
  orderItemId: z.number().int(),
  itemType: ProductItemTypeSchema,
  itemCode: z.string(),
  itemName: z.string(),
  itemCount: z.number().int(),
  deliveryStatus: z.number().int(),
  couponIds: z.array(z.number().int()),
  /** What staff wrote when they shipped it (a carrier and tracking number). */
  shippingContent: z.string().nullable(),
  /** The coupon service's refusal when the coupons could not be issued (stock, limit, batch closed). */
  deliveryError: z.string().nullable(),
  deliveredAt: EpochMs.nullable(),
});
export type DeliveryItem = z.infer<typeof DeliveryItemSchema>;

/** A product order (spec M3.9.3); deliveryContent is delivery_content on the spec's wire. */
export const OrderSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** Cents, the product's price when the order was placed. */
  productPrice: z.number().int(),
  userId: z.string(),
  mobile: z.string().nullable(),
  orderStatus: z.number().int(),
  paymentId: z.string().nullable(),
  paymentStatus: z.number().int(),
  /** Cents. */
  paymentAmount: z.number().int().nullable(),
  paidAt: EpochMs.nullable(),
  deliveryStatus: z.number().int(),
  deliveryContent: z.array(DeliveryItemSchema),
  /** When the order was closed unpaid; null while it is open. */
  closedAt: EpochMs.nullable(),
  createTime: EpochMs,
  updateTime: EpochMs,
  version: z.number().int(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderPageSchema = pageOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const PAYMENT_REPORT_OUTCOMES = ['accepted', 'refused'] as const;
/** Why a reported payment was refused; the report is kept for review either way. */
export const PAYMENT_REFUSALS = [
  'mall_payment_amount_mismatch',
  'mall_order_closed',
  'mall_order_paid',
] as const;
export const PaymentReportSchema = z.object({
  id: z.number().int(),
  paymentId: z.string(),
  amount: z.number().int(),
  outcome: z.enum(PAYMENT_REPORT_OUTCOMES),
  /** The refusal's code, one of PAYMENT_REFUSALS. */
  reason: z.string().nullable(),
  reportedAt: EpochMs,
});
export type PaymentReport = z.infer<typeof PaymentReportSchema>;

export const OrderHistoryEntrySchema = z.object({
  action: z.string(),
  actor: z.string().nullable(),
  at: EpochMs,
  detail: z.unknown(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderDetailSchema = OrderSchema.extend({
  paymentReports: z.array(PaymentReportSchema),
  history: z.array(OrderHistoryEntrySchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderParamsSchema = z.object({ orderId: idParam(INT8) });

/** Staff ship the goods items still waiting, each with what was sent. */
export const OrderShipSchema = z.object({
  version: integer({ min: 1, max: INT4.max }),
  items: z
    .array(z.object({ orderItemId: id(INT8), shippingContent: requiredText(512) }))
    .min(1, { error: 'form.required' })
    .max(PRODUCT_LIMITS.items, { error: 'form.maxItems' }),
});
export type OrderShip = z.infer<typeof OrderShipSchema>;

/** Staff deliver the coupon items a batch refused once again, from the version read. */
export const OrderRedeliverSchema = z.object({ version: integer({ min: 1, max: INT4.max }) });
export type OrderRedeliver = z.infer<typeof OrderRedeliverSchema>;

/** The app back end places an order for one of its users. */
export const AppOrderCreateSchema = z.object({
  userId: requiredText(64),
  productId: id(INT8),
});
export type AppOrderCreate = z.infer<typeof AppOrderCreateSchema>;

/** The app back end reports a payment of an order: the payment service's id and the amount in cents. */
export const AppPaymentReportSchema = z.object({
  paymentId: requiredText(64),
  amount: integer({ min: 0, max: INT4.max }),
});
export type AppPaymentReport = z.infer<typeof AppPaymentReportSchema>;
