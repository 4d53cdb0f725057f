import { z } from 'zod';
import { EPOCH_MS, INT4, integer, trimmedText } from '../shared/input.js';
import { AccountIdSchema, AccountMobileSchema, CountryCodeSchema } from './account-contracts.js';
import { BindingStatusSchema } from './car-contracts.js';
import { GenderSchema } from './relations.js';

const optional = (max: number) =>
  trimmedText(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * An account as the tenant's account service sends it (`POST /api/app/accounts`), keyed by its account id:
 * the first sending creates it, a later one replaces every field it sends. A sending older than what the
 * portal holds (by `updateTime`) changes nothing, so retries and late deliveries cannot undo a newer one.
 */
export const AccountIngestSchema = z.object({
  accountId: AccountIdSchema,
  channelCode: optional(32),
  channelUserId: optional(64),
  countryCode: CountryCodeSchema,
  mobile: AccountMobileSchema.nullish(),
  avatar: optional(512),
  name: optional(64),
  nickName: optional(64),
  isDefaultNickname: z.boolean().default(false),
  gender: GenderSchema.default('unknown'),
  birthday: z.iso.date().nullish(),
  usualCityCode: z
    .string()
    .regex(/^\d{6}$/)
    .nullish(),
  email: optional(128),
  appId: optional(64),
  sourceCode: optional(64),
  udsUserId: optional(64),
  medalImage: optional(512),
  intro: optional(500),
  createTime: integer(EPOCH_MS),
  updateTime: integer(EPOCH_MS),
});
export type AccountIngest = z.input<typeof AccountIngestSchema>;
export type AccountIngested = z.output<typeof AccountIngestSchema>;

export const AccountIngestResultSchema = z.object({ accountId: z.string(), created: z.boolean() });
export type AccountIngestResult = z.infer<typeof AccountIngestResultSchema>;
export const AccountDeleteResultSchema = z.object({ accountId: z.string(), isDelete: z.literal(true) });

const Capacity = z.number().min(0).max(100_000);

/** A personal car as the vehicle service sends it (`POST /api/app/cars`), keyed by its vehicle id. */
export const CarIngestSchema = z.object({
  vehicleId: trimmedText(64).min(1, { error: 'form.required' }),
  /** The account the car is bound to; it must have been sent before. */
  userId: AccountIdSchema,
  plateNumber: optional(16),
  color: optional(32),
  modelId: optional(64),
  brand: optional(32),
  model: optional(64),
  modelSeries: optional(64),
  ratedCapacityInAh: Capacity.nullish(),
  ratedCapacityInKwh: Capacity.nullish(),
  ratedRange: integer({ min: 0, max: INT4.max }).nullish(),
  bindingStatus: BindingStatusSchema.default('bound'),
  isPmSupported: z.boolean().default(false),
  isPsSupported: z.boolean().default(false),
  createTime: integer(EPOCH_MS),
  updateTime: integer(EPOCH_MS),
});
export type CarIngest = z.input<typeof CarIngestSchema>;
export type CarIngested = z.output<typeof CarIngestSchema>;

export const CarIngestResultSchema = z.object({ vehicleId: z.string(), created: z.boolean() });
export const CarUnbindResultSchema = z.object({ vehicleId: z.string(), bindingStatus: z.literal('unbound') });
