import { z } from 'zod';

/** What a comment is about, from the vendor or else from the station's type. */
export const COMMENT_SCENES = ['charge', 'swap', 'other'] as const;
export const CommentSceneSchema = z.enum(COMMENT_SCENES);
export type CommentScene = z.infer<typeof CommentSceneSchema>;

/**
 * Where a comment stands, derived from its flags in this order: the user deleted it, staff hid it, the
 * user cancelled the account, the vendor keeps it out of the app, else it shows (docs/decisions.md).
 */
export const COMMENT_STATES = [
  'visible',
  'deleted_by_user',
  'hidden_by_admin',
  'account_cancelled',
  'not_in_app',
] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

export const commentState = (flags: {
  droppedByUser: boolean;
  droppedByAdmin: boolean;
  accountCancellation: boolean;
  appVisible: boolean;
}): CommentState => {
  if (flags.droppedByUser) return 'deleted_by_user';
  if (flags.droppedByAdmin) return 'hidden_by_admin';
  if (flags.accountCancellation) return 'account_cancelled';
  if (!flags.appVisible) return 'not_in_app';
  return 'visible';
};

/** Who wrote a comment or acted on one: an app user, a staff member of the portal, or the portal itself. */
export const COMMENT_USER_TYPES = ['user', 'staff', 'system'] as const;
export const CommentUserTypeSchema = z.enum(COMMENT_USER_TYPES);
export type CommentUserType = z.infer<typeof CommentUserTypeSchema>;

export const COMMENT_QUALITIES = ['normal', 'high'] as const;
export const CommentQualitySchema = z.enum(COMMENT_QUALITIES);
export type CommentQuality = z.infer<typeof CommentQualitySchema>;

export const COMMENT_RATING = { min: 1, max: 5 } as const;

/** The overall level of a station's average rating, best first with the lowest average of each. */
export const OVERALL_LEVELS = ['excellent', 'good', 'fair', 'poor'] as const;
export type OverallLevel = (typeof OVERALL_LEVELS)[number];
const LEVEL_FLOORS: readonly [OverallLevel, number][] = [
  ['excellent', 4.5],
  ['good', 4],
  ['fair', 3],
  ['poor', 0],
];
export const overallLevel = (score: number): OverallLevel =>
  LEVEL_FLOORS.find(([, floor]) => score >= floor)![0];
