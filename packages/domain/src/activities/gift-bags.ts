import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const AWARD_TYPES = ['pe_coupon'] as const;
export const AwardTypeSchema = z.enum(AWARD_TYPES);
export type AwardType = z.infer<typeof AwardTypeSchema>;
export const DEFAULT_AWARD_TYPE: AwardType = 'pe_coupon';
export const AWARD_TYPE_LABELS = {
  pe_coupon: 'awardType.pe_coupon',
} as const satisfies Record<AwardType, MessageKey>;

export const CLAIM_TYPES = ['fixed', 'random'] as const;
export const ClaimTypeSchema = z.enum(CLAIM_TYPES);
export type ClaimType = z.infer<typeof ClaimTypeSchema>;
export const CLAIM_TYPE_LABELS = {
  fixed: 'claimType.fixed',
  random: 'claimType.random',
} as const satisfies Record<ClaimType, MessageKey>;

export const CLAIM_FREQUENCIES = ['once_per_day', 'once'] as const;
export const ClaimFrequencySchema = z.enum(CLAIM_FREQUENCIES);
export type ClaimFrequency = z.infer<typeof ClaimFrequencySchema>;
export const CLAIM_FREQUENCY_LABELS = {
  once_per_day: 'claimFrequency.oncePerDay',
  once: 'claimFrequency.once',
} as const satisfies Record<ClaimFrequency, MessageKey>;

/** An award inside a gift bag is addressed by the bag's id followed directly by the award's own id. */
export const giftBagAwardId = (giftBagId: string | number, awardId: string | number): string =>
  `${giftBagId}${awardId}`;

/** A bag with one award or fewer is the last one left: removing that award would leave an empty bag. */
export const isLastOneGiftBag = (bag: { awards: readonly unknown[] }): boolean => bag.awards.length <= 1;
