import type { CouponBatchCreateInput, CouponExpireType } from '@cmp/domain/coupons/coupon-batches';
import {
  COUPON_RULE_ALL,
  COUPON_TYPES_BY_BIZ,
  type CouponBizCode,
  type CouponTypeCode,
} from '@cmp/domain/coupons/coupon-types';

/** One rule as the editor holds it: 'all' is a switch of its own, so its values are kept while it is on. */
export interface RuleValue {
  type?: string;
  all: boolean;
  values: string[];
}

export interface BatchValues {
  couponName: string;
  batchName: string;
  couponBizCode: CouponBizCode;
  couponTypeCode: CouponTypeCode;
  couponSubType: string;
  amount: number;
  limitPerUser?: number | null;
  expireTypeCode: CouponExpireType;
  /** Calendar days `YYYY-MM-DD`, first and last. */
  days?: [string, string];
  effectiveDays?: number | null;
  couponValue: number;
  couponValueDisplay?: string;
  priceServiceFee: boolean;
  priceElectricityFee: boolean;
  /** A voucher's price limit: off means any order qualifies ('all'). */
  priceLimited: boolean;
  totalPrice?: number | null;
  dilatationEnable: boolean;
  grantEnable: boolean;
  isTransfer: boolean;
  discountCouponCostShare?: number | null;
  couponDescription?: string;
  imageUrl?: string;
  rules: RuleValue[];
  rangeOperator: string[];
  rangeChargeStation: string[];
  rangeCustomTag: string[];
  customTag: string[];
}

export const INITIAL_BATCH: Partial<BatchValues> = {
  couponBizCode: 'charging_external',
  couponTypeCode: 'discount',
  couponSubType: '-1',
  expireTypeCode: 'fixed_date',
  // A batch covers at least one fee; the whole order, the default subclass, covers both.
  priceServiceFee: true,
  priceElectricityFee: true,
  priceLimited: false,
  dilatationEnable: false,
  grantEnable: true,
  isTransfer: false,
  rules: [],
  rangeOperator: [],
  rangeChargeStation: [],
  rangeCustomTag: [],
  customTag: [],
};

/** The types a business allows (a one-tap power-up only sells at a fixed price). */
export const typesOfBiz = (biz: CouponBizCode | undefined): readonly CouponTypeCode[] =>
  biz ? COUPON_TYPES_BY_BIZ[biz] : [];

const blank = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === '' ? undefined : text.trim();
const orNull = (value: number | null | undefined): number | null =>
  value === undefined || value === null ? null : value;

/**
 * The editor's values as POST /coupon-batches takes them. Only the fields of the chosen type and expiry
 * travel: a discount has no price limit, a voucher no cost share, and a batch valid for some days after
 * binding names no dates. Money and percentages stay as entered; the contract says the server converts.
 */
export function toBatchCreate(values: BatchValues): CouponBatchCreateInput {
  const fixed = values.expireTypeCode === 'fixed_date';
  const voucher = values.couponTypeCode === 'voucher';
  return {
    couponName: values.couponName.trim(),
    batchName: values.batchName.trim(),
    couponBizCode: values.couponBizCode,
    couponTypeCode: values.couponTypeCode,
    couponSubType: values.couponSubType as CouponBatchCreateInput['couponSubType'],
    amount: values.amount,
    limitPerUser: orNull(values.limitPerUser),
    expireTypeCode: values.expireTypeCode,
    effectiveDate: fixed ? (values.days?.[0] ?? null) : null,
    expireDate: fixed ? (values.days?.[1] ?? null) : null,
    effectiveDays: fixed ? null : orNull(values.effectiveDays),
    imageUrl: blank(values.imageUrl),
    couponValue: values.couponValue,
    couponValueDisplay: blank(values.couponValueDisplay),
    priceServiceFee: values.priceServiceFee,
    priceElectricityFee: values.priceElectricityFee,
    totalPrice: voucher && values.priceLimited ? orNull(values.totalPrice) : null,
    dilatationEnable: values.dilatationEnable,
    grantEnable: values.grantEnable,
    isTransfer: values.isTransfer,
    discountCouponCostShare:
      values.couponTypeCode === 'discount' ? orNull(values.discountCouponCostShare) : null,
    couponDescription: blank(values.couponDescription),
    rules: values.rules
      .filter((rule) => rule.type !== undefined)
      .map((rule) => ({
        type: rule.type as NonNullable<CouponBatchCreateInput['rules']>[number]['type'],
        values: rule.all ? [COUPON_RULE_ALL] : rule.values,
      })),
    useRange: {
      operator: values.rangeOperator,
      chargeStation: values.rangeChargeStation,
      customTag: values.rangeCustomTag,
    },
    customTag: values.customTag,
  };
}

const EDITOR_FIELDS = new Set([
  'couponName',
  'batchName',
  'amount',
  'limitPerUser',
  'effectiveDays',
  'couponValue',
  'couponValueDisplay',
  'totalPrice',
  'discountCouponCostShare',
  'couponDescription',
  'imageUrl',
]);

const RANGE_FIELDS: Record<string, keyof BatchValues> = {
  operator: 'rangeOperator',
  chargeStation: 'rangeChargeStation',
  customTag: 'rangeCustomTag',
};

/**
 * The editor field showing a request field the server complained of (`body.useRange.operator.3` →
 * `rangeOperator`, `body.expireDate` → `days`), or undefined for one the editor does not show.
 */
export function editorFieldOf(path: string): keyof BatchValues | undefined {
  const [field, sub] = path.replace(/^body\./, '').split('.');
  if (field === 'useRange') return sub ? RANGE_FIELDS[sub] : undefined;
  if (field === 'effectiveDate' || field === 'expireDate') return 'days';
  if (field === undefined || !(field in INITIAL_BATCH || EDITOR_FIELDS.has(field))) return undefined;
  return field as keyof BatchValues;
}
