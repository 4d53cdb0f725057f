import { z } from 'zod';
import { USER_ROLES } from '../activities/user-roles.js';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { ClientCodeSchema } from '../shared/clients.js';
import { EPOCH_MS, INT4, INT8, idParam, integerParam, text, trimmedText } from '../shared/input.js';
import { ResourceIdSchema } from '../stations/contract-fields.js';
import { OperationListResourceTypeSchema } from '../stations/operation-list-item.js';
import { CommentActionSchema, CommentMarkActionSchema } from './comment-actions.js';
import {
  COMMENT_STATES,
  CommentQualitySchema,
  CommentSceneSchema,
  CommentUserTypeSchema,
  OVERALL_LEVELS,
} from './comment-codes.js';

export const CommentPictureSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type CommentPicture = z.infer<typeof CommentPictureSchema>;

/** An official reply, written by staff in the portal. */
export const CommentReplySchema = z.object({
  replyId: z.number().int(),
  commentaryId: z.number().int(),
  text: z.string(),
  userType: CommentUserTypeSchema,
  userName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CommentReply = z.infer<typeof CommentReplySchema>;

/** A comment with the fields of the spec's list item; the resource fields are the station's own. */
export const CommentSchema = z.object({
  commentaryId: z.number().int(),
  rating: z.number().int(),
  commentaryTime: z.number().int(),
  commentaryText: z.string().nullable(),
  commentaryTag: z.array(z.string()),
  commentaryPicture: z.array(CommentPictureSchema),
  accountId: z.string(),
  userName: z.string().nullable(),
  userNickname: z.string().nullable(),
  /** Whole for operators, masked (138****0000) for viewers. */
  userMobile: z.string().nullable(),
  userType: CommentUserTypeSchema,
  userRole: z.enum(USER_ROLES).nullable(),
  client: ClientCodeSchema,
  resourceId: z.string(),
  resourceName: z.string(),
  resourceType: OperationListResourceTypeSchema,
  regionId: z.string().nullable(),
  region: z.string().nullable(),
  address: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  equipmentOwnerId: z.string().nullable(),
  equipmentOwner: z.string().nullable(),
  chargeOrder: z.string().nullable(),
  chargeStationId: z.string().nullable(),
  scene: CommentSceneSchema,
  quality: CommentQualitySchema,
  thumbs: z.number().int(),
  state: z.enum(COMMENT_STATES),
  top: z.boolean(),
  focused: z.boolean(),
  droppedByAdmin: z.boolean(),
  droppedByUser: z.boolean(),
  accountCancellation: z.boolean(),
  appVisible: z.boolean(),
  highQualityRewardSuccess: z.boolean(),
  detail: z.string().nullable(),
  remark: z.string().nullable(),
  chargingSpeed: z.string().nullable(),
  vehicleName: z.string().nullable(),
  replies: z.array(CommentReplySchema),
  replyNumber: z.number().int(),
  sourceTenantId: z.string(),
  applicationId: z.string().nullable(),
  applicationName: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const COMMENT_SORTABLE = ['commentaryTime', 'rating', 'replyNumber', 'thumbs'] as const;
export const DEFAULT_COMMENT_SORT = 'commentaryTime:desc';
export const COMMENT_ID_LIST_MAX = 200;

// Query strings carry booleans as text and lists comma-joined; JSON bodies carry them as they are.
const BooleanParam = z.union([z.boolean(), z.stringbool()]);
const Count = integerParam({ min: 0, max: INT4.max });
const Time = integerParam(EPOCH_MS);
const IdList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(idParam(INT8)).max(COMMENT_ID_LIST_MAX, { error: 'form.maxItems' }),
);

/** The comment list's filter (spec C3.8.5): station fields by id or a part of the text, times in ms. */
export const CommentFilterSchema = z.object({
  sort: text(100).optional(),
  replyNumberMin: Count.optional(),
  replyNumberMax: Count.optional(),
  commentaryIdList: IdList.optional(),
  hasCommentaryText: BooleanParam.optional(),
  chargeStationOperatorId: text(64).optional(),
  /** A GB/T 2260 code of any level: comments of stations in that province, city or district. */
  chargeStationRegionId: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  equipmentOwnerId: text(64).optional(),
  startTime: Time.optional(),
  endTime: Time.optional(),
  chargeStationAddress: trimmedText(255).optional(),
  chargeStationDescription: trimmedText(255).optional(),
  mobile: trimmedText(20).optional(),
  resourceId: text(64).optional(),
  client: ClientCodeSchema.optional(),
  /** The comments of one commenter (the account page's list). */
  accountId: trimmedText(64).optional(),
});
export type CommentFilter = z.infer<typeof CommentFilterSchema>;
export type CommentFilterInput = z.input<typeof CommentFilterSchema>;

export const CommentListQuerySchema = PageQuery.extend(CommentFilterSchema.shape);
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;
export type CommentListRequest = z.input<typeof CommentListQuerySchema>;
export const CommentPageSchema = pageOf(CommentSchema);
export type CommentPage = z.infer<typeof CommentPageSchema>;

/** `GET /api/{tenant}/comments/export`: the list's filter and order, the file's format and columns. */
export const CommentExportQuerySchema = CommentFilterSchema.extend(ExportOptionsSchema.shape);

export const CommentMarkSchema = z.object({ action: CommentMarkActionSchema });
export type CommentMark = z.infer<typeof CommentMarkSchema>;
export const CommentBatchMarkSchema = z.object({
  commentaryIds: z
    .array(z.number().int().min(1).max(INT8.max))
    .min(1, { error: 'form.required' })
    .max(COMMENT_ID_LIST_MAX, { error: 'form.maxItems' }),
  action: CommentMarkActionSchema,
});
export type CommentBatchMark = z.infer<typeof CommentBatchMarkSchema>;
/** How many comments a batch changed; the others already were as asked. */
export const CommentBatchMarkResultSchema = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
});

export const OFFICIAL_REPLY_MAX_LENGTH = 500;
const ReplyText = trimmedText(OFFICIAL_REPLY_MAX_LENGTH).min(1, { error: 'form.required' });
export const OfficialReplyCreateSchema = z.object({
  commentaryId: z.number().int().min(1).max(INT8.max),
  text: ReplyText,
});
export type OfficialReplyCreate = z.infer<typeof OfficialReplyCreateSchema>;
export const OfficialReplyEditSchema = z.object({ text: ReplyText });
export type OfficialReplyEdit = z.infer<typeof OfficialReplyEditSchema>;

const ActionList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(CommentActionSchema).max(20),
);

