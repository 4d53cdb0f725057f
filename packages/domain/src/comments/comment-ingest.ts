import { z } from 'zod';
import { USER_ROLES } from '../activities/user-roles.js';
import { ClientCodeSchema } from '../shared/clients.js';
import { EPOCH_MS, INT4, integer, text, trimmedText } from '../shared/input.js';
import { ResourceIdSchema } from '../stations/contract-fields.js';
import { COMMENT_RATING, CommentQualitySchema, CommentSceneSchema } from './comment-codes.js';

export const COMMENT_PICTURES_MAX = 6;
/** Decoded bytes of one picture; base64 makes the text a third longer. */
export const COMMENT_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const COMMENT_TAGS_MAX = 10;

const Base64 = z
  .string()
  .max(Math.ceil(COMMENT_PICTURE_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'commentIngest.pictureNotBase64' });

const optional = (max: number) =>
  trimmedText(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * A comment as a vendor sends it, by its own id: sending the same `externalId` again updates what the user
 * may change (text, rating, tags, deletion, account cancellation, thumbs, visibility), never the marks staff set.
 */
export const CommentIngestSchema = z.object({
  externalId: trimmedText(64).min(1, { error: 'form.required' }),
  resourceId: ResourceIdSchema,
  rating: integer({ min: COMMENT_RATING.min, max: COMMENT_RATING.max }),
  commentaryTime: integer(EPOCH_MS),
  commentaryText: optional(2000),
  commentaryTag: z.array(trimmedText(20).min(1)).max(COMMENT_TAGS_MAX).default([]),
  commentaryImage: z
    .array(z.object({ name: text(128).default('picture'), data: Base64 }))
    .max(COMMENT_PICTURES_MAX)
    .default([]),
  accountId: trimmedText(64).min(1, { error: 'form.required' }),
  userName: optional(64),
  userNickname: optional(64),
  userMobile: trimmedText(20)
    .regex(/^\+?\d{5,19}$/, { error: 'staff.mobilePhone' })
    .nullish(),
  userRole: z.enum(USER_ROLES).nullish(),
  client: ClientCodeSchema.default('other'),
  chargeOrder: optional(64),
  chargeStationId: optional(64),
  scene: CommentSceneSchema.nullish(),
  quality: CommentQualitySchema.default('normal'),
  thumbs: integer({ min: 0, max: INT4.max }).default(0),
  droppedByUser: z.boolean().default(false),
  accountCancellation: z.boolean().default(false),
  appVisible: z.boolean().default(true),
  highQualityRewardSuccess: z.boolean().default(false),
  detail: optional(2000),
  remark: optional(255),
  chargingSpeed: optional(32),
  vehicleName: optional(64),
});
export type CommentIngest = z.input<typeof CommentIngestSchema>;
export type CommentIngested = z.output<typeof CommentIngestSchema>;

export const CommentIngestResultSchema = z.object({ commentaryId: z.number().int(), created: z.boolean() });

/** What the portal tells a vendor about one of its comments, in a signed callback. */
export const COMMENT_CALLBACK_EVENTS = [
  'reply_created',
  'reply_updated',
  'comment_hidden',
  'comment_unhidden',
] as const;
export type CommentCallbackEvent = (typeof COMMENT_CALLBACK_EVENTS)[number];
export const CommentCallbackSchema = z.object({
  event: z.enum(COMMENT_CALLBACK_EVENTS),
  applicationId: z.string(),
  externalId: z.string(),
  commentaryId: z.number().int(),
  reply: z.object({ replyId: z.number().int(), text: z.string() }).nullable(),
  occurredAt: z.number().int(),
});
export type CommentCallback = z.infer<typeof CommentCallbackSchema>;
