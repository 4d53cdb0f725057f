import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { INT2, integerParam, text } from '../shared/input.js';
import { OperationExtDataSchema, ResourceIdSchema } from './contract-fields.js';

/** Where a picture came from. */
export const PICTURE_SOURCES = { operator: 1, staff: 2, user: 3 } as const;
/** What a picture shows. */
export const PICTURE_SCENES = { entrance: 1, parking: 2, charger: 3, surroundings: 4, other: 99 } as const;
export const PictureSourceIdSchema = z.union(Object.values(PICTURE_SOURCES).map((v) => z.literal(v)));
export const PictureSceneIdSchema = z.union(Object.values(PICTURE_SCENES).map((v) => z.literal(v)));
export type PictureSourceId = z.infer<typeof PictureSourceIdSchema>;
export type PictureSceneId = z.infer<typeof PictureSceneIdSchema>;

/** Longest side, in pixels, of each rendition made on upload. */
export const PICTURE_RENDITIONS = { small: 200, middle: 750, large: 1600 } as const;
export type PictureRendition = keyof typeof PICTURE_RENDITIONS;

/** Operation-record actions of pictures (entity: the station). */
export const PICTURE_ACTIONS = {
  upload: 'PICTURE_UPLOAD',
  appVisibleUpdate: 'PICTURE_APP_VISIBLE_UPDATE',
  delete: 'PICTURE_DELETE',
} as const;

export const PictureSchema = z.object({
  pictureId: z.number().int(),
  pictureSourceId: z.number().int(),
  pictureSceneId: z.number().int(),
  resourceId: z.string(),
  deleted: z.boolean(),
  appVisible: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  smallUrl: z.string(),
  middleUrl: z.string(),
  largeUrl: z.string(),
  oriUrl: z.string(),
  operationExtData: z.record(z.string(), z.unknown()).nullable(),
});
export type Picture = z.infer<typeof PictureSchema>;

const BooleanParam = z.union([z.boolean(), z.stringbool()]);

/** What the pictures sort by (`sort=createTime:desc`, the default). */
export const PICTURE_SORTABLE = ['createTime', 'updateTime', 'pictureId'] as const;

/** `deleted` left out lists the pictures that are not deleted; pass `deleted=true` for the deleted ones. */
export const PictureListQuerySchema = PageQuery.extend({
  resourceId: ResourceIdSchema,
  sourceId: integerParam(INT2).optional(),
  sceneId: integerParam(INT2).optional(),
  deleted: BooleanParam.optional(),
  appVisible: BooleanParam.optional(),
});
export type PictureListQuery = z.input<typeof PictureListQuerySchema>;

/** A page of pictures: the spec's total_results and result_list, answered as every list is. */
export const PictureListSchema = pageOf(PictureSchema);
export type PictureList = z.infer<typeof PictureListSchema>;

/** Operation extra data sent as JSON text, where the request has no JSON body (multipart, DELETE). */
export const OperationExtDataText = text(1024)
  .transform((json, ctx) => {
    try {
      const value: unknown = JSON.parse(json);
      // The shape (worksheet_id and the rest) is checked by the pipe below.
      if (value === null || (typeof value === 'object' && !Array.isArray(value))) {
        return value as z.input<typeof OperationExtDataSchema>;
      }
    } catch {
      // reported below, like any other value that is not an object
    }
    ctx.addIssue({ code: 'custom', message: 'operationExtData.invalid', input: json });
    return z.NEVER;
  })
  .pipe(OperationExtDataSchema);

/** Multipart fields sent with the file of `POST /pictures`. */
export const PictureUploadFieldsSchema = z.object({
  resourceId: ResourceIdSchema,
  pictureSourceId: z.coerce.number().pipe(PictureSourceIdSchema).default(PICTURE_SOURCES.staff),
  pictureSceneId: z.coerce.number().pipe(PictureSceneIdSchema).default(PICTURE_SCENES.other),
  appVisible: z.stringbool().default(true),
  operationExtData: OperationExtDataText.optional(),
});
export type PictureUploadFields = z.input<typeof PictureUploadFieldsSchema>;

export const PictureUpdateSchema = z.object({
  appVisible: z.boolean(),
  operationExtData: OperationExtDataSchema,
});
export type PictureUpdate = z.input<typeof PictureUpdateSchema>;

export const PictureDeleteQuerySchema = z.object({
  /** JSON text of the operation's extra data, since a DELETE carries no body. */
  operation_ext_data: OperationExtDataText.optional(),
});
