import { z } from 'zod';
import { text } from '../shared/input.js';
import type { MessageKey } from '../messages/en-US.js';

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

/** The parking-fee tags the portal ships in that dictionary; entries operators add show their own name. */
export const PARK_FEE_TAGS = [
  'free',
  'free_while_charging',
  'limited_free',
  'charging_discount',
  'paid',
] as const;
export type ParkFeeTag = (typeof PARK_FEE_TAGS)[number];
export const PARK_FEE_TAG_LABELS = {
  free: 'parkFeeTag.free',
  free_while_charging: 'parkFeeTag.freeWhileCharging',
  limited_free: 'parkFeeTag.limitedFree',
  charging_discount: 'parkFeeTag.chargingDiscount',
  paid: 'parkFeeTag.paid',
} as const satisfies Record<ParkFeeTag, MessageKey>;
