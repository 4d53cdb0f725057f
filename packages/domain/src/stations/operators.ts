import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { EPOCH_MS, integer, text, trimmedText } from '../shared/input.js';
import { optionalText, requiredText } from './contract-fields.js';
import { OperationListQuerySchema } from './operation-list-item.js';
import { isCreditCode } from './organization-codes.js';

const keyword = trimmedText(64).optional();

export const OperatorSchema = z.object({
  operatorId: z.string(),
  operatorName: z.string(),
  operatorOrganizationCode: z.string().nullable(),
  equipmentOwnerId: z.string().nullable(),
  equipmentOwnerName: z.string().nullable(),
  controlledByNio: z.boolean(),
  isSharedPower: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** `keyword` matches part of the operator's id or name. */
export const OperatorListQuerySchema = PageQuery.extend({
  keyword,
  equipmentOwnerId: trimmedText(64).min(1).optional(),
});
export type OperatorListQuery = z.infer<typeof OperatorListQuerySchema>;
export const OPERATOR_SORTABLE = ['operatorId', 'operatorName'] as const;
/** The list's filter and order without its page: what its export takes. */
export const OperatorFilterSchema = OperatorListQuerySchema.omit({ pageNo: true, pageSize: true });
export const OperatorPageSchema = pageOf(OperatorSchema);

/**
 * The spec's "equipment owner info": the owner, and the operator whose own equipment it holds (null for an
 * owner that only owns stations others operate). `equipmentOwner` is the owner's display name, as on the
 * operation list item.
 */
export const EquipmentOwnerSchema = z.object({
  equipmentOwnerId: z.string(),
  equipmentOwnerName: z.string(),
  equipmentOwner: z.string(),
  organizationCode: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
});
export type EquipmentOwner = z.infer<typeof EquipmentOwnerSchema>;

/** `keyword` matches part of the owner's id or name. */
export const EquipmentOwnerListQuerySchema = PageQuery.extend({ keyword });
export type EquipmentOwnerListQuery = z.infer<typeof EquipmentOwnerListQuerySchema>;
export const EQUIPMENT_OWNER_SORTABLE = ['equipmentOwnerId', 'equipmentOwnerName'] as const;
export const EquipmentOwnerFilterSchema = EquipmentOwnerListQuerySchema.omit({
  pageNo: true,
  pageSize: true,
});
export const EquipmentOwnerPageSchema = pageOf(EquipmentOwnerSchema);

export const SubOperatorSchema = z.object({
  subOperatorId: z.string(),
  subOperatorName: z.string(),
  organizationCode: z.string(),
  serviceTel: z.string().nullable(),
  syncedAt: z.number().int(),
});
export type SubOperator = z.infer<typeof SubOperatorSchema>;

/** `keyword` matches part of the name, the id or the organization code. */
export const SubOperatorListQuerySchema = PageQuery.extend({ keyword });
export type SubOperatorListQuery = z.infer<typeof SubOperatorListQuerySchema>;
export const SUB_OPERATOR_SORTABLE = ['subOperatorName', 'subOperatorId', 'syncedAt'] as const;
export const SubOperatorFilterSchema = SubOperatorListQuerySchema.omit({ pageNo: true, pageSize: true });
export const SubOperatorPageSchema = pageOf(SubOperatorSchema);

/** The CEC batch sync: names in, generated ids and codes for the new ones; known names are kept. */
export const SubOperatorSyncRequestSchema = z.object({
  data: z
    .array(z.object({ sub_operator_name: requiredText(128) }))
    .min(1, { error: 'form.required' })
    .max(1000, { error: 'form.maxNumber' }),
});
export type SubOperatorSyncRequest = z.input<typeof SubOperatorSyncRequestSchema>;

export const SubOperatorSyncResultSchema = z.object({
  created: z.array(SubOperatorSchema),
  existing: z.array(SubOperatorSchema),
});
export type SubOperatorSyncResult = z.infer<typeof SubOperatorSyncResultSchema>;

/** An operator's id as paths name it. */
export const OperatorIdParam = z.object({ operatorId: text(64).min(1) });

/** Letters, digits, `_` and `-`: the id travels in URLs, spreadsheets and other systems' feeds. */
export const OPERATOR_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

const operatorFields = {
  operatorName: requiredText(128),
  operatorOrganizationCode: optionalText(32).refine((v) => v == null || isCreditCode(v), {
    error: 'operators.organizationCodeInvalid',
  }),
  equipmentOwnerId: optionalText(64),
  controlledByNio: z.boolean(),
  isSharedPower: z.boolean(),
};

/** A new operator; the id and the name are unique across the network (docs/decisions.md). */
export const OperatorCreateRequestSchema = z.object({
  operatorId: requiredText(64).regex(OPERATOR_ID_PATTERN, { error: 'operators.idInvalid' }),
  ...operatorFields,
});
export type OperatorCreateRequest = z.input<typeof OperatorCreateRequestSchema>;

/** An edit: the id stays; `updatedAt` is the version the editor started from. */
export const OperatorUpdateRequestSchema = z.object({
  ...operatorFields,
  updatedAt: integer(EPOCH_MS),
});
export type OperatorUpdateRequest = z.input<typeof OperatorUpdateRequestSchema>;

export const OperatorStationCountsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  chargeStations: z.number().int(),
  swapStations: z.number().int(),
});
export type OperatorStationCounts = z.infer<typeof OperatorStationCountsSchema>;

/** One operator with its owner's registration and how many stations it runs. */
export const OperatorDetailSchema = OperatorSchema.extend({
  equipmentOwnerOrganizationCode: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  stationCounts: OperatorStationCountsSchema,
});
export type OperatorDetail = z.infer<typeof OperatorDetailSchema>;

/** An operator's stations: the operations list's filter, without the operator, which the path names. */
export const OperatorStationsQuerySchema = OperationListQuerySchema.pick({
  pageNo: true,
  pageSize: true,
  sort: true,
  resourceName: true,
  resourceType: true,
  active: true,
});
export type OperatorStationsQuery = z.infer<typeof OperatorStationsQuerySchema>;
