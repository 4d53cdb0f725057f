import { z } from 'zod';
import { isEmptyInput } from '../shared/form-rules.js';

/** Rule keys the spec names exactly; the assist reward keys are carried as the forms name them. */
export const ACTIVITY_RULE_KEYS = [
  'basic_point',
  'reward_number_per_resource',
  'max_active_resource_number',
  'individual_claim_frequency',
  'graded_charging_degree',
] as const;

export const ActivityRuleSchema = z.object({ ruleKey: z.string().min(1), ruleValue: z.string() });
export type ActivityRule = z.infer<typeof ActivityRuleSchema>;

export type RuleFormValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * Activity, lottery and red-packet forms send a rule only when it has a value: an empty rule would
 * override the service's default with nothing.
 */
export function toActivityRules(values: Readonly<Record<string, RuleFormValue>>): ActivityRule[] {
  return Object.entries(values).flatMap(([ruleKey, value]) => {
    if (isEmptyInput(value)) return [];
    const ruleValue = Array.isArray(value) ? value.join(',') : String(value);
    return [{ ruleKey, ruleValue }];
  });
}

export const fromActivityRules = (rules: readonly ActivityRule[]): Record<string, string> =>
  Object.fromEntries(rules.map((rule) => [rule.ruleKey, rule.ruleValue]));