/** The comment operation filter (C3.8.6); `lastRecordId` continues after the last record already read. */
export const CommentOperationQuerySchema = PageQuery.extend({
  commentaryId: idParam(INT8).optional(),
  actions: ActionList.optional(),
  userId: idParam(INT4).optional(),
  userType: CommentUserTypeSchema.optional(),
  operationTimeBegin: Time.optional(),
  operationTimeEnd: Time.optional(),
  lastRecordId: idParam(INT8).optional(),
});
export type CommentOperationQuery = z.infer<typeof CommentOperationQuerySchema>;
export type CommentOperationRequest = z.input<typeof CommentOperationQuerySchema>;

export const CommentOperationSchema = z.object({
  recordId: z.number().int(),
  commentaryId: z.number().int(),
  action: CommentActionSchema,
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userType: CommentUserTypeSchema,
  operationTime: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type CommentOperation = z.infer<typeof CommentOperationSchema>;
export const CommentOperationPageSchema = pageOf(CommentOperationSchema).extend({
  /** The cursor for the next page: the last record's id, null when nothing follows. */
  lastRecordId: z.number().int().nullable(),
});
export type CommentOperationPage = z.infer<typeof CommentOperationPageSchema>;

/** What the portal knows of a commenter: the account as the latest comment brought it, and its comments. */
export const CommenterAccountSchema = z.object({
  accountId: z.string(),
  userName: z.string().nullable(),
  userNickname: z.string().nullable(),
  userMobile: z.string().nullable(),
  userRole: z.enum(USER_ROLES).nullable(),
  client: ClientCodeSchema,
  commentCount: z.number().int(),
  hiddenCount: z.number().int(),
  averageRating: z.number(),
  firstCommentTime: z.number().int(),
  lastCommentTime: z.number().int(),
});
export type CommenterAccount = z.infer<typeof CommenterAccountSchema>;
export const CommentAccountQuerySchema = PageQuery.extend({ accountId: trimmedText(64).min(1) });
export type CommentAccountRequest = z.input<typeof CommentAccountQuerySchema>;

export const CommentSummaryQuerySchema = z.object({ resource_id: ResourceIdSchema });
/** A commentary tag as the summary counts it: the tag's text is its id. */
export const ResourceSummaryTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number().int(),
});
export const ResourceSummarySchema = z.object({
  sceneName: CommentSceneSchema,
  averageScore: z.number(),
  times: z.number().int(),
  tags: z.array(ResourceSummaryTagSchema),
});
/** `GET /comments/summary`: the station's visible comments, overall and per scene. */
export const CommentSummarySchema = z.object({
  resourceId: z.string(),
  overallScore: z.number().nullable(),
  overallLevel: z.enum(OVERALL_LEVELS).nullable(),
  times: z.number().int(),
  /**
   * The station's comments the app does not show (hidden by staff, withdrawn, of a cancelled account, not in
   * the app), which `times` leaves out and the comment list, for moderation, still holds.
   */
  notShown: z.number().int(),
  scenes: z.array(ResourceSummarySchema),
});
export type CommentSummary = z.infer<typeof CommentSummarySchema>;

/**
 * `GET /comments/environment` (C7.3.35): what the comment screens offer to choose from, as codes the screens
 * label: clients, scenes, states, and the tenant's vendors by name.
 */
export const CommentEnvironmentSchema = z.object({
  clients: z.array(ClientCodeSchema),
  scenes: z.array(CommentSceneSchema),
  states: z.array(z.enum(COMMENT_STATES)),
  vendors: z.array(
    z.object({ applicationId: z.string(), applicationName: z.string(), sourceId: z.string() }),
  ),
});
export type CommentEnvironment = z.infer<typeof CommentEnvironmentSchema>;
