import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { ruleMessage, type RuleMessage } from '../messages/format.js';

/** Upper-case values are states of a group; lower-case ones are the chat service's refusals. */
export const CHAT_STATUSES = [
  'NORMAL',
  'DESTROY',
  'INVALID',
  'illegal_operation',
  'im_group_not_exist',
] as const;
export const ChatStatusSchema = z.enum(CHAT_STATUSES);
export type ChatStatus = z.infer<typeof ChatStatusSchema>;

export const CHAT_STATUS_LABELS = {
  NORMAL: 'chatStatus.normal',
  DESTROY: 'chatStatus.destroyed',
  INVALID: 'chatStatus.invalid',
  illegal_operation: 'chatStatus.illegalOperation',
  im_group_not_exist: 'chatStatus.groupNotExist',
} as const satisfies Record<ChatStatus, MessageKey>;

/** The message to show for a status that means the operation cannot go on; none for a usable group. */
export function chatStatusProblem(status: string): RuleMessage | undefined {
  if (status === 'illegal_operation') return ruleMessage('chatStatus.illegalOperation');
  if (status === 'im_group_not_exist') return ruleMessage('chatStatus.groupNotExist');
  return undefined;
}
