import { z } from 'zod';
import { optionalText, OperationExtDataSchema } from './contract-fields.js';

/** What operations staff keep on a station beside its basic info. */
export const ResourceOperatorInfoSchema = z.object({
  resourceId: z.string(),
  remark: z.string().nullable(),
  pictureAppVisible: z.boolean(),
});
export type ResourceOperatorInfo = z.infer<typeof ResourceOperatorInfoSchema>;

export const ResourceOperatorInfoSaveSchema = z.object({
  remark: optionalText(512),
  pictureAppVisible: z.boolean().optional(),
  operationExtData: OperationExtDataSchema,
});
export type ResourceOperatorInfoSave = z.input<typeof ResourceOperatorInfoSaveSchema>;
