import { z } from 'zod';
import { OpeningHoursSchema } from './business-hours.js';
import { ChargerTotalSchema, ChargingPowerSchema } from './charger-limits.js';
import { ConstructionTypeSchema } from './construction-types.js';
import { ServedBearingSchema } from './served-direction.js';
import {
  LatitudeSchema,
  LongitudeSchema,
  OperationExtDataSchema,
  optionalText,
  requiredText,
} from './contract-fields.js';
import { integer } from '../shared/input.js';

/** Resource ids of a swap station's clone (its second entrance) end with this. */
export const SWAP_CLONE_SUFFIX = '_clone';
/** Minutes a swap queue estimate may be moved either way. */
export const SWAP_QUEUE_ADJUST_LIMIT = 120;

export const SwapCloneSchema = z.object({
  resourceId: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  description: z.string().nullable(),
});
export type SwapClone = z.infer<typeof SwapCloneSchema>;

export const SwapStationBasicInfoSchema = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  resourceType: z.literal('PowerSwap'),
  registrationCode: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  description: z.string().nullable(),
  region: z.string().nullable(),
  regionId: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  parkNo: z.string().nullable(),
  parkInfo: z.string().nullable(),
  construction: ConstructionTypeSchema.nullable(),
  /** The direction of travel a service area serves (degrees); null: either way (`served-direction.ts`). */
  servedBearing: ServedBearingSchema.nullable(),
  guide: z.string().nullable(),
  chargerTotalNumberAc: z.number().int(),
  chargerFreeNumberAc: z.number().int(),
  chargerTotalNumberDc: z.number().int(),
  chargerFreeNumberDc: z.number().int(),
  chargingPowerTotalMin: z.number().nullable(),
  chargingPowerTotalMax: z.number().nullable(),
  workLine: z.string().nullable(),
  workLineUpdateReason: z.string().nullable(),
  hasClone: z.boolean(),
  cloneLongitude: z.number().nullable(),
  cloneLatitude: z.number().nullable(),
  cloneDescription: z.string().nullable(),
  /** The clone as its own resource (`{resourceId}_clone`), present when hasClone. */
  swapClone: SwapCloneSchema.nullable(),
  remark: z.string().nullable(),
  deviceSupervisor: z.string().nullable(),
  deputyRegion: z.string().nullable(),
  deputyRegionId: z.string().nullable(),
  deviceSupplier: z.string().nullable(),
  followers: z.array(z.string()),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  openingHours: OpeningHoursSchema,
  canModifyOpeningHours: z.boolean(),
  parkFeeTag: z.string().nullable(),
  parkFeeModify: z.boolean(),
  swapQueueAdjust: z.number().int(),
  status: z.number().int(),
  active: z.boolean(),
  basicInfoUpdateTime: z.number().int(),
  version: z.number().int(),
});
export type SwapStationBasicInfo = z.infer<typeof SwapStationBasicInfoSchema>;

export const SwapStationBasicInfoSaveSchema = z
  .object({
    version: integer(),
    resourceName: requiredText(128).optional(),
    registrationCode: optionalText(64),
    softwareVersion: optionalText(64),
    hardwareVersion: optionalText(64),
    firmwareVersion: optionalText(64),
    description: optionalText(1024),
    regionId: z
      .string()
      .regex(/^\d{6}$/)
      .nullish(),
    address: optionalText(255),
    longitude: LongitudeSchema.optional(),
    latitude: LatitudeSchema.optional(),
    construction: ConstructionTypeSchema.nullish(),
    servedBearing: ServedBearingSchema.nullish(),
    guide: optionalText(1024),
    chargerTotalNumberAc: ChargerTotalSchema.optional(),
    chargerTotalNumberDc: ChargerTotalSchema.optional(),
    chargingPowerTotalMin: ChargingPowerSchema.nullish(),
    chargingPowerTotalMax: ChargingPowerSchema.nullish(),
    workLine: optionalText(64),
    /** Required whenever workLine changes; the service checks that against the stored value. */
    workLineUpdateReason: optionalText(255),
    hasClone: z.boolean().optional(),
    cloneLongitude: LongitudeSchema.nullish(),
    cloneLatitude: LatitudeSchema.nullish(),
    cloneDescription: optionalText(255),
    deviceSupervisor: optionalText(64),
    deputyRegionId: z
      .string()
      .regex(/^\d{6}$/)
      .nullish(),
    deviceSupplier: optionalText(128),
    followers: z.array(requiredText(64)).max(20).optional(),
    openingHours: OpeningHoursSchema.optional(),
    operationExtData: OperationExtDataSchema,
  })
  .refine(
    (v) =>
      v.chargingPowerTotalMin == null ||
      v.chargingPowerTotalMax == null ||
      v.chargingPowerTotalMin <= v.chargingPowerTotalMax,
    { path: ['chargingPowerTotalMax'], error: 'swap.powerMinAboveMax' },
  )
  .refine((v) => v.hasClone !== true || (v.cloneLongitude != null && v.cloneLatitude != null), {
    path: ['cloneLongitude'],
    error: 'swap.cloneLocationRequired',
  });
export type SwapStationBasicInfoSave = z.input<typeof SwapStationBasicInfoSaveSchema>;

export const SwapParkingInfoSaveSchema = z.object({
  version: integer(),
  parkNo: optionalText(64),
  parkInfo: optionalText(512),
  parkFeeTag: optionalText(64),
  parkFeeModify: z.boolean().optional(),
  operationExtData: OperationExtDataSchema,
});
export type SwapParkingInfoSave = z.input<typeof SwapParkingInfoSaveSchema>;

export const SwapQueueAdjustSaveSchema = z.object({
  version: integer(),
  swapQueueAdjust: z
    .number()
    .int({ error: 'form.integer' })
    .min(-SWAP_QUEUE_ADJUST_LIMIT, { error: 'form.minNumber' })
    .max(SWAP_QUEUE_ADJUST_LIMIT, { error: 'form.maxNumber' }),
  operationExtData: OperationExtDataSchema,
});
export type SwapQueueAdjustSave = z.input<typeof SwapQueueAdjustSaveSchema>;

export const swapCloneId = (resourceId: string): string => `${resourceId}${SWAP_CLONE_SUFFIX}`;
