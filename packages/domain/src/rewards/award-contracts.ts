import { z } from 'zod';
import { INT4, INT8, idParam, integer, isWebLink, text } from '../shared/input.js';
import { optionalText, requiredText } from '../stations/contract-fields.js';
import { AwardTypeSchema, DEFAULT_AWARD_TYPE } from '../activities/gift-bags.js';

/** The most awards one activity holds: a lottery's prize list, not a catalogue. */
export const MAX_AWARDS_PER_ACTIVITY = 200;
/** The most coupons one win of an award gives. */
export const MAX_AWARD_UNITS = 100;
/** The most wins one award has in stock. */
export const MAX_AWARD_AMOUNT = 1_000_000;

const CouponBatchCode = text(32).regex(/^[1-9]\d{0,17}$/, { error: 'activity.couponBatchId' });

/**
 * The fields of an award staff set (spec M3.2.1; docs/decisions.md "Awards and gift bags"): a pe_coupon award
 * is `awardUnits` coupons of the batch `awardCode` per win, `awardAmount` wins in stock. `giftBagId` puts it
 * in one of the activity's gift bags; without it the award waits in the activity's pool.
 */
export const AwardFieldsSchema = z.object({
  awardType: AwardTypeSchema.default(DEFAULT_AWARD_TYPE),
  awardCode: CouponBatchCode,
  awardTitle: requiredText(64),
  awardSubTitle: optionalText(128),
  awardImage: optionalText(512).refine((v) => v == null || isWebLink(v) || v.startsWith('/'), {
    error: 'activity.badLink',
  }),
  needLogistics: z.boolean().default(false),
  awardUnits: integer({ min: 1, max: MAX_AWARD_UNITS }).default(1),
  awardAmount: integer({ min: 1, max: MAX_AWARD_AMOUNT }),
  giftBagId: integer({ min: 1, max: INT8.max }).nullish(),
});
export type AwardFields = z.output<typeof AwardFieldsSchema>;
export type AwardCreate = z.input<typeof AwardFieldsSchema>;

export const AwardUpdateSchema = AwardFieldsSchema.extend({ version: integer({ min: 1, max: INT4.max }) });
export type AwardUpdate = z.input<typeof AwardUpdateSchema>;

/** `awardInfo/{a}/{b}`: the activity, then its award (docs/decisions.md "Awards and gift bags"). */
export const AwardParamsSchema = z.object({ activityId: idParam(INT8), awardId: idParam(INT8) });
export const AwardDeleteQuerySchema = z.object({ version: idParam(INT4) });

/** awardInfoList: the awards of the activities named, comma-separated. */
export const AwardListQuerySchema = z.object({
  activityIds: text(1000)
    .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, { error: 'form.invalidOption' })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});

/**
 * An award as the screens and the apps read it. Surplus and remaining amount are the wins left in stock
 * (the spec names both), the remaining number the coupons they hold; lottery and remaining quota are its
 * gift bag's, null outside a bag. `giftBagAwardId` is the bag's id followed by the award's.
 */
export const AwardSchema = z.object({
  activityId: z.number().int(),
  awardId: z.number().int(),
  awardType: AwardTypeSchema,
  awardCode: z.string(),
  couponBatchName: z.string().nullable(),
  awardTitle: z.string(),
  awardSubTitle: z.string().nullable(),
  awardImage: z.string().nullable(),
  needLogistics: z.boolean(),
  awardUnits: z.number().int(),
  awardAmount: z.number().int(),
  issueAmount: z.number().int(),
  surplusAmount: z.number().int(),
  remainingAmount: z.number().int(),
  remainingNumber: z.number().int(),
  lotteryQuota: z.number().int().nullable(),
  remainingQuota: z.number().int().nullable(),
  giftBagId: z.number().int().nullable(),
  giftBagAwardId: z.string().nullable(),
  version: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type Award = z.infer<typeof AwardSchema>;
export const AwardListSchema = z.object({ items: z.array(AwardSchema) });
