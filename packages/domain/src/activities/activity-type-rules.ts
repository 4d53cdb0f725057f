import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { ruleMessage } from '../messages/format.js';
import { integer, text } from '../shared/input.js';
import type { FieldRuleMessage } from '../shared/zod-issues.js';
import type { ActivityType } from './activity-types.js';
import { AWARD_TYPES, CLAIM_FREQUENCIES } from './gift-bags.js';

/** The most steps a graded rule's gradient takes. */
export const MAX_GRADIENT_STEPS = 10;

/**
 * One step of a graded charging activity: a user who charged at least `degree` kWh in the activity gets
 * `rewardNumber` coupons of the batch `rewardCode`.
 */
export const GradientStepSchema = z.object({
  degree: z.number().positive({ error: 'form.minNumber' }).max(100_000, { error: 'form.maxNumber' }),
  rewardType: z.enum(AWARD_TYPES).default('pe_coupon'),
  rewardCode: text(32).regex(/^[1-9]\d{0,17}$/, { error: 'activity.couponBatchId' }),
  rewardNumber: integer({ min: 1, max: 100 }),
});
export type GradientStep = z.infer<typeof GradientStepSchema>;

/** A rule as a request carries it: a key, its value as text, and for a graded rule its gradient. */
export const ActivityRuleInputSchema = z.object({
  ruleKey: text(64).min(1),
  ruleValue: text(1024),
  gradient: z.array(GradientStepSchema).max(MAX_GRADIENT_STEPS, { error: 'form.maxItems' }).optional(),
});
export type ActivityRuleInput = z.input<typeof ActivityRuleInputSchema>;
export type ActivityRuleValue = z.output<typeof ActivityRuleInputSchema>;

/** What a rule's value must be. */
export type RuleSpec =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'choice'; values: readonly string[] }
  /** A coupon batch of the tenant, by id; the info call names it. */
  | { kind: 'couponBatch' }
  /** The value is the gradient's step count; the steps are the rule's `gradient`. */
  | { kind: 'gradient' };

/**
 * Every rule key the activity forms set, with what its value must be. The assisting keys follow the spec's
 * list (assist and assisted reward code, type, number, count for reward, maximum per person); the reward
 * names are not taken from requests: the info call adds each from its coupon batch (spec M7.3.32).
 */
export const RULE_SPECS = {
  basic_point: { kind: 'integer', min: 0, max: 1_000_000 },
  reward_number_per_resource: { kind: 'integer', min: 1, max: 10_000 },
  max_active_resource_number: { kind: 'integer', min: 1, max: 100_000 },
  individual_claim_frequency: { kind: 'choice', values: CLAIM_FREQUENCIES },
  graded_charging_degree: { kind: 'gradient' },
  assist_reward_code: { kind: 'couponBatch' },
  assist_reward_type: { kind: 'choice', values: AWARD_TYPES },
  assist_reward_number: { kind: 'integer', min: 1, max: 100 },
  assist_count_for_reward: { kind: 'integer', min: 1, max: 100 },
  assist_max_count_each_one: { kind: 'integer', min: 1, max: 1000 },
  assisted_reward_code: { kind: 'couponBatch' },
  assisted_reward_type: { kind: 'choice', values: AWARD_TYPES },
  assisted_reward_number: { kind: 'integer', min: 1, max: 100 },
  assisted_count_for_reward: { kind: 'integer', min: 1, max: 100 },
  assisted_max_reward_each_one: { kind: 'integer', min: 1, max: 1000 },
} as const satisfies Record<string, RuleSpec>;
export type RuleKey = keyof typeof RULE_SPECS;
export const isRuleKey = (key: string): key is RuleKey => Object.hasOwn(RULE_SPECS, key);

export const RULE_KEY_LABELS = {
  basic_point: 'activityRule.basicPoint',
  reward_number_per_resource: 'activityRule.rewardNumberPerResource',
  max_active_resource_number: 'activityRule.maxActiveResourceNumber',
  individual_claim_frequency: 'activityRule.individualClaimFrequency',
  graded_charging_degree: 'activityRule.gradedChargingDegree',
  assist_reward_code: 'activityRule.assistRewardCode',
  assist_reward_type: 'activityRule.assistRewardType',
  assist_reward_number: 'activityRule.assistRewardNumber',
  assist_count_for_reward: 'activityRule.assistCountForReward',
  assist_max_count_each_one: 'activityRule.assistMaxCountEachOne',
  assisted_reward_code: 'activityRule.assistedRewardCode',
  assisted_reward_type: 'activityRule.assistedRewardType',
  assisted_reward_number: 'activityRule.assistedRewardNumber',
  assisted_count_for_reward: 'activityRule.assistedCountForReward',
  assisted_max_reward_each_one: 'activityRule.assistedMaxRewardEachOne',
} as const satisfies Record<RuleKey, MessageKey>;

