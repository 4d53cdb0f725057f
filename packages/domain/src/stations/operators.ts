import { z } from 'zod';
import { requiredText } from './contract-fields.js';

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

export const EquipmentOwnerSchema = z.object({
  equipmentOwnerId: z.string(),
  equipmentOwnerName: z.string(),
  organizationCode: z.string().nullable(),
});
export type EquipmentOwner = z.infer<typeof EquipmentOwnerSchema>;

export const SubOperatorSchema = z.object({
  subOperatorId: z.string(),
  subOperatorName: z.string(),
  organizationCode: z.string(),
  serviceTel: z.string().nullable(),
  syncedAt: z.number().int(),
});
export type SubOperator = z.infer<typeof SubOperatorSchema>;

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
