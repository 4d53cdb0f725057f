import { z } from 'zod';
import { integer, trimmedText } from '../shared/input.js';
import { CouponSchema } from './coupon-records.js';
import { CouponPlatformTypeSchema } from './coupon-types.js';

/**
 * The apps' side (signed app API, /api/app/coupons/…): a user claims a coupon by its code, or one coupon
 * from a generate record's token; lists their coupons; checks one against an order; consumes it.
 */
export const CouponClaimSchema = z
  .object({
    accountId: trimmedText(64).min(1),
    couponCode: trimmedText(64).min(1).optional(),
    couponToken: trimmedText(64).min(1).optional(),
    /** How many coupons a token claim asks for; anything but 1 is `coupon_invalid_issue_amount`. */
    amount: integer({ min: -1_000_000, max: 1_000_000 }).default(1),
  })
  .refine((v) => (v.couponCode === undefined) !== (v.couponToken === undefined), {
    error: 'coupons.claimCodeOrToken',
    path: ['couponCode'],
  });
export type CouponClaim = z.infer<typeof CouponClaimSchema>;

/**
 * The most either fee of one charging order may be, in cents: 100 million yuan, more than any charge costs,
 * and small enough that the order's sums and discounts stay exact (far below 2^53).
 */
export const ORDER_FEE_MAX_CENTS = 10_000_000_000;

/** A charging order a coupon is checked against and used on; money in cents. */
export const CouponOrderSchema = z.object({
  orderId: trimmedText(64).min(1),
  accountId: trimmedText(64).min(1),
  operatorId: trimmedText(64).min(1),
  cityCode: trimmedText(16).min(1),
  resourceId: trimmedText(64).min(1),
  /** Station groups and custom tags of the station. */
  groups: z.array(trimmedText(64)).max(100).default([]),
  tags: z.array(trimmedText(64)).max(100).default([]),
  platformType: CouponPlatformTypeSchema,
  electricityFee: integer({ min: 0, max: ORDER_FEE_MAX_CENTS }),
  serviceFee: integer({ min: 0, max: ORDER_FEE_MAX_CENTS }),
});
export type CouponOrder = z.infer<typeof CouponOrderSchema>;

export const CouponCheckSchema = z.object({ couponUuid: trimmedText(64).min(1), order: CouponOrderSchema });
export type CouponCheck = z.infer<typeof CouponCheckSchema>;

/** What a check or a use answers: the discount in cents the coupon gives the order. */
export const CouponCheckResultSchema = z.object({
  couponUuid: z.string(),
  discount: z.number().int(),
  payable: z.number().int(),
});

export const CouponUserListQuerySchema = z.object({
  accountId: trimmedText(64).min(1),
  status: trimmedText(100).optional(),
});
export const CouponUserListSchema = z.object({ list: z.array(CouponSchema) });