/** The rule names the info call adds to an assisting activity, each from its reward code's coupon batch. */
export const REWARD_NAME_RULES = {
  assist_reward_code: 'assist_reward_name',
  assisted_reward_code: 'assisted_reward_name',
} as const;

/** Which rules each type takes, and which of them it needs. Types without rules take none. */
export const TYPE_RULES: Record<
  ActivityType,
  { required: readonly RuleKey[]; optional: readonly RuleKey[] }
> = {
  activity_notify: { required: [], optional: [] },
  charging_discount: { required: [], optional: [] },
  charger_red_packet: {
    required: [
      'basic_point',
      'reward_number_per_resource',
      'max_active_resource_number',
      'individual_claim_frequency',
    ],
    optional: [],
  },
  user_acquisition_assisting: {
    required: [
      'assist_reward_code',
      'assist_reward_type',
      'assist_reward_number',
      'assist_count_for_reward',
      'assist_max_count_each_one',
      'assisted_reward_code',
      'assisted_reward_type',
      'assisted_reward_number',
      'assisted_count_for_reward',
      'assisted_max_reward_each_one',
    ],
    optional: [],
  },
  gift_bag_lottery_draw: { required: [], optional: ['individual_claim_frequency'] },
  scenario_activity: { required: [], optional: ['basic_point'] },
  graded_charging_activity: { required: ['graded_charging_degree'], optional: [] },
};

const INTEGER_TEXT = /^-?\d{1,16}$/;

function valueProblem(
  spec: RuleSpec,
  rule: ActivityRuleValue,
): { key: MessageKey; params?: Record<string, number> } | undefined {
  const value = rule.ruleValue.trim();
  switch (spec.kind) {
    case 'integer': {
      if (!INTEGER_TEXT.test(value)) return { key: 'form.integer' };
      const number = Number(value);
      if (number < spec.min) return { key: 'form.minNumber', params: { min: spec.min } };
      if (number > spec.max) return { key: 'form.maxNumber', params: { max: spec.max } };
      return undefined;
    }
    case 'choice':
      return spec.values.includes(value) ? undefined : { key: 'form.invalidOption' };
    case 'couponBatch':
      return /^[1-9]\d{0,17}$/.test(value) ? undefined : { key: 'activity.couponBatchId' };
    case 'gradient':
      return undefined;
  }
}

/** A gradient climbs: at least one step, each asking for more kWh than the one before. */
function gradientProblems(steps: readonly GradientStep[] | undefined, at: string): FieldRuleMessage[] {
  if (!steps || steps.length === 0) {
    return [{ path: `${at}.gradient`, message: ruleMessage('activity.gradientEmpty') }];
  }
  return steps.flatMap((step, index) => {
    const previous = steps[index - 1];
    return previous && step.degree <= previous.degree
      ? [
          {
            path: `${at}.gradient.${index}.degree`,
            message: ruleMessage('activity.gradientNotRising', { step: index + 1 }),
          },
        ]
      : [];
  });
}

/**
 * Every problem of an activity's rules for its type: a key the type does not take, a key given twice, a
 * value that is not what the key needs, a gradient that does not climb, and each rule the type needs and
 * the request left out (reported on `activityRules`, naming the rule).
 */
export function activityRuleProblems(
  type: ActivityType,
  rules: readonly ActivityRuleValue[],
): FieldRuleMessage[] {
  const taken = TYPE_RULES[type];
  const allowed = new Set<string>([...taken.required, ...taken.optional]);
  const seen = new Set<string>();
  const problems: FieldRuleMessage[] = [];
  rules.forEach((rule, index) => {
    const at = `activityRules.${index}`;
    if (!isRuleKey(rule.ruleKey) || !allowed.has(rule.ruleKey)) {
      problems.push({
        path: `${at}.ruleKey`,
        message: ruleMessage('activity.ruleNotForType', { rule: rule.ruleKey }),
      });
      return;
    }
    if (seen.has(rule.ruleKey)) {
      problems.push({
        path: `${at}.ruleKey`,
        message: ruleMessage('activity.ruleTwice', { rule: rule.ruleKey }),
      });
      return;
    }
    seen.add(rule.ruleKey);
    const spec: RuleSpec = RULE_SPECS[rule.ruleKey];
    const problem = valueProblem(spec, rule);
    if (problem)
      problems.push({
        path: `${at}.ruleValue`,
        message: { key: problem.key, ...(problem.params ? { params: problem.params } : {}) },
      });
    if (spec.kind === 'gradient') problems.push(...gradientProblems(rule.gradient, at));
  });
  for (const key of taken.required) {
    if (!seen.has(key))
      problems.push({ path: 'activityRules', message: ruleMessage('activity.ruleRequired', { rule: key }) });
  }
  return problems;
}
