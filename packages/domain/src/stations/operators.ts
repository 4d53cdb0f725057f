import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { trimmedText } from '../shared/input.js';
import { requiredText } from './contract-fields.js';

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
