import { z } from 'zod';

export const COMMENT_ACTIONS = [
  'TOP_COMMENT',
  'CANCEL_TOP_COMMENT',
  'HIDE_COMMENT',
  'CANCEL_HIDE_COMMENT',
  'FOCUSED',
  'CANCEL_FOCUSED',
  'CREATE_REPLY',
  'UPDATE_REPLY',
] as const;
export const CommentActionSchema = z.enum(COMMENT_ACTIONS);
export type CommentAction = z.infer<typeof CommentActionSchema>;

export interface CommentFlags {
  top: boolean;
  focused: boolean;
  droppedByAdmin: boolean;
}

/** The flag a marking action sets; hiding is the admin's drop, unlike the user's own. Replies set none. */
export const COMMENT_ACTION_FLAGS = {
  TOP_COMMENT: { top: true },
  CANCEL_TOP_COMMENT: { top: false },
  HIDE_COMMENT: { droppedByAdmin: true },
  CANCEL_HIDE_COMMENT: { droppedByAdmin: false },
  FOCUSED: { focused: true },
  CANCEL_FOCUSED: { focused: false },
  CREATE_REPLY: {},
  UPDATE_REPLY: {},
} as const satisfies Record<CommentAction, Partial<CommentFlags>>;

/** The actions that mark a comment (one or many at once); replies have calls of their own. */
export const COMMENT_MARK_ACTIONS = [
  'TOP_COMMENT',
  'CANCEL_TOP_COMMENT',
  'HIDE_COMMENT',
  'CANCEL_HIDE_COMMENT',
  'FOCUSED',
  'CANCEL_FOCUSED',
] as const satisfies readonly CommentAction[];
export const CommentMarkActionSchema = z.enum(COMMENT_MARK_ACTIONS);
export type CommentMarkAction = z.infer<typeof CommentMarkActionSchema>;
