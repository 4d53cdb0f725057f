import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const ORDER_STATUSES = [1, 2, 3] as const;
export const OrderStatusSchema = z.literal(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
export const ORDER_STATUS_LABELS = {
  1: 'orderStatus.created',
  2: 'orderStatus.toBeShipped',
  3: 'orderStatus.completed',
} as const satisfies Record<OrderStatus, MessageKey>;

export const PAYMENT_STATUSES = [1, 2] as const;
export const PaymentStatusSchema = z.literal(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const PAYMENT_STATUS_LABELS = {
  1: 'paymentStatus.unpaid',
  2: 'paymentStatus.paid',
} as const satisfies Record<PaymentStatus, MessageKey>;

export const DELIVERY_STATUSES = [1, 2] as const;
export const DeliveryStatusSchema = z.literal(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;
export const DELIVERY_STATUS_LABELS = {
  1: 'deliveryStatus.notShipped',
  2: 'deliveryStatus.shipped',
} as const satisfies Record<DeliveryStatus, MessageKey>;
