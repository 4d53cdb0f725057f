import { describe, expect, it } from 'vitest';
import { COMMENT_ACTION_FLAGS, COMMENT_ACTIONS, CommentActionSchema } from './comment-actions.js';

describe('comment actions', () => {
  it('should list the eight actions', () => {
    expect(COMMENT_ACTIONS).toEqual([
      'TOP_COMMENT',
      'CANCEL_TOP_COMMENT',
      'HIDE_COMMENT',
      'CANCEL_HIDE_COMMENT',
      'FOCUSED',
      'CANCEL_FOCUSED',
      'CREATE_REPLY',
      'UPDATE_REPLY',
    ]);
    expect(CommentActionSchema.safeParse('DELETE_COMMENT').success).toBe(false);
  });

  it('should toggle top, hidden and focused and leave the flags alone for replies', () => {
    expect(COMMENT_ACTION_FLAGS.TOP_COMMENT).toEqual({ top: true });
    expect(COMMENT_ACTION_FLAGS.CANCEL_TOP_COMMENT).toEqual({ top: false });
    expect(COMMENT_ACTION_FLAGS.HIDE_COMMENT).toEqual({ droppedByAdmin: true });
    expect(COMMENT_ACTION_FLAGS.CANCEL_HIDE_COMMENT).toEqual({ droppedByAdmin: false });
    expect(COMMENT_ACTION_FLAGS.FOCUSED).toEqual({ focused: true });
    expect(COMMENT_ACTION_FLAGS.CANCEL_FOCUSED).toEqual({ focused: false });
    expect(COMMENT_ACTION_FLAGS.CREATE_REPLY).toEqual({});
    expect(COMMENT_ACTION_FLAGS.UPDATE_REPLY).toEqual({});
  });
});
