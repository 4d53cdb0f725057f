import { z } from 'zod';
import { BizSceneSchema } from './biz-scenes.js';
import { OpeningHoursSchema } from './business-hours.js';
import { ConstructionTypeSchema } from './construction-types.js';
import { ServedBearingSchema } from './served-direction.js';
import {
  LatitudeSchema,
  LongitudeSchema,
  OperationExtDataSchema,
  optionalPhone,
  optionalText,
  requiredText,
} from './contract-fields.js';
import { BusinessFeePeriodSchema, FeePeriodListSchema, FeePeriodSchema } from './fees.js';
import { StationStatusSchema } from './station-status.js';
import { ChargerTypeSchema } from './resource-types.js';
import { TimezoneSchema } from '../shared/utc-offset.js';
import { integer } from '../shared/input.js';

/** A charge station's basic info as the detail screen reads it. */
export const ChargeStationBasicInfoSchema = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  resourceType: z.literal('ChargeStation'),
  stationType: z.number().int().nullable(),
  groupType: z.string().nullable(),
  chargerType: ChargerTypeSchema.nullable(),
  status: StationStatusSchema,
  description: z.string().nullable(),
  timezone: TimezoneSchema,
  regionId: z.string().nullable(),
  region: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  equipmentOwnerId: z.string().nullable(),
  equipmentOwner: z.string().nullable(),
  controlledByNio: z.boolean(),
  serviceTel: z.string().nullable(),
  guide: z.string().nullable(),
  construction: ConstructionTypeSchema.nullable(),
  /** The direction of travel a service area serves (degrees); null: either way (`served-direction.ts`). */
  servedBearing: ServedBearingSchema.nullable(),
  parkFeeModify: z.boolean(),
  parkFeeTag: z.string().nullable(),
  parkFeeOrigin: z.string().nullable(),
  payment: z.string().nullable(),
  matchCars: z.string().nullable(),
  parkNumbers: z.number().int().nullable(),
  parkInfo: z.string().nullable(),
  remark: z.string().nullable(),
  supportPowerNorth: z.boolean(),
  bizScenes: z.array(BizSceneSchema),
  businessHours: OpeningHoursSchema,
  electricityFee: z.array(FeePeriodSchema),
  serviceFee: z.array(FeePeriodSchema),
  /** Electricity and service periods merged on their common boundaries. */
  feePeriods: z.array(BusinessFeePeriodSchema),
  canModifyBusinessHours: z.boolean(),
  canModifyElectricityFee: z.boolean(),
  canModifyServiceFee: z.boolean(),
  chargingMapOnline: z.boolean(),
  oneClickChargingOnline: z.boolean(),
  active: z.boolean(),
  basicInfoUpdateTime: z.number().int(),
  /** Send it back on save; a save over a newer version is refused. */
  version: z.number().int(),
  chargerTotalNumber: z.number().int(),
  chargerTotalNumberDc: z.number().int(),
  chargerTotalNumberAc: z.number().int(),
  chargerFreeNumberDc: z.number().int(),
  chargerFreeNumberAc: z.number().int(),
});
export type ChargeStationBasicInfo = z.infer<typeof ChargeStationBasicInfoSchema>;

/**
 * What a save carries: only the fields it changes, plus the version it was edited from. Business hours
 * and fees are refused (422) when the stored value is not editable by the domain rules.
 */
export const ChargeStationBasicInfoSaveSchema = z.object({
  version: integer(),
  resourceName: requiredText(128).optional(),
  description: optionalText(1024),
  status: StationStatusSchema.optional(),
  address: optionalText(255),
  regionId: z
    .string()
    .regex(/^\d{6}$/)
    .nullish(),
  longitude: LongitudeSchema.optional(),
  latitude: LatitudeSchema.optional(),
  serviceTel: optionalPhone(),
  guide: optionalText(1024),
  construction: ConstructionTypeSchema.nullish(),
  servedBearing: ServedBearingSchema.nullish(),
  parkFeeModify: z.boolean().optional(),
  parkFeeTag: optionalText(64),
  parkFeeOrigin: optionalText(512),
  payment: optionalText(255),
  matchCars: optionalText(255),
  parkNumbers: z
    .number()
    .int()
    .min(0, { error: 'form.minNumber' })
    .max(9999, { error: 'form.maxNumber' })
    .nullish(),
  parkInfo: optionalText(512),
  supportPowerNorth: z.boolean().optional(),
  /** Scene codes; the screen's "none" (-1) arrives as '' and clears the scenes. */
  bizScenes: z.array(z.union([integer(), z.literal('')])).optional(),
  businessHours: OpeningHoursSchema.optional(),
  electricityFee: FeePeriodListSchema.optional(),
  serviceFee: FeePeriodListSchema.optional(),
  operationExtData: OperationExtDataSchema,
});
export type ChargeStationBasicInfoSave = z.input<typeof ChargeStationBasicInfoSaveSchema>;

/** Body of the chargingMap and oneClickCharging offline actions. */
export const StationOfflineRequestSchema = z.object({ reason: optionalText(255) });
export type StationOfflineRequest = z.input<typeof StationOfflineRequestSchema>;
