import type { Tenant } from '@cmp/domain';
import type { Activity, ActivityFields } from '@cmp/domain/activities/activity-contracts';
import { fromActivityRules, toActivityRules } from '@cmp/domain/activities/activity-rules';
import {
  RULE_SPECS,
  TYPE_RULES,
  type GradientStep,
  type RuleKey,
} from '@cmp/domain/activities/activity-type-rules';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import {
  chargingDiscountRulesFromWire,
  chargingDiscountRulesToWire,
  initDiscountTemplate,
  type ChargingDiscountRules,
} from '@cmp/domain/activities/charging-discount';
import { slotValueOf, type SlotValue, type TimeSharingItem } from '@cmp/domain/activities/time-sharing';
import { DEFAULT_AWARD_TYPE } from '@cmp/domain/activities/gift-bags';

export type RuleFieldValue = string | number | null | undefined;

/** One step of a graded activity as its row holds it; every cell is required before saving. */
export interface GradientRow {
  degree?: number | null;
  rewardCode?: string;
  rewardNumber?: number | null;
}

/**
 * The editor's values. Discounts are held as the form edits them, in percent (85 = pay 85 %), the part
 * lists included; rules by key, the graded rule's steps as rows.
 */
export interface ActivityFormValues {
  activityName: string;
  activityDescription?: string | null;
  beginTime?: number;
  endTime?: number;
  coverImage?: string | null;
  rewardSlogan?: string | null;
  activityLink?: string | null;
  businessModule?: string | null;
  effectOperatorIds: string[];
  rules: Partial<Record<RuleKey, RuleFieldValue>>;
  gradient: GradientRow[];
  discounts: ChargingDiscountRules[];
}

export const GRADED_RULE: RuleKey = 'graded_charging_degree';

/** The rules of a type that take a value of their own (the graded rule's steps are its rows). */
export const valueRulesOf = (type: ActivityType): RuleKey[] =>
  [...TYPE_RULES[type].required, ...TYPE_RULES[type].optional].filter(
    (key) => RULE_SPECS[key].kind !== 'gradient',
  );

/** A new activity: an assisting reward is a coupon, a discount starts as the tenant's template. */
export function newActivityValues(type: ActivityType, tenant: Tenant): ActivityFormValues {
  const assisting = type === 'user_acquisition_assisting';
  return {
    activityName: '',
    effectOperatorIds: [],
    rules: assisting
      ? { assist_reward_type: DEFAULT_AWARD_TYPE, assisted_reward_type: DEFAULT_AWARD_TYPE }
      : {},
    gradient: type === 'graded_charging_activity' ? [{}] : [],
    discounts: type === 'charging_discount' ? [initDiscountTemplate(tenant).rules] : [],
  };
}

/** A saved activity as the editor shows it: integer rules as numbers, discounts in percent. */
export function activityFormValues(activity: Activity): ActivityFormValues {
  const saved = fromActivityRules(activity.activityRules);
  const rules = Object.fromEntries(
    valueRulesOf(activity.activityType)
      .filter((key) => saved[key] !== undefined)
      .map((key) => [key, RULE_SPECS[key].kind === 'integer' ? Number(saved[key]) : saved[key]]),
  );
  const graded = activity.activityRules.find((rule) => rule.ruleKey === GRADED_RULE);
  return {
    activityName: activity.activityName,
    activityDescription: activity.activityDescription,
    beginTime: activity.beginTime,
    endTime: activity.endTime,
    coverImage: activity.coverImage,
    rewardSlogan: activity.rewardSlogan,
    activityLink: activity.activityLink,
    businessModule: activity.businessModule,
    effectOperatorIds: activity.effectOperatorRules.map((rule) => rule.operatorId),
    rules,
    gradient: (graded?.gradient ?? []).map(({ degree, rewardCode, rewardNumber }) => ({
      degree,
      rewardCode,
      rewardNumber,
    })),
    discounts: activity.chargingDiscountRules.map(chargingDiscountRulesFromWire),
  };
}

/** A discount rule's optional part lists, in the editor's order, each with the number its slots carry. */
export const PART_LISTS = [
  'timesharingElecPrice',
  'timesharingServicePrice',
  'timesharingElecDiscount',
  'timesharingServiceDiscount',
] as const;
export type PartList = (typeof PART_LISTS)[number];
export const PART_LIST_VALUES: Record<PartList, SlotValue> = {
  timesharingElecPrice: 'price',
  timesharingServicePrice: 'price',
  timesharingElecDiscount: 'discount',
  timesharingServiceDiscount: 'discount',
};
const isPartList = (name: string | undefined): name is PartList =>
  (PART_LISTS as readonly (string | undefined)[]).includes(name);

