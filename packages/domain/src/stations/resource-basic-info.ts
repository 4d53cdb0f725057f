import { z } from 'zod';
import { mergeFeePeriods, type FeePeriod } from './fees.js';
import { NEARBY_STATION_RADIUS } from './resource-types.js';
import { LatitudeSchema, LongitudeSchema, ResourceIdSchema } from './contract-fields.js';
import type { OpeningHours } from './business-hours.js';
import { toMinutes } from '../shared/time-of-day.js';
import { parseUtcOffset } from '../shared/utc-offset.js';

export const ConnectorSchema = z.object({
  connectorId: z.string(),
  connectorType: z.number().int(),
  voltageUpperLimits: z.number().int().nullable(),
  current: z.number().int().nullable(),
  power: z.number(),
  nationalStandard: z.number().int().nullable(),
  status: z.string(),
  updateTime: z.number().int(),
});
export const EquipmentSchema = z.object({
  equipmentId: z.string(),
  equipmentType: z.string(),
  equipmentLng: z.number().nullable(),
  equipmentLat: z.number().nullable(),
  power: z.number(),
  updateTime: z.number().int(),
  connectors: z.array(ConnectorSchema),
});
export type Equipment = z.infer<typeof EquipmentSchema>;
/** A station's chargers, for the detail screen's equipment tab. */
export const EquipmentListSchema = z.object({ items: z.array(EquipmentSchema) });

/** The spec's "resource basic info": what route planning and lists need of any station. */
export const ResourceBasicInfoSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  location: z.object({ longitude: z.number(), latitude: z.number() }),
  operatorId: z.string().nullable(),
  address: z.string().nullable(),
  chargerMinOutputPower: z.number().nullable(),
  freeNumber: z.number().int(),
  chargerBusyNumber: z.number().int(),
  chargerTotalNumber: z.number().int(),
  chargerTotalNumberDc: z.number().int(),
  chargerFreeNumberDc: z.number().int(),
  chargerTotalNumberAc: z.number().int(),
  chargerFreeNumberAc: z.number().int(),
  isScannable: z.boolean(),
  isOpening: z.boolean(),
  controlledByNio: z.boolean(),
});
export type ResourceBasicInfo = z.infer<typeof ResourceBasicInfoSchema>;

export const BATCH_BASIC_INFO_LIMIT = 100;
export const BatchBasicInfoRequestSchema = z.object({
  resourceIds: z.array(ResourceIdSchema).min(1).max(BATCH_BASIC_INFO_LIMIT),
});
export const BatchBasicInfoResponseSchema = z.object({ items: z.array(ResourceBasicInfoSchema) });

/** Metres; the spec's nearby radius is the default. */
export const MAX_AROUND_DISTANCE = 50_000;
export const AroundQuerySchema = z.object({
  longitude: z.coerce.number().pipe(LongitudeSchema),
  latitude: z.coerce.number().pipe(LatitudeSchema),
  distance: z.coerce.number().int().min(1).max(MAX_AROUND_DISTANCE).default(NEARBY_STATION_RADIUS),
  resourceType: z.enum(['ChargeStation', 'PowerSwap']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AroundQuery = z.input<typeof AroundQuerySchema>;

export const AroundHitSchema = ResourceBasicInfoSchema.extend({ distance: z.number() });
export const AroundResponseSchema = z.object({ items: z.array(AroundHitSchema) });
export type AroundHit = z.infer<typeof AroundHitSchema>;

/** Whether the hours hold the instant, read in the hours' own zone; a day missing from the list is closed. */
export function isOpenAt(hours: OpeningHours, epochMs: number): boolean {
  const local = new Date(epochMs + parseUtcOffset(hours.timezone) * 60_000);
  const dayOfWeek = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return hours.openList.some(
    (day) =>
      day.dayOfWeek === dayOfWeek &&
      day.isOpen &&
      day.timeRanges.some((range) => toMinutes(range.start) <= minute && minute < toMinutes(range.end)),
  );
}

/**
 * The spec's "timesharing price": the price a driver pays per kWh in one period of the day (electricity
 * plus service fee). Stations carry no discounts yet, so `discount` is null (no discount), not 1 or 0.
 */
export const TimesharingPriceSchema = z.object({
  start: z.string(),
  end: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
});
export type TimesharingPrice = z.infer<typeof TimesharingPriceSchema>;

export const timesharingPrices = (
  electricity: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[],
  service: readonly Pick<FeePeriod, 'start' | 'end' | 'fee'>[],
): TimesharingPrice[] =>
  mergeFeePeriods(electricity, service).map(({ start, end, fee }) => ({
    start,
    end,
    price: fee,
    discount: null,
  }));
