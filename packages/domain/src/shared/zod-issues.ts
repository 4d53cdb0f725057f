import type { z } from 'zod';
import { isMessageKey, type MessageKey, type RuleMessage } from '../messages/format.js';

export interface FieldRuleMessage {
  path: string;
  message: RuleMessage;
}

/**
 * Our schemas put a message key in each issue's message; the limits stay in the issue, so they become the
 * params the catalog texts use (`{max}`, `{min}`). An issue with Zod's own English message (a value outside
 * an enumeration, a word where a number belongs) gets the catalog's words for its kind instead, so no reader
 * sees "Invalid option: expected one of …".
 */
export function ruleMessageOfIssue(issue: z.core.$ZodIssue): RuleMessage {
  if (!isMessageKey(issue.message)) return { key: zodIssueKey(issue) };
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

function zodIssueKey(issue: z.core.$ZodIssue): MessageKey {
  switch (issue.code) {
    case 'invalid_value':
      return 'form.invalidOption';
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint'
        ? 'form.number'
        : 'form.invalidInput';
    case 'invalid_format':
      return 'form.invalidFormat';
    default:
      return 'form.invalidInput';
  }
}
