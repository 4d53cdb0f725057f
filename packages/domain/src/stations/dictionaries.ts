import { z } from 'zod';
import { text } from '../shared/input.js';

export const DictEntrySchema = z.object({
  dictId: z.number().int(),
  dictTypeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
  description: z.string().nullable(),
});
export type DictEntry = z.infer<typeof DictEntrySchema>;

export const DictQuerySchema = z.object({ dictTypeCode: text(64).min(1) });
export const DictEntriesSchema = z.object({ items: z.array(DictEntrySchema) });

/** Dictionary type of a station's parkFeeTag (how parking is paid there). */
export const PARK_FEE_TAG_DICT_TYPE = 'park_fee_tag';
