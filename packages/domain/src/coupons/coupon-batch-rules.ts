import { ruleMessage } from '../messages/format.js';
import { startOfDayMs } from '../shared/day-range.js';
import { DEFAULT_TIMEZONE, parseUtcOffset } from '../shared/utc-offset.js';
import type { z } from 'zod';
import type { FieldRuleMessage } from '../shared/zod-issues.js';
import type { CouponBatchCreate, CouponRule, GenerateRecordCreate } from './coupon-batches.js';
import { couponExpiry } from './coupon-expiry.js';
import { couponValueToWire, priceLimitToWire } from './coupon-money.js';
import { COUPON_PLATFORM_TYPES, COUPON_RULE_ALL, isCouponTypeAllowed } from './coupon-types.js';

/**
 * Rule values a batch can know are right; the others (operators, cities, groups) name outside data.
 * The subclass codes are spelt out: the contracts import this file, so it cannot import theirs.
 */
const KNOWN_VALUES: Partial<Record<CouponRule['type'], readonly string[]>> = {
  subclass: ['-1', 'electricity_price', 'service_price'],
  platform_type: COUPON_PLATFORM_TYPES,
};

/** Puts the problems in a schema's issues, each at its field, with its message key and parameters. */
export function reportProblems(context: z.RefinementCtx, problems: FieldRuleMessage[]): void {
  for (const { path, message } of problems) {
    context.addIssue({
      code: 'custom',
      message: message.key,
      path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      params: message.params,
    });
  }
}

const hasMoreThanCents = (yuan: number) => Math.abs(yuan * 100 - Math.round(yuan * 100)) > 1e-6;

function ruleProblems(rules: CouponRule[]): FieldRuleMessage[] {
  const problems: FieldRuleMessage[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.type)) {
      problems.push({ path: `rules.${i}.type`, message: ruleMessage('couponBatches.ruleTypeTwice') });
    }
    seen.add(rule.type);
    if (rule.values.includes(COUPON_RULE_ALL) && rule.values.length > 1) {
      problems.push({ path: `rules.${i}.values`, message: ruleMessage('couponBatches.ruleAllAlone') });
    }
    const known = KNOWN_VALUES[rule.type];
    const numeric = rule.type === 'total_price';
    const unknown = rule.values.find(
      (value) =>
        value !== COUPON_RULE_ALL &&
        (numeric ? !(Number(value) >= 0) : known !== undefined && !known.includes(value)),
    );
    if (unknown !== undefined) {
      problems.push({
        path: `rules.${i}.values`,
        message: ruleMessage('couponBatches.ruleValueUnknown', { value: unknown }),
      });
    }
  });
  return problems;
}

/**
 * A form filled before midnight and sent just after still counts as today's: its first day may be the
 * previous one for this long after midnight.
 */
export const EFFECTIVE_DATE_GRACE_MS = 10 * 60_000;

/**
 * The earliest first day a new fixed-date batch may have, `YYYY-MM-DD`: today in the zone batch days are
 * stored in (China time, as `storedBatchValues`), or yesterday within the grace after midnight.
 */
export function earliestEffectiveDate(now: number = Date.now(), timezone: string = DEFAULT_TIMEZONE): string {
  const offsetMs = parseUtcOffset(timezone) * 60_000;
  return new Date(now - EFFECTIVE_DATE_GRACE_MS + offsetMs).toISOString().slice(0, 10);
}

/**
 * Every rule of spec §5 a new batch breaks, field by field (the type fits the business, a discount under
 * 100%, money to the cent, fixed dates in order and not starting before today, days after binding given,
 * at least one of the two fees covered, a price limit only on vouchers,
 * rules each type once with `all` alone). Custom tags are checked against the tenant's catalogue by the
 * server, which alone knows it.
 */
