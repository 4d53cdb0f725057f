import { z } from 'zod';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { id, idParam, INT8, text, trimmedText } from '../shared/input.js';
import { ResourceIdSchema } from '../stations/contract-fields.js';
import { OperationListResourceTypeSchema } from '../stations/operation-list-item.js';
import {
  GenderSchema,
  RELATION_TYPES,
  RelationSourceSchema,
  RelationStateSchema,
  RelationTypeSchema,
} from './relations.js';

/** Reasons are free text a sentence or two long. */
export const RELATION_REASON_MAX_LENGTH = 255;
const AccountId = trimmedText(64).min(1, { error: 'form.required' });
const Reason = trimmedText(RELATION_REASON_MAX_LENGTH);
const RequiredReason = Reason.min(1, { error: 'form.required' });

/** A relation as it is stored: which account is tied to which station, how, since when, by whom. */
export const RelationRecordSchema = z.object({
  relationId: z.number().int(),
  resourceId: z.string(),
  resourceType: OperationListResourceTypeSchema,
  resourceOriginId: z.string().nullable(),
  accountId: z.string(),
  relationType: RelationTypeSchema,
  bindReason: z.string().nullable(),
  state: RelationStateSchema,
  unbindReason: z.string().nullable(),
  /** Epoch milliseconds. */
  bindTime: z.number().int(),
  unbindTime: z.number().int().nullable(),
  source: RelationSourceSchema,
  /** The staff user or app client that bound it, and that unbound it. */
  boundBy: z.string().nullable(),
  unboundBy: z.string().nullable(),
});
export type RelationRecord = z.infer<typeof RelationRecordSchema>;

/**
 * The relation list item (spec C3.10.1): the relation with its station's name and its account as the
 * account service last sent it; the account's fields are null when the portal has not received it.
 */
export const RelationSchema = RelationRecordSchema.extend({
  resourceName: z.string(),
  /** Whole for operators, masked (138****0000) for viewers. */
  mobile: z.string().nullable(),
  udsUserId: z.string().nullable(),
  name: z.string().nullable(),
  gender: GenderSchema.nullable(),
  nickname: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** The account's avatar. */
  headImage: z.string().nullable(),
  medalImage: z.string().nullable(),
  intro: z.string().nullable(),
});
export type Relation = z.infer<typeof RelationSchema>;
export const RelationPageSchema = pageOf(RelationSchema);
export type RelationPage = z.infer<typeof RelationPageSchema>;

export const RELATION_SORTABLE = ['bindTime', 'unbindTime', 'relationId'] as const;
export const DEFAULT_RELATION_SORT = 'bindTime:desc';

// Query strings carry the type list comma-joined; JSON bodies carry it as an array.
const TypeList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(RelationTypeSchema).max(RELATION_TYPES.length, { error: 'form.maxItems' }),
);

/**
 * The relation filter of `POST /relation` (spec C7.1.19), in its own names. Reasons match a part of their
 * text; the rest match exactly. `relation_type` and `relation_types` together match either.
 */
export const RelationFilterSchema = z.object({
  relation_id: idParam(INT8).optional(),
  resource_id: text(64).optional(),
  resource_origin_id: trimmedText(64).optional(),
  account_id: trimmedText(64).optional(),
  relation_type: RelationTypeSchema.optional(),
  relation_types: TypeList.optional(),
  bind_reason: Reason.optional(),
  unbind_reason: Reason.optional(),
  state: RelationStateSchema.optional(),
  sort: text(100).optional(),
});
export type RelationFilter = z.infer<typeof RelationFilterSchema>;

/** `POST /api/{tenant}/relations/search`: the filter with the page, as every list takes it. */
export const RelationListQuerySchema = PageQuery.extend(RelationFilterSchema.shape);
export type RelationListQuery = z.infer<typeof RelationListQuerySchema>;
export type RelationListRequest = z.input<typeof RelationListQuerySchema>;

/** `GET /api/{tenant}/relations/export`: the list's filter and order, the file's format and columns. */
export const RelationExportQuerySchema = RelationFilterSchema.extend(ExportOptionsSchema.shape);

/**
 * `POST /relations/bind` (spec C7.1.20) from the portal: staff say why. The source is the portal's own; the
 * station's type is the station's (a `resource_type` that differs is refused).
 */
export const RelationBindSchema = z.object({
  resource_id: ResourceIdSchema,
  resource_type: OperationListResourceTypeSchema.optional(),
  resource_origin_id: trimmedText(64).optional(),
  account_id: AccountId,
  relation_type: RelationTypeSchema,
  bind_reason: RequiredReason,
});
export type RelationBindRequest = z.input<typeof RelationBindSchema>;

/** The same from the app's back end (`POST /api/app/relations/bind`), where a reason is optional. */
export const AppRelationBindSchema = RelationBindSchema.extend({ bind_reason: Reason.optional() });

/** `POST /relations/unbind` (spec C7.1.21): which relation, and why, always. */
export const RelationUnbindSchema = z.object({
  relation_id: id(INT8),
  unbind_reason: RequiredReason,
});
export type RelationUnbindRequest = z.input<typeof RelationUnbindSchema>;
