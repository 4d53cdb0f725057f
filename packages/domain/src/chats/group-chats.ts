import { z } from 'zod';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { INT4, id, idParam, integer, integerParam, isWebLink, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';
import { ChatClientSchema, DEFAULT_CHAT_SWITCH } from './chat-clients.js';
import { ChatStatusSchema } from './chat-statuses.js';

/** A group's chat switch: 0 closed to the apps (the default), 1 open. */
export const CHAT_SWITCHES = [0, 1] as const;
export const ChatSwitchSchema = z.union([z.literal(0), z.literal(1)], { error: 'form.invalidOption' });
export type ChatSwitch = z.infer<typeof ChatSwitchSchema>;

/** The states a group is in; the lower-case chat statuses are refusals, never stored (chat-statuses.ts). */
export const GROUP_STATES = ['NORMAL', 'INVALID', 'DESTROY'] as const;
export const GroupStateSchema = z.enum(GROUP_STATES, { error: 'form.invalidOption' });
export type GroupState = z.infer<typeof GroupStateSchema>;

/**
 * The moves staff may make (docs/decisions.md "Group chats"): a normal group is made invalid and back, and
 * either is destroyed; a destroyed group is gone. Any other move is refused.
 */
export const GROUP_STATE_MOVES: Readonly<Record<GroupState, readonly GroupState[]>> = {
  NORMAL: ['INVALID', 'DESTROY'],
  INVALID: ['NORMAL', 'DESTROY'],
  DESTROY: [],
};

/**
 * What stops a move, as the chat service's status: im_group_not_exist for a destroyed group,
 * illegal_operation for a move the group's state does not offer; undefined when it may go on.
 */
export function groupMoveProblem(
  from: GroupState,
  to: GroupState,
): 'illegal_operation' | 'im_group_not_exist' | undefined {
  if (from === 'DESTROY') return 'im_group_not_exist';
  return GROUP_STATE_MOVES[from].includes(to) ? undefined : 'illegal_operation';
}

/** Members a new group takes at most, unless staff set another maximum. */
export const DEFAULT_MAX_MEMBER_NUM = 500;
export const MAX_MAX_MEMBER_NUM = 2000;

/** An app account id, as the account service keeps it. */
const AccountId = trimmedText(64).min(1, { error: 'form.required' });
const StationId = trimmedText(64).min(1, { error: 'form.required' });

/** What staff enter for a group beside its station and client. */
const GroupFieldsSchema = z.object({
  chatSwitch: ChatSwitchSchema.default(DEFAULT_CHAT_SWITCH as ChatSwitch),
  /** The app account that owns the group; it is the group's first member. */
  owner: AccountId,
  groupName: requiredText(64),
  groupIntro: optionalText(512),
  /** A picture's address the apps and the H5 page show (http or https). */
  groupCover: optionalText(1024).refine((v) => v == null || isWebLink(v), { error: 'notification.badUrl' }),
  maxMemberNum: integer({ min: 2, max: MAX_MAX_MEMBER_NUM }).default(DEFAULT_MAX_MEMBER_NUM),
});

/** `POST /api/{tenant}/group-chats`: a station's group for one client (spec chat-group/save, creating). */
export const GroupChatCreateSchema = GroupFieldsSchema.extend({
  resourceId: StationId,
  clientCode: ChatClientSchema,
});
export type GroupChatCreate = z.input<typeof GroupChatCreateSchema>;
export type GroupChatCreateFields = z.output<typeof GroupChatCreateSchema>;

/**
 * `PUT /api/{tenant}/group-chats/:groupId` (spec chat-group/save, changing): the fields again with the
 * version read. The station and the client name the group and do not change.
 */
export const GroupChatUpdateSchema = GroupFieldsSchema.extend({ version: id(INT4) });
export type GroupChatUpdate = z.input<typeof GroupChatUpdateSchema>;
export type GroupChatUpdateFields = z.output<typeof GroupChatUpdateSchema>;

/** `POST …/:groupId/status`: a move of the group's state, from the version read. */
export const GroupChatStatusChangeSchema = z.object({ chatStatus: GroupStateSchema, version: id(INT4) });
export type GroupChatStatusChange = z.infer<typeof GroupChatStatusChangeSchema>;

export const GroupChatParamsSchema = z.object({ groupId: idParam() });

/** The group's detail (spec M3.7.1): its state and head count. */
export const GroupChatDetailSchema = z.object({
  chatStatus: ChatStatusSchema,
  memberNum: z.number().int(),
  maxMemberNum: z.number().int(),
});

/** A group chat (spec M3.7.1); `detail` is null in a list asked without `needChatInfoDetail`. */
export const GroupChatSchema = z.object({
  id: z.number().int(),
  tenantId: z.string(),
  clientCode: ChatClientSchema,
  resourceId: z.string(),
  resourceName: z.string().nullable(),
  chatSwitch: ChatSwitchSchema,
  chatId: z.string(),
  owner: z.string(),
  ownerNickname: z.string().nullable(),
  groupName: z.string(),
  groupIntro: z.string().nullable(),
  groupCover: z.string().nullable(),
  detail: GroupChatDetailSchema.nullable(),
  creator: z.string().nullable(),
  updater: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  version: z.number().int(),
});
export type GroupChat = z.infer<typeof GroupChatSchema>;
export const GroupChatPageSchema = pageOf(GroupChatSchema);
export type GroupChatPage = z.infer<typeof GroupChatPageSchema>;

const BooleanParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const GROUP_CHAT_SORTABLE = ['createdAt', 'updatedAt', 'id'] as const;

/**
 * The group chat filter (spec M3.7.3). The tenant is the one in the address; `tenantId` is taken for the
 * spec's sake and must name it (an other tenant's groups are never listed).
 */
export const GroupChatFilterSchema = z.object({
  clientCode: ChatClientSchema.optional(),
  tenantId: trimmedText(16).optional(),
  resourceId: trimmedText(64).optional(),
  chatSwitch: integerParam({ min: 0, max: 1 }).optional(),
  chatId: trimmedText(64).optional(),
  owner: trimmedText(64).optional(),
  chatStatus: GroupStateSchema.optional(),
  needChatInfoDetail: BooleanParam.default(true),
  sort: text(100).optional(),
});
export type GroupChatFilter = z.infer<typeof GroupChatFilterSchema>;
export const GroupChatListQuerySchema = GroupChatFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type GroupChatListQuery = z.infer<typeof GroupChatListQuerySchema>;
export type GroupChatListRequest = z.input<typeof GroupChatListQuerySchema>;

/** Spec chat-group/get-one: the group of a station for a client. */
export const GroupChatOneQuerySchema = z.object({ resourceId: StationId, clientCode: ChatClientSchema });

/** A member of a group, as staff see it. */
export const GroupMemberSchema = z.object({
  accountId: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  clientCode: ChatClientSchema,
  /** The account that invited the member, when it joined through an invitation. */
  invitedBy: z.string().nullable(),
  owner: z.boolean(),
  joinedAt: EpochMs,
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;
export const GroupMemberPageSchema = pageOf(GroupMemberSchema);
export type GroupMemberPage = z.infer<typeof GroupMemberPageSchema>;
export const GroupMemberListQuerySchema = z.object({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});

/**
 * `POST …/:groupId/app-notify` (spec appNotify): an in-app notification to every member of the group. The
 * payload each member's row carries is `GroupNotificationPayload`.
 */
export const GroupNotifySchema = z.object({
  title: requiredText(64),
  content: requiredText(512),
  linkUrl: optionalText(1024).refine((v) => v == null || isWebLink(v), { error: 'notification.badUrl' }),
});
export type GroupNotify = z.input<typeof GroupNotifySchema>;

/** What the push area delivers for one member (docs/decisions.md "Group chats", appNotify). */
export const GroupNotificationPayloadSchema = z.object({
  type: z.literal('group_chat_notice'),
  groupId: z.number().int(),
  chatId: z.string(),
  groupName: z.string(),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string().nullable(),
});
export type GroupNotificationPayload = z.infer<typeof GroupNotificationPayloadSchema>;

/** Outbox rows wait as `pending` until the push area delivers them. */
export const GROUP_NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type GroupNotificationStatus = (typeof GROUP_NOTIFICATION_STATUSES)[number];

export const GroupNotifyReceiptSchema = z.object({
  batchId: z.string(),
  recipients: z.number().int(),
  status: z.enum(GROUP_NOTIFICATION_STATUSES),
});
export type GroupNotifyReceipt = z.infer<typeof GroupNotifyReceiptSchema>;

/** A notice sent to a group, with how many of its rows wait for delivery. */
export const GroupNoticeSchema = z.object({
  batchId: z.string(),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string().nullable(),
  recipients: z.number().int(),
  pending: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: EpochMs,
});
export type GroupNotice = z.infer<typeof GroupNoticeSchema>;
export const GroupNoticeListSchema = z.object({ items: z.array(GroupNoticeSchema) });

// The apps' back end (signed app API).

/** `POST /api/app/group-chats/:groupId/members`: an account joins, perhaps through an invitation. */
export const AppGroupJoinSchema = z.object({
  accountId: AccountId,
  clientCode: ChatClientSchema,
  /** The `inviterIdEncrypt` of the group info the invitation carried. */
  inviterIdEncrypt: text(256).optional(),
});
export const AppGroupMemberParamsSchema = z.object({ groupId: idParam(), accountId: text(64).min(1) });

/** `POST /api/app/group-chats/basic-info`: the group info an invitation's H5 page shows. */
export const AppGroupInfoRequestSchema = z.object({
  groupId: id(INT4),
  /** The account inviting; the answer carries it encrypted, never as it is. */
  inviterId: AccountId.optional(),
});

/** Members the group info lists at most (the H5 page shows a row of avatars). */
export const GROUP_INFO_MEMBER_LIMIT = 20;

/** The group info of the H5 page (spec §3 "Group info (H5)"). */
export const GroupBasicInfoSchema = z.object({
  groupId: z.number().int(),
  inviterIdEncrypt: z.string().nullable(),
  groupName: z.string(),
  groupCover: z.string().nullable(),
  groupIntro: z.string().nullable(),
  memberSize: z.number().int(),
  memberList: z.array(z.object({ nickname: z.string().nullable(), avatar: z.string().nullable() })),
});
export type GroupBasicInfo = z.infer<typeof GroupBasicInfoSchema>;
