import { z } from 'zod';
import {
  EpochMs,
  LatitudeSchema,
  LongitudeSchema,
  optionalText,
  requiredText,
} from '../stations/contract-fields.js';
import { trimmedText } from '../shared/input.js';
import { AccountIdSchema, AccountMobileSchema } from './account-contracts.js';
import { USER_CHARGER_BIND_TYPES } from './relations.js';

export const UserChargerBindTypeSchema = z.enum(USER_CHARGER_BIND_TYPES);
export type UserChargerBindType = z.infer<typeof UserChargerBindTypeSchema>;

/**
 * A home charger bound to an app user (spec C3.4.8 "user resource"), as the app back end sends it:
 * `POST /api/app/user-chargers` (signed), upserted by resource id.
 */
export const UserChargerIngestSchema = z.object({
  resourceId: requiredText(64),
  resourceName: requiredText(128),
  resourceType: requiredText(32).default('HomeCharger'),
  ownerId: AccountIdSchema,
  bindType: UserChargerBindTypeSchema.default('owner'),
  address: optionalText(255),
  authenticationType: optionalText(32),
  connectorId: optionalText(64),
  description: optionalText(512),
  groupId: optionalText(64),
  hardwareVersion: optionalText(64),
  softwareVersion: optionalText(64),
  serialNumber: optionalText(64),
  serviceType: optionalText(32),
  operatorId: optionalText(64),
  regionId: trimmedText(12)
    .regex(/^\d{6}$/, { error: 'reportedStations.areaCode' })
    .nullish(),
  longitude: LongitudeSchema.nullish(),
  latitude: LatitudeSchema.nullish(),
  /** Epoch ms of the change at the source; an older one than stored changes nothing. */
  updateTime: EpochMs,
});
export type UserChargerIngest = z.input<typeof UserChargerIngestSchema>;
export type UserChargerIngested = z.output<typeof UserChargerIngestSchema>;
export const UserChargerIngestResultSchema = z.object({ resourceId: z.string(), created: z.boolean() });
export type UserChargerIngestResult = z.infer<typeof UserChargerIngestResultSchema>;

export const UserChargerSchema = z.object({
  resourceId: z.string(),
  address: z.string().nullable(),
  authenticationType: z.string().nullable(),
  connectorId: z.string().nullable(),
  description: z.string().nullable(),
  updateTime: EpochMs,
  groupId: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  operatorId: z.string().nullable(),
  regionId: z.string().nullable(),
  resourceType: z.string(),
  serialNumber: z.string().nullable(),
  serviceType: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  bindType: UserChargerBindTypeSchema,
  ownerId: z.string(),
  resourceName: z.string(),
});
export type UserCharger = z.infer<typeof UserChargerSchema>;

/** The user resource message: who the chargers belong to; `accountId` 'notfound' when nobody matched. */
export const UserResourceMessageSchema = z.object({
  accountId: z.string(),
  nickName: z.string().nullable(),
  mobile: z.string().nullable(),
  headImage: z.string().nullable(),
});
export type UserResourceMessage = z.infer<typeof UserResourceMessageSchema>;

/** The charger-bind look-up answers at most this many of a user's chargers (spec §9: power chargers query 100). */
export const CHARGER_BIND_MAX = 100;

/** The charger-bind look-up by mobile (spec C7.7.8). */
export const ChargerBindByMobileSchema = z.object({
  message: UserResourceMessageSchema,
  resources: z.array(UserChargerSchema),
});
export type ChargerBindByMobile = z.infer<typeof ChargerBindByMobileSchema>;

export const MobileBodySchema = z.object({ mobile: AccountMobileSchema });
export const AccountIdBodySchema = z.object({ account_id: AccountIdSchema });

/** An account as the reported-station screens show a reporter: the placeholder when the look-up failed. */
export const ReporterAccountSchema = z.object({
  accountId: z.string(),
  nickName: z.string().nullable().optional(),
  mobile: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  usualCity: z.string().nullable().optional(),
  createTime: EpochMs.nullable().optional(),
});
export type ReporterAccount = z.infer<typeof ReporterAccountSchema>;
