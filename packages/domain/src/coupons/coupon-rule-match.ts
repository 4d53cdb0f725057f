import { multiply, roundTo } from '../shared/decimal.js';
import type { CouponRule, CouponUseRange } from './coupon-batches.js';
import type { CouponOrder } from './coupon-claims.js';
import { COUPON_RULE_ALL, COUPON_SUBCLASS_WHOLE_ORDER, type CouponTypeCode } from './coupon-types.js';

/** What of a batch decides whether its coupon fits an order. */
export interface CouponFit {
  rules: readonly CouponRule[];
  useRange: CouponUseRange;
  /** The least order total in cents, or null for any order. */
  totalPrice: number | null;
}

/** What of a batch decides how much its coupon takes off. */
export interface CouponWorth {
  couponTypeCode: CouponTypeCode;
  /** Cents for equity and voucher, a ratio to pay for discount. */
  couponValue: number;
  /** The part of the order the coupon applies to: the whole order ('-1') or one of its fees. */
  couponSubType: string;
}

type FitOrder = Pick<
  CouponOrder,
  | 'operatorId'
  | 'cityCode'
  | 'resourceId'
  | 'groups'
  | 'tags'
  | 'platformType'
  | 'electricityFee'
  | 'serviceFee'
>;

const orderTotal = (order: Pick<CouponOrder, 'electricityFee' | 'serviceFee'>): number =>
  order.electricityFee + order.serviceFee;

/** The amount in cents of the part of the order a subclass names. */
export function orderPart(
  order: Pick<CouponOrder, 'electricityFee' | 'serviceFee'>,
  subclass: string,
): number {
  if (subclass === 'electricity_price') return order.electricityFee;
  if (subclass === 'service_price') return order.serviceFee;
  return orderTotal(order);
}

const anyOf = (values: readonly string[], candidates: readonly string[]): boolean =>
  candidates.some((candidate) => values.includes(candidate));

/**
 * Whether one rule lets the order through. A subclass rule asks the order to charge something for one of
 * the parts it names; a total_price rule's values are cents the order total must reach (the lowest counts).
 */
function ruleMatches(rule: CouponRule, order: FitOrder): boolean {
  if (rule.values.includes(COUPON_RULE_ALL)) return true;
  switch (rule.type) {
    case 'operator':
      return rule.values.includes(order.operatorId);
    case 'city':
      return rule.values.includes(order.cityCode);
    case 'group':
      return anyOf(rule.values, order.groups);
    case 'tag':
      return anyOf(rule.values, order.tags);
    case 'platform_type':
      return rule.values.includes(order.platformType);
    case 'subclass':
      return rule.values.some((part) => orderPart(order, part) > 0);
    case 'total_price': {
      const limits = rule.values.map(Number).filter(Number.isFinite);
      return limits.length > 0 && orderTotal(order) >= Math.min(...limits);
    }
  }
}

/** Whether the order is somewhere the use range allows; an empty list places no limit of its kind. */
function inUseRange(range: CouponUseRange, order: FitOrder): boolean {
  return (
    (range.operator.length === 0 || range.operator.includes(order.operatorId)) &&
    (range.chargeStation.length === 0 || range.chargeStation.includes(order.resourceId)) &&
    (range.customTag.length === 0 || anyOf(range.customTag, order.tags))
  );
}

/** Whether a coupon of the batch may be used on the order: every rule, the use range and the price limit. */
export function couponFitsOrder(fit: CouponFit, order: FitOrder): boolean {
  return (
    (fit.totalPrice === null || orderTotal(order) >= fit.totalPrice) &&
    fit.rules.every((rule) => ruleMatches(rule, order)) &&
    inUseRange(fit.useRange, order)
  );
}

/** Whole cents, half away from zero. */
const cents = (value: number): number => roundTo(value, 0);

/**
 * What the coupon takes off the order, in cents, and what is left to pay. Equity makes the part it names
 * cost its value (a part already cheaper stays as it is); a voucher takes its value off the part; a
 * discount makes the part cost its ratio. Nothing ever takes off more than the part costs.
 */
export function couponDiscount(
  worth: CouponWorth,
  order: Pick<CouponOrder, 'electricityFee' | 'serviceFee'>,
): { discount: number; payable: number } {
  const part = orderPart(order, worth.couponSubType || COUPON_SUBCLASS_WHOLE_ORDER);
  let discount: number;
  if (worth.couponTypeCode === 'equity') discount = part - cents(worth.couponValue);
  else if (worth.couponTypeCode === 'voucher') discount = cents(worth.couponValue);
  else discount = part - cents(multiply(part, worth.couponValue));
  discount = Math.min(part, Math.max(0, discount));
  return { discount, payable: orderTotal(order) - discount };
}
