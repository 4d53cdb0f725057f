import { z } from 'zod';
import { ruleMessage, type RuleMessage } from '../messages/format.js';
import { isTenant, type Tenant } from '../platform/tenants.js';
import { percentToRatio, ratioToPercent } from '../shared/money.js';
import { RuleError } from '../shared/rule-error.js';
import { END_OF_DAY, START_OF_DAY } from '../shared/time-of-day.js';
import {
  DiscountTypeSchema,
  slotValueOf,
  TimeSharingItemSchema,
  validateTimeSharing,
  type SlotValue,
  type TimeSharingItem,
} from './time-sharing.js';
import { availableUserRoles, USER_ROLES, UserRoleSchema, type UserRole } from './user-roles.js';

export const ChargingDiscountRulesSchema = z.object({
  userRole: UserRoleSchema,
  /**
   * The roles the rule is kept for: its role and every narrower one (spec §5 "saving keeps only the selected
   * role and higher"). Derived from `userRole` when the activity is saved; a value sent is replaced.
   */
  userRoles: z.array(UserRoleSchema).max(USER_ROLES.length).optional(),
  discountType: DiscountTypeSchema,
  discountActCostShare: z.number().optional(),
  timesharing: z.array(TimeSharingItemSchema),
  timesharingServicePrice: z.array(TimeSharingItemSchema).optional(),
  timesharingElecPrice: z.array(TimeSharingItemSchema).optional(),
  timesharingServiceDiscount: z.array(TimeSharingItemSchema).optional(),
  timesharingElecDiscount: z.array(TimeSharingItemSchema).optional(),
});
export type ChargingDiscountRules = z.infer<typeof ChargingDiscountRulesSchema>;

type SlotList = Exclude<
  keyof ChargingDiscountRules,
  'userRole' | 'userRoles' | 'discountType' | 'discountActCostShare'
>;
const FIXED_SLOT_VALUES = {
  timesharingServicePrice: 'price',
  timesharingElecPrice: 'price',
  timesharingServiceDiscount: 'discount',
  timesharingElecDiscount: 'discount',
} as const satisfies Record<Exclude<SlotList, 'timesharing'>, SlotValue>;

const slotValues = (rules: ChargingDiscountRules): [SlotList, SlotValue][] => [
  ['timesharing', slotValueOf(rules.discountType)],
  ...(Object.entries(FIXED_SLOT_VALUES) as [SlotList, SlotValue][]),
];

/** Every problem of every filled-in slot list, each naming its `list`. */
export function validateChargingDiscountRules(rules: ChargingDiscountRules): RuleMessage[] {
  return slotValues(rules).flatMap(([list, value]) => {
    const slots = rules[list];
    if (slots === undefined || (list !== 'timesharing' && slots.length === 0)) return [];
    return validateTimeSharing(slots, value).map((problem) => ({
      ...problem,
      params: { ...problem.params, list },
    }));
  });
}

function mapDiscounts(
  rules: ChargingDiscountRules,
  convert: (value: number) => number,
): ChargingDiscountRules {
  const converted: ChargingDiscountRules = { ...rules };
  for (const [list, value] of slotValues(rules)) {
    const slots = rules[list];
    if (value !== 'discount' || slots === undefined) continue;
    converted[list] = slots.map((slot): TimeSharingItem =>
      slot.discount === undefined ? slot : { ...slot, discount: convert(slot.discount) },
    );
  }
  return converted;
}

/** Discounts are edited as percentages and stored as ratios rounded to 2 decimals. */
export const chargingDiscountRulesToWire = (rules: ChargingDiscountRules): ChargingDiscountRules =>
  mapDiscounts(rules, percentToRatio);
export const chargingDiscountRulesFromWire = (rules: ChargingDiscountRules): ChargingDiscountRules =>
  mapDiscounts(rules, ratioToPercent);

export interface DiscountTemplate {
  tenant: Tenant;
  userRoles: UserRole[];
  rules: ChargingDiscountRules;
}

/** A new charging discount: everyone, promotional price, one all-day slot; the roles depend on the tenant. */
export function initDiscountTemplate(tenantId: string | undefined): DiscountTemplate {
  if (!tenantId || !isTenant(tenantId)) throw new RuleError(ruleMessage('discount.tenantRequired'));
  const userRoles = availableUserRoles(tenantId);
  return {
    tenant: tenantId,
    userRoles,
    rules: {
      userRole: userRoles[0] ?? 'default',
      discountType: 1,
      timesharing: [{ start: START_OF_DAY, end: END_OF_DAY }],
    },
  };
}
