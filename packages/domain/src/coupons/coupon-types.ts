import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const COUPON_TYPE_CODES = ['equity', 'discount', 'voucher'] as const;
export const CouponTypeCodeSchema = z.enum(COUPON_TYPE_CODES);
export type CouponTypeCode = z.infer<typeof CouponTypeCodeSchema>;
export const COUPON_TYPE_LABELS = {
  equity: 'couponType.equity',
  discount: 'couponType.discount',
  voucher: 'couponType.voucher',
} as const satisfies Record<CouponTypeCode, MessageKey>;

export const COUPON_BIZ_CODES = ['pe_external', 'charging_external'] as const;
export const CouponBizCodeSchema = z.enum(COUPON_BIZ_CODES);
export type CouponBizCode = z.infer<typeof CouponBizCodeSchema>;
export const COUPON_BIZ_LABELS = {
  pe_external: 'couponBiz.oneTapPowerUp',
  charging_external: 'couponBiz.scanToCharge',
} as const satisfies Record<CouponBizCode, MessageKey>;

/**
 * A one-tap power-up (pe_external) is sold at a fixed price, so only the fixed-price coupon fits it;
 * scan-to-charge (charging_external) bills by energy, where discounts and vouchers apply.
 */
export const COUPON_TYPES_BY_BIZ = {
  pe_external: ['equity'],
  charging_external: ['discount', 'voucher'],
} as const satisfies Record<CouponBizCode, readonly CouponTypeCode[]>;

export const isCouponTypeAllowed = (biz: CouponBizCode, type: CouponTypeCode): boolean =>
  (COUPON_TYPES_BY_BIZ[biz] as readonly CouponTypeCode[]).includes(type);

export const COUPON_CODE_TYPES = ['random', 'custom'] as const;
export const CouponCodeTypeSchema = z.enum(COUPON_CODE_TYPES);
export const COUPON_CODE_TYPE_LABELS = {
  random: 'couponCodeType.random',
  custom: 'couponCodeType.custom',
} as const satisfies Record<(typeof COUPON_CODE_TYPES)[number], MessageKey>;

export const COUPON_GENERATE_TYPES = ['generate_assign', 'batch_generate_assign', 'generate'] as const;
export const CouponGenerateTypeSchema = z.enum(COUPON_GENERATE_TYPES);
export type CouponGenerateType = z.infer<typeof CouponGenerateTypeSchema>;
export const COUPON_GENERATE_TYPE_LABELS = {
  generate: 'couponGenerateType.generate',
  generate_assign: 'couponGenerateType.generateAssign',
  batch_generate_assign: 'couponGenerateType.batchGenerateAssign',
} as const satisfies Record<CouponGenerateType, MessageKey>;

/** Coupons are abandoned either all of one generate record, or one coupon by its uuid. */
export const COUPON_ABANDON_TYPES = ['coupon_generate_record_id', 'coupon_uuid'] as const;
export const CouponAbandonTypeSchema = z.enum(COUPON_ABANDON_TYPES);
export type CouponAbandonType = z.infer<typeof CouponAbandonTypeSchema>;

export const COUPON_PLATFORM_TYPES = ['pe_app', 'pe_wx_mini', 'pe_alipay_mini'] as const;
export const CouponPlatformTypeSchema = z.enum(COUPON_PLATFORM_TYPES);

export const COUPON_RULE_TYPES = [
  'operator',
  'city',
  'group',
  'tag',
  'subclass',
  'platform_type',
  'total_price',
] as const;
export const CouponRuleTypeSchema = z.enum(COUPON_RULE_TYPES);
/** A rule whose values are `all` applies to every value of its type. */
export const COUPON_RULE_ALL = 'all';
/** The subclass code of a coupon that applies to the whole order rather than one fee. */
export const COUPON_SUBCLASS_WHOLE_ORDER = '-1';

/** What the coupon lists (batches, records, deliveries, generate, bind and abandon records) sort by. */
export const COUPON_LIST_SORTABLE = ['createTime'] as const;
/** Newest first, as the spec's lists show them. */
export const DEFAULT_COUPON_LIST_SORT = 'createTime:desc';

/** Coupon batch pickers list this many batches (the list call's count). */
export const COUPON_LIST_COUNT = 100;
/** The coupon list by name (coupons-list with coupon_name) asks for one page of this size. */
export const COUPON_NAME_LIST_PAGE_SIZE = 100 as const;
