import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const COUPON_BATCH_STATUSES = ['created', 'processing', 'finished', 'failed', 'killed'] as const;
export const CouponBatchStatusSchema = z.enum(COUPON_BATCH_STATUSES);
export type CouponBatchStatus = z.infer<typeof CouponBatchStatusSchema>;
export const COUPON_BATCH_STATUS_LABELS = {
  created: 'couponBatchStatus.created',
  processing: 'couponBatchStatus.processing',
  finished: 'couponBatchStatus.finished',
  failed: 'couponBatchStatus.failed',
  killed: 'couponBatchStatus.killed',
} as const satisfies Record<CouponBatchStatus, MessageKey>;

/** Batch states in which no coupon may be issued any more. */
export const CLOSED_BATCH_STATUSES = ['failed', 'killed'] as const satisfies readonly CouponBatchStatus[];
export const isClosedBatchStatus = (status: string): boolean =>
  (CLOSED_BATCH_STATUSES as readonly string[]).includes(status);

export const COUPON_STATUSES = ['assigned', 'used', 'expired', 'abandon'] as const;
export const CouponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof CouponStatusSchema>;
export const COUPON_STATUS_LABELS = {
  assigned: 'couponStatus.assigned',
  used: 'couponStatus.used',
  expired: 'couponStatus.expired',
  abandon: 'couponStatus.abandon',
} as const satisfies Record<CouponStatus, MessageKey>;