const slotsWith = (slots: readonly TimeSharingItem[], value: SlotValue): TimeSharingItem[] =>
  slots.map((slot) => ({ start: slot.start, end: slot.end, [value]: slot[value] }));

const blank = (text: string | null | undefined): string | null =>
  text === undefined || text === null || text.trim() === '' ? null : text.trim();

/**
 * A slot keeps only the number its list uses: a type switched back and forth leaves none behind. A part
 * list left empty is not sent (absent, as the domain reads an unused one).
 */
function discountToWire(rule: ChargingDiscountRules): ChargingDiscountRules {
  const parts = Object.fromEntries(
    PART_LISTS.flatMap((list) => {
      const slots = rule[list];
      return slots && slots.length > 0 ? [[list, slotsWith(slots, PART_LIST_VALUES[list])]] : [];
    }),
  );
  return chargingDiscountRulesToWire({
    userRole: rule.userRole,
    discountType: rule.discountType,
    ...(typeof rule.discountActCostShare === 'number'
      ? { discountActCostShare: rule.discountActCostShare }
      : {}),
    timesharing: slotsWith(rule.timesharing, slotValueOf(rule.discountType)),
    ...parts,
  });
}

/** The graded rule: its value is set by the server from the steps, which every row must fill. */
const gradientStep = (row: GradientRow): GradientStep => ({
  degree: row.degree as number,
  rewardType: DEFAULT_AWARD_TYPE,
  rewardCode: row.rewardCode as string,
  rewardNumber: row.rewardNumber as number,
});

/**
 * The editor's values as create and update take them: only what the type uses, rules only where they
 * have a value (`toActivityRules`), discounts as ratios.
 */
export function toActivityFields(type: ActivityType, values: ActivityFormValues): ActivityFields {
  const rules = toActivityRules(
    Object.fromEntries(valueRulesOf(type).map((key) => [key, values.rules[key]])),
  );
  return {
    activityType: type,
    activityName: values.activityName.trim(),
    activityDescription: blank(values.activityDescription),
    beginTime: values.beginTime as number,
    endTime: values.endTime as number,
    coverImage: blank(values.coverImage),
    rewardSlogan: type === 'activity_notify' ? blank(values.rewardSlogan) : null,
    activityLink: type === 'activity_notify' ? blank(values.activityLink) : null,
    businessModule: type === 'scenario_activity' ? blank(values.businessModule) : null,
    activityRules:
      type === 'graded_charging_activity'
        ? [...rules, { ruleKey: GRADED_RULE, ruleValue: '', gradient: values.gradient.map(gradientStep) }]
        : rules,
    chargingDiscountRules: type === 'charging_discount' ? values.discounts.map(discountToWire) : [],
    effectOperatorRules: values.effectOperatorIds.map((operatorId) => ({ operatorId })),
  };
}

export type FieldName = (string | number)[];

const TOP_FIELDS = new Set([
  'activityName',
  'activityDescription',
  'beginTime',
  'endTime',
  'coverImage',
  'rewardSlogan',
  'activityLink',
  'businessModule',
]);

const ruleField = (ruleKey: string | undefined, rest: string[]): FieldName | undefined => {
  if (ruleKey === GRADED_RULE) {
    const [, step, cell] = rest;
    return step === undefined ? ['gradient'] : ['gradient', Number(step), cell ?? 'degree'];
  }
  return ruleKey === undefined ? undefined : ['rules', ruleKey];
};

/**
 * The editor field showing a problem of the sent fields (`body.activityRules.2.ruleValue` → the rule's
 * own field, `chargingDiscountRules.0.timesharing.1` → that rule's slots, `….0.timesharingElecPrice.1`
 * → that part list), or undefined for one the editor does not show. A missing rule is reported on the list and names the rule (`params.rule`).
 */
export function editorFieldOf(
  path: string,
  sent: ActivityFields,
  params?: Record<string, unknown>,
): FieldName | undefined {
  const [field, index, sub, ...rest] = path.replace(/^body\./, '').split('.');
  if (field === undefined) return undefined;
  if (TOP_FIELDS.has(field)) return [field];
  if (field === 'effectOperatorRules') return ['effectOperatorIds'];
  if (field === 'chargingDiscountRules') {
    if (index === undefined || sub === undefined) return ['discounts'];
    if (sub === 'userRole' || sub === 'discountType' || sub === 'discountActCostShare') {
      return ['discounts', Number(index), sub];
    }
    return sub === 'timesharing' || isPartList(sub) ? ['discounts', Number(index), sub] : undefined;
  }
  if (field === 'activityRules') {
    if (index === undefined) {
      const rule = params?.rule;
      return typeof rule === 'string' ? ruleField(rule, []) : undefined;
    }
    return ruleField(sent.activityRules[Number(index)]?.ruleKey, [sub ?? '', ...rest]);
  }
  return undefined;
}
