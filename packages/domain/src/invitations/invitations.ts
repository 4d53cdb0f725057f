import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { pageOf, PageQuery } from '../platform/paging.js';
import { EPOCH_MS, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { INVITATION_KIND_PATHS, INVITE_STATUSES_OF, InvitationKindSchema } from './invitation-codes.js';

const AccountId = trimmedText(64).min(1, { error: 'form.required' });

/** An invitation as the app back end sends it (`POST /api/app/invitations`), by its own id. */
export const InvitationIngestSchema = z
  .object({
    kind: InvitationKindSchema,
    /** The app's id of the invitation: sending it again updates its status. */
    externalId: trimmedText(64).min(1, { error: 'form.required' }),
    /** The invitee's account id. */
    userId: AccountId,
    /** The inviter's account id. */
    inviterId: AccountId,
    inviteStatus: text(32),
    createTime: integer(EPOCH_MS),
    /** When the status last changed; the creation time when absent. */
    updateTime: integer(EPOCH_MS).optional(),
  })
  .superRefine((value, context) => {
    if (!INVITE_STATUSES_OF[value.kind].includes(value.inviteStatus)) {
      context.addIssue({
        code: 'custom',
        path: ['inviteStatus'],
        message: 'form.invalidOption',
      });
    }
  });
export type InvitationIngest = z.input<typeof InvitationIngestSchema>;
export type InvitationIngested = z.output<typeof InvitationIngestSchema>;

/** 201 when the invitation is new, 200 when the sending updated it (or was older than what is kept). */
export const InvitationIngestResultSchema = z.object({
  invitationId: z.number().int(),
  created: z.boolean(),
});
export type InvitationIngestResult = z.infer<typeof InvitationIngestResultSchema>;

/** The spec's simple account: whose invitation it is, masked mobile for viewers; null when not yet received. */
export const InviteAccountSchema = z.object({
  accountId: z.string(),
  nickname: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type InviteAccount = z.infer<typeof InviteAccountSchema>;

/** A row of the invite list (C3.10.9): the invitee, who invited them, and how many they invited in turn. */
export const InviteListItemSchema = z.object({
  invitationId: z.number().int(),
  kind: InvitationKindSchema,
  externalId: z.string(),
  userId: z.string(),
  inviterId: z.string(),
  inviteStatus: z.string(),
  /** How many users this invitee has invited, of the same kind. */
  invitedCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  /** The invitee's account. */
  account: InviteAccountSchema.nullable(),
  inviterAccount: InviteAccountSchema.nullable(),
});
export type InviteListItem = z.infer<typeof InviteListItemSchema>;
export const InvitePageSchema = pageOf(InviteListItemSchema);
export type InvitePage = z.infer<typeof InvitePageSchema>;

export const INVITE_SORTABLE = ['createTime'] as const;

/** The spec's invite filter (C3.10.10); `mobile` is the invitee's, matched whole. */
export const InviteFilterSchema = z.object({
  inviterId: trimmedText(64).optional(),
  inviteeId: trimmedText(64).optional(),
  mobile: trimmedText(20).optional(),
  sort: text(100).optional(),
});
export type InviteFilter = z.infer<typeof InviteFilterSchema>;
export const InviteListQuerySchema = PageQuery.extend(InviteFilterSchema.shape);
export type InviteListQuery = z.infer<typeof InviteListQuerySchema>;
export type InviteListRequest = z.input<typeof InviteListQuerySchema>;
export const InviteExportQuerySchema = InviteFilterSchema.extend(ExportOptionsSchema.shape);

/** The staff API names the kinds in its paths as `register` and `car-purchase`. */
export const InvitationKindParamsSchema = z.object({
  kind: z.enum([INVITATION_KIND_PATHS.register, INVITATION_KIND_PATHS.car_purchase]),
});

/**
 * A user's invite record (C7.1.15): who invited them (null when nobody did), how many they invited, and
 * their account.
 */
export const InviteRecordSchema = z.object({
  kind: InvitationKindSchema,
  userId: z.string(),
  inviterId: z.string().nullable(),
  inviteStatus: z.string().nullable(),
  createTime: z.number().int().nullable(),
  invitedCount: z.number().int(),
  account: InviteAccountSchema.nullable(),
  inviterAccount: InviteAccountSchema.nullable(),
});
export type InviteRecord = z.infer<typeof InviteRecordSchema>;

export const INVITE_TREE_LIMITS = {
  /** Levels below the inviter one request answers. */
  maxDepth: 3,
  /** Invitees of one inviter one request answers, newest first; `invitedCount` says how many there are. */
  maxBreadth: 50,
  /** Nodes one request answers at the most, over all levels. */
  maxNodes: 1000,
} as const;

export const InviteTreeQuerySchema = z.object({
  accountId: AccountId,
  depth: integerParam({ min: 1, max: INVITE_TREE_LIMITS.maxDepth }).default(2),
  breadth: integerParam({ min: 1, max: INVITE_TREE_LIMITS.maxBreadth }).default(20),
});
export type InviteTreeQuery = z.infer<typeof InviteTreeQuerySchema>;

/** An invitee in an inviter's tree, at `level` 1 (invited by the root) and below, under `inviterId`. */
export const InviteTreeNodeSchema = z.object({
  userId: z.string(),
  inviterId: z.string(),
  level: z.number().int(),
  inviteStatus: z.string(),
  createTime: z.number().int(),
  invitedCount: z.number().int(),
  account: InviteAccountSchema.nullable(),
});
export type InviteTreeNode = z.infer<typeof InviteTreeNodeSchema>;

/**
 * The invitees of an inviter level by level, as a flat list in level order: each node names its inviter.
 * `truncated` says that a level was cut at the node limit; a node whose children were not answered
 * (deeper than asked, or beyond the breadth) still says how many it invited.
 */
export const InviteTreeSchema = z.object({
  kind: InvitationKindSchema,
  root: z.object({
    accountId: z.string(),
    invitedCount: z.number().int(),
    account: InviteAccountSchema.nullable(),
  }),
  nodes: z.array(InviteTreeNodeSchema),
  truncated: z.boolean(),
});
export type InviteTree = z.infer<typeof InviteTreeSchema>;
