import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { SHARE_TYPES, type ShareType } from './share-types.js';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { SHARE_PICTURE_MAX } from '../posters/poster-defaults.js';
import { INT4, id, idParam, integerParam, isWebLink, text, trimmedText } from '../shared/input.js';
import { EpochMs, optionalText, requiredText } from '../stations/contract-fields.js';

export { SHARE_TYPES, type ShareType };
export const ShareTypeSchema = z.enum(SHARE_TYPES, { error: 'form.invalidOption' });
export const SHARE_TYPE_LABELS = {
  activity: 'shareType.activity',
  poster: 'shareType.poster',
  group_invite: 'shareType.groupInvite',
  invite_register: 'shareType.inviteRegister',
  station: 'shareType.station',
  other: 'shareType.other',
} as const satisfies Record<ShareType, MessageKey>;

export { SHARE_PICTURE_MAX };

/** The code posters and apps name a template's share info by: unique in the tenant. */
export const ShareInfoIdSchema = trimmedText(64)
  .min(1, { error: 'form.required' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'shareTemplates.shareInfoIdFormat' });

/** A picture of the share card: a file uploaded to the tenant (`POST /api/{tenant}/files`), an image. */
const SharePicFileId = z.uuid({ error: 'shareTemplates.pictureId' });

/** The post share info (spec M3.5.7): what a shared card shows and where it leads. */
export const ShareInfoFieldsSchema = z.object({
  /** Up to 5 pictures, the first one the card's (spec §9 "Share picture max 5"). */
  sharePic: z
    .array(SharePicFileId)
    .max(SHARE_PICTURE_MAX, { error: 'sharePictures.tooMany' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'shareTemplates.pictureTwice' })
    .default([]),
  shareTitle: requiredText(64),
  description: optionalText(255),
  landingPage: text(1024)
    .trim()
    .min(1, { error: 'form.required' })
    .refine(isWebLink, { error: 'notification.badUrl' }),
});

/** `POST /api/{tenant}/share-templates`: a template of a share type with its share info. */
export const ShareTemplateFieldsSchema = ShareInfoFieldsSchema.extend({
  shareType: ShareTypeSchema,
  shareInfoId: ShareInfoIdSchema,
});
export type ShareTemplateFields = z.output<typeof ShareTemplateFieldsSchema>;
export type ShareTemplateCreate = z.input<typeof ShareTemplateFieldsSchema>;

/** `PUT /api/{tenant}/share-templates/:shareTempletId`: every field again, with the version read. */
export const ShareTemplateUpdateSchema = ShareTemplateFieldsSchema.extend({
  version: id(INT4),
});
export type ShareTemplateUpdate = z.input<typeof ShareTemplateUpdateSchema>;

export const ShareTemplateParamsSchema = z.object({ shareTempletId: idParam() });

/** `DELETE …/:shareTempletId?version=N`: the version read, so a stale delete is refused. */
export const ShareTemplateDeleteQuerySchema = z.object({ version: integerParam({ min: 1, max: INT4.max }) });

export const SharePictureSchema = z.object({ fileId: z.string(), url: z.string() });
export type SharePicture = z.infer<typeof SharePictureSchema>;

/** A share template as staff see it (spec M3.5.7): `url`s are the portal's, read with the session. */
export const ShareTemplateSchema = z.object({
  shareTempletId: z.number().int(),
  shareType: ShareTypeSchema,
  shareInfoId: z.string(),
  sharePic: z.array(SharePictureSchema),
  shareTitle: z.string(),
  description: z.string().nullable(),
  landingPage: z.string(),
  creator: z.string().nullable(),
  updater: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  version: z.number().int(),
});
export type ShareTemplate = z.infer<typeof ShareTemplateSchema>;

export const ShareTemplatePageSchema = pageOf(ShareTemplateSchema);
export type ShareTemplatePage = z.infer<typeof ShareTemplatePageSchema>;

export const SHARE_TEMPLATE_SORTABLE = ['updatedAt', 'createdAt', 'shareTempletId'] as const;

/** The share template list's filter: `GET /api/{tenant}/share-templates`. */
export const ShareTemplateFilterSchema = z.object({
  shareType: ShareTypeSchema.optional(),
  shareInfoId: trimmedText(64).optional(),
  shareTitle: trimmedText(64).optional(),
  sort: text(100).optional(),
});
export type ShareTemplateFilter = z.infer<typeof ShareTemplateFilterSchema>;
export const ShareTemplateListQuerySchema = ShareTemplateFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type ShareTemplateListQuery = z.infer<typeof ShareTemplateListQuerySchema>;
export type ShareTemplateListRequest = z.input<typeof ShareTemplateListQuerySchema>;

/** The apps' read (spec §7 `GET …/share/templet` with `share_type` and `share_templet_id`). */
export const AppShareTemplateQuerySchema = z.object({
  share_type: ShareTypeSchema,
  share_templet_id: idParam(),
});

/**
 * The post share info as the apps and the H5 page get it: `sharePic` are public addresses of the pictures
 * (`/api/public/share-pictures/{fileId}`, on the portal's public address when one is configured).
 */
export const AppShareTemplateSchema = z.object({
  shareTempletId: z.number().int(),
  shareType: ShareTypeSchema,
  shareInfoId: z.string(),
  sharePic: z.array(z.string()),
  shareTitle: z.string(),
  description: z.string().nullable(),
  landingPage: z.string(),
});
export type AppShareTemplate = z.infer<typeof AppShareTemplateSchema>;
