// Kept free of schemas: the H5 share page's own small bundle reads it.

/**
 * What a share template is shared as (the H5 page's `share_type`). The spec names the parameter, not its
 * values; these are the things the apps share (docs/decisions.md "Share templates").
 */
export const SHARE_TYPES = [
  'activity',
  'poster',
  'group_invite',
  'invite_register',
  'station',
  'other',
] as const;
export type ShareType = (typeof SHARE_TYPES)[number];
