import { z } from 'zod';
import { INT4, INT8, idParam, integer } from '../shared/input.js';
import { optionalText } from '../stations/contract-fields.js';
import { ClaimFrequencySchema, ClaimTypeSchema } from '../activities/gift-bags.js';
import { AwardSchema } from './award-contracts.js';

/** The most gift bags one lottery holds. */
export const MAX_GIFT_BAGS = 50;
/** The most awards one gift bag holds. */
export const MAX_AWARDS_PER_BAG = 20;
/** The most times one gift bag can be won. */
export const MAX_LOTTERY_QUOTA = 1_000_000;

const AwardIds = z
  .array(integer({ min: 1, max: INT8.max }))
  .min(1, { error: 'giftBag.awardRequired' })
  .max(MAX_AWARDS_PER_BAG, { error: 'form.maxItems' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'giftBag.awardTwice' });

/**
 * A gift bag as staff set it (spec M3.2.3): how many times it can be won and which of the activity's awards
 * it holds, one at least (each award is in one bag at most).
 */
export const GiftBagFieldsSchema = z.object({
  description: optionalText(255),
  lotteryQuota: integer({ min: 1, max: MAX_LOTTERY_QUOTA }),
  awardIds: AwardIds,
});
export type GiftBagCreate = z.input<typeof GiftBagFieldsSchema>;
export type GiftBagFields = z.output<typeof GiftBagFieldsSchema>;
export const GiftBagUpdateSchema = GiftBagFieldsSchema.extend({
  version: integer({ min: 1, max: INT4.max }),
});
export type GiftBagUpdate = z.input<typeof GiftBagUpdateSchema>;

export const GiftBagParamsSchema = z.object({ giftBagId: idParam(INT8) });
export const GiftBagAwardParamsSchema = z.object({ giftBagId: idParam(INT8), awardId: idParam(INT8) });
export const GiftBagDeleteQuerySchema = z.object({ version: idParam(INT4) });

/**
 * A gift bag with its awards. `lastOne`: it holds one award or none (spec M3.2.5), so that award cannot be
 * taken out of it; the bag is deleted instead (docs/decisions.md "Awards and gift bags").
 */
export const GiftBagSchema = z.object({
  activityId: z.number().int(),
  giftBagId: z.number().int(),
  description: z.string().nullable(),
  lotteryQuota: z.number().int(),
  remainingQuota: z.number().int(),
  lastOne: z.boolean(),
  awards: z.array(AwardSchema),
  version: z.number().int(),
  createTime: z.number().int(),
});
export type GiftBag = z.infer<typeof GiftBagSchema>;

/** How a lottery activity gives its bags: the spec's gift bag list, with the frequency rule it draws by. */
export const LotterySettingsSchema = z.object({
  claimType: ClaimTypeSchema,
  version: integer({ min: 1, max: INT4.max }),
});
export type LotterySettingsChange = z.input<typeof LotterySettingsSchema>;

export const GiftBagListSchema = z.object({
  activityId: z.number().int(),
  claimType: ClaimTypeSchema,
  claimFrequency: ClaimFrequencySchema,
  /** The version of the claim type, for its change. */
  version: z.number().int(),
  /** Users have drawn: the claim type is fixed. */
  drawn: z.boolean(),
  giftBags: z.array(GiftBagSchema),
  /** The activity's awards in no bag. */
  pool: z.array(AwardSchema),
});
export type GiftBagList = z.infer<typeof GiftBagListSchema>;
