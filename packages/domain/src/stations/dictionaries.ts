import { z } from 'zod';
import { id, INT4, integer, text, trimmedText } from '../shared/input.js';
import type { MessageKey } from '../messages/en-US.js';
import { BIZ_SCENE_DICT_TYPE } from './biz-scenes.js';

export const DictEntrySchema = z.object({
  dictId: z.number().int(),
  dictTypeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The English label an admin gave; null where none was given. */
  nameEn: z.string().nullable(),
  status: z.number().int(),
  sort: z.number().int(),
  description: z.string().nullable(),
});
export type DictEntry = z.infer<typeof DictEntrySchema>;

export const DictQuerySchema = z.object({ dictTypeCode: text(64).min(1) });
export const DictEntriesSchema = z.object({ items: z.array(DictEntrySchema) });

/** Status of an entry that may be chosen. */
export const DICT_ENTRY_ENABLED = 1;
/** Status of a withdrawn entry: no longer offered, kept so that data holding its code keeps its label. */
export const DICT_ENTRY_DISABLED = 0;

export const DictTypeSchema = z.object({
  dictTypeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  entryCount: z.number().int(),
  enabledCount: z.number().int(),
});
export type DictType = z.infer<typeof DictTypeSchema>;
export const DictTypesSchema = z.object({ items: z.array(DictTypeSchema) });

export const DictTypeParamsSchema = z.object({ dictTypeCode: text(64).min(1) });
export const DictEntryParamsSchema = z.object({ dictId: z.coerce.number().pipe(id()) });

/** What an admin edits of an entry; the code is fixed once stations may hold it. */
export const DictEntryEditSchema = z.object({
  name: trimmedText(64).min(1, { error: 'form.required' }),
  nameEn: trimmedText(64)
    .nullish()
    .transform((value) => (value ? value : null)),
  sort: integer({ min: 0, max: 9_999 }),
  status: z.union([z.literal(DICT_ENTRY_ENABLED), z.literal(DICT_ENTRY_DISABLED)], {
    error: 'form.invalidOption',
  }),
  description: trimmedText(255)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type DictEntryEdit = z.input<typeof DictEntryEditSchema>;

/** A code as stations and requests carry it: letters, digits and underscores. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

export const DictEntryCreateSchema = DictEntryEditSchema.extend({
  code: trimmedText(32)
    .min(1, { error: 'form.required' })
    .regex(DICT_CODE_PATTERN, { error: 'dictionary.codeCharacters' }),
});
export type DictEntryCreate = z.input<typeof DictEntryCreateSchema>;

/** Dictionaries whose codes are stored as integers (a station's bizSceneCodes column). */
export const NUMERIC_CODE_DICT_TYPES: readonly string[] = [BIZ_SCENE_DICT_TYPE];
/** The largest numeric code: what an `integer` column holds. */
export const MAX_NUMERIC_DICT_CODE = INT4.max;

/** Dictionary types of a station's `payment` and `matchCars`: comma lists of these entries' names. */
export const PAYMENT_METHOD_DICT_TYPE = 'payment_method';
export const MATCH_CAR_DICT_TYPE = 'match_car';

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
