import type { z } from 'zod';
import type { RuleMessage } from '../messages/format.js';

export interface FieldRuleMessage {
  path: string;
  message: RuleMessage;
}

/**
 * Our schemas put a message key in each issue's message; the limits stay in the issue, so they become the
 * params the catalog texts use (`{max}`, `{min}`). Zod's own messages pass through as keys and show as is.
 */
export function ruleMessageOfIssue(issue: z.core.$ZodIssue): RuleMessage {
  const params: Record<string, string | number> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'custom') {
    for (const [name, value] of Object.entries(issue.params ?? {})) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  return Object.keys(params).length === 0 ? { key: issue.message } : { key: issue.message, params };
}

export const fieldRuleMessages = (error: z.ZodError): FieldRuleMessage[] =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: ruleMessageOfIssue(issue) }));