export function couponBatchProblems(input: CouponBatchCreate, now: number = Date.now()): FieldRuleMessage[] {
  const problems: FieldRuleMessage[] = [];
  const problem = (path: string, message: FieldRuleMessage['message']) => problems.push({ path, message });
  if (!isCouponTypeAllowed(input.couponBizCode, input.couponTypeCode)) {
    problem('couponTypeCode', ruleMessage('couponBatches.typeNotForBiz'));
  }
  if (input.couponTypeCode === 'discount') {
    if (input.couponValue >= 100) problem('couponValue', ruleMessage('couponBatches.discountUnder100'));
  } else if (hasMoreThanCents(input.couponValue)) {
    problem('couponValue', ruleMessage('couponBatches.moneyCents'));
  }
  if (input.expireTypeCode === 'fixed_date') {
    if (input.effectiveDate === null) problem('effectiveDate', ruleMessage('form.required'));
    if (input.expireDate === null) problem('expireDate', ruleMessage('form.required'));
    if (input.effectiveDate !== null && input.expireDate !== null && input.effectiveDate > input.expireDate) {
      problem('expireDate', ruleMessage('couponBatches.effectiveAfterExpire'));
    }
    const today = earliestEffectiveDate(now);
    if (input.effectiveDate !== null && input.effectiveDate < today) {
      problem('effectiveDate', ruleMessage('couponBatches.effectiveInPast', { today }));
    }
  } else if (input.effectiveDays === null) {
    problem('effectiveDays', ruleMessage('form.required'));
  }
  if (!input.priceElectricityFee && !input.priceServiceFee) {
    problem('priceServiceFee', ruleMessage('couponBatches.noFeeCovered'));
  }
  if (input.totalPrice !== null) {
    if (input.couponTypeCode !== 'voucher') {
      problem('totalPrice', ruleMessage('couponBatches.totalPriceVoucherOnly'));
    } else if (hasMoreThanCents(input.totalPrice)) {
      problem('totalPrice', ruleMessage('couponBatches.moneyCents'));
    }
  }
  problems.push(...ruleProblems(input.rules));
  return problems;
}

/** Every custom tag a batch names: its own, its use range's and its `tag` rule's values. */
export function customTagsOf(input: Pick<CouponBatchCreate, 'customTag' | 'useRange' | 'rules'>): string[] {
  const ruleTags = input.rules
    .filter((rule) => rule.type === 'tag')
    .flatMap((rule) => rule.values.filter((value) => value !== COUPON_RULE_ALL));
  return [...new Set([...input.customTag, ...input.useRange.customTag, ...ruleTags])];
}

/**
 * What a valid batch stores: value in cents or a ratio, the price limit in cents (none = no limit), and
 * fixed dates from the start of the first day to 23:59:59.999 of the last one in the tenant's zone.
 */
export function storedBatchValues(input: CouponBatchCreate) {
  const fixed = input.expireTypeCode === 'fixed_date';
  const totalPrice = input.totalPrice === null ? null : (priceLimitToWire(input.totalPrice) as number);
  return {
    couponValue: couponValueToWire(input.couponTypeCode, input.couponValue),
    totalPrice,
    hasPriceLimit: totalPrice !== null,
    effectiveDate: fixed && input.effectiveDate ? new Date(startOfDayMs(input.effectiveDate)) : null,
    expireDate: fixed && input.expireDate ? new Date(couponExpiry(input.expireDate)) : null,
    effectiveDays: fixed ? null : input.effectiveDays,
  };
}

/**
 * What a generate record's request breaks, field by field: codes to be claimed name no accounts and may
 * carry a token with a start before its end; assigning coupons needs accounts, and one coupon each
 * (`generate_assign`) must be as many as the accounts (docs/decisions.md "Coupons").
 */
export function generateRecordProblems(input: GenerateRecordCreate): FieldRuleMessage[] {
  const problems: FieldRuleMessage[] = [];
  const accounts = new Set(input.accountIds).size;
  if (input.generateType === 'generate') {
    if (accounts > 0) {
      problems.push({ path: 'accountIds', message: ruleMessage('couponBatches.accountsOnlyToAssign') });
    }
  } else {
    if (accounts === 0) {
      problems.push({ path: 'accountIds', message: ruleMessage('couponBatches.accountsRequired') });
    }
    if (input.generateType === 'generate_assign' && accounts > 0 && input.amount !== accounts) {
      problems.push({
        path: 'amount',
        message: ruleMessage('couponBatches.amountPerAccount', { count: accounts }),
      });
    }
    if (input.withToken) {
      problems.push({ path: 'withToken', message: ruleMessage('couponBatches.tokenOnlyToGenerate') });
    }
  }
  if (input.withToken && input.generateType === 'generate') {
    const { couponTokenEffectiveDate: from, couponTokenExpireDate: to } = input;
    if (from === null || to === null || from >= to) {
      problems.push({ path: 'couponTokenExpireDate', message: ruleMessage('couponBatches.tokenDates') });
    }
  }
  return problems;
}
