import { z } from 'zod';

export const MAX_CHARGER_TOTAL = 300;
export const MAX_CHARGING_POWER = 300;
export const SPARE_PARTS_QUANTITY = { min: 1, max: 999 } as const;

const MAX_ERROR = { error: 'form.maxNumber' } as const;
const MIN_ERROR = { error: 'form.minNumber' } as const;
const INTEGER_ERROR = { error: 'form.integer' } as const;

export const ChargerTotalSchema = z
  .number()
  .int(INTEGER_ERROR)
  .min(0, MIN_ERROR)
  .max(MAX_CHARGER_TOTAL, MAX_ERROR);
export const ChargingPowerSchema = z.number().min(0, MIN_ERROR).max(MAX_CHARGING_POWER, MAX_ERROR);
export const SparePartsQuantitySchema = z
  .number()
  .int(INTEGER_ERROR)
  .min(SPARE_PARTS_QUANTITY.min, MIN_ERROR)
  .max(SPARE_PARTS_QUANTITY.max, MAX_ERROR);

/** The charger section of a swap station's info (totals of its AC and DC chargers and their power range). */
export const SwapChargerCapacitySchema = z.object({
  chargerTotalNumberAc: ChargerTotalSchema.optional(),
  chargerTotalNumberDc: ChargerTotalSchema.optional(),
  chargingPowerTotalMin: ChargingPowerSchema.optional(),
  chargingPowerTotalMax: ChargingPowerSchema.optional(),
});
export type SwapChargerCapacity = z.infer<typeof SwapChargerCapacitySchema>;
