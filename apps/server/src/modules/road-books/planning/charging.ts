/**
 * The vehicle and stop model of the planner. Range is what the planner counts in (kilometres, as the
 * planning form gives it); energy follows from a linear consumption.
 */
export interface VehicleModel {
  maxRangeKm: number;
  /** kWh per km, the same on every road. */
  consumptionKwhPerKm: number;
  /** The most the car takes from any charger. */
  maxChargePowerKw: number;
  /** State of charge above which charging slows down. */
  taperStartSoc: number;
  /** Power at a full battery as a share of the power before the taper (falls linearly to it). */
  taperEndRatio: number;
}

export interface StopModel {
  /** A battery swap, from pulling in to driving off. */
  swapSeconds: number;
  /** Parking, plugging in and paying at a charger, besides the charging itself. */
  chargeOverheadSeconds: number;
  /** Speed on the way from the route to a station and back (km/h). */
  accessSpeedKmh: number;
  /** Road distance to a station over its straight distance from the route. */
  accessRoadFactor: number;
  /** Assumed power of AC charging at a station that also has DC chargers (kW). */
  acPowerKw: number;
  /** Assumed power where a station gives none (kW). */
  unknownDcPowerKw: number;
  unknownAcPowerKw: number;
}

export const DEFAULT_VEHICLE: Omit<VehicleModel, 'maxRangeKm'> = {
  consumptionKwhPerKm: 0.18,
  maxChargePowerKw: 150,
  taperStartSoc: 0.8,
  taperEndRatio: 0.25,
};

export const DEFAULT_STOPS: StopModel = {
  swapSeconds: 5 * 60,
  chargeOverheadSeconds: 3 * 60,
  accessSpeedKmh: 40,
  accessRoadFactor: 1.3,
  acPowerKw: 7,
  unknownDcPowerKw: 60,
  unknownAcPowerKw: 7,
};

/**
 * Charging time from an empty battery to `rangeKm`, in units of "a full battery at full power": full
 * power up to the taper start, then power falling linearly to `taperEndRatio` of it at 100 %. Times are
 * differences of this curve times `fullBatterySeconds`, so the search evaluates the curve once per end.
 */
export function chargeUnits(vehicle: VehicleModel, rangeKm: number): number {
  const soc = Math.min(1, Math.max(0, rangeKm / vehicle.maxRangeKm));
  const start = vehicle.taperStartSoc;
  if (soc <= start) return soc;
  const slope = (1 - vehicle.taperEndRatio) / (1 - start);
  return start - Math.log(1 - slope * (soc - start)) / slope;
}

const unitTables = new WeakMap<VehicleModel, (rangeKm: number) => number>();

/**
 * `chargeUnits` for one vehicle from a table of 1,000 steps with linear interpolation: the search asks
 * for it on every move, where a logarithm each time would dominate. The curve is smooth, so the error
 * stays far below a second of charging.
 */
export function chargeUnitTable(vehicle: VehicleModel): (rangeKm: number) => number {
  let lookup = unitTables.get(vehicle);
  if (!lookup) {
    const steps = 1000;
    const stepKm = vehicle.maxRangeKm / steps;
    const table = new Float64Array(steps + 2);
    for (let k = 0; k <= steps + 1; k++) table[k] = chargeUnits(vehicle, Math.min(k, steps) * stepKm);
    lookup = (rangeKm) => {
      if (!(stepKm > 0)) return 0;
      const at = Math.min(Math.max(rangeKm / stepKm, 0), steps);
      const k = Math.floor(at);
      return table[k]! + (at - k) * (table[k + 1]! - table[k]!);
    };
    unitTables.set(vehicle, lookup);
  }
  return lookup;
}

/** Seconds to fill the whole battery at the power the car draws from a charger of `stationPowerKw`. */
export function fullBatterySeconds(vehicle: VehicleModel, stationPowerKw: number): number {
  const powerKw = Math.min(stationPowerKw, vehicle.maxChargePowerKw);
  if (!(powerKw > 0)) return Infinity;
  return ((vehicle.maxRangeKm * vehicle.consumptionKwhPerKm) / powerKw) * 3600;
}

/** Seconds to charge from `fromKm` to `toKm` of range at a charger of `stationPowerKw`. */
export function chargeSeconds(
  vehicle: VehicleModel,
  stationPowerKw: number,
  fromKm: number,
  toKm: number,
): number {
  if (toKm <= fromKm || vehicle.maxRangeKm <= 0) return 0;
  return (
    (chargeUnits(vehicle, toKm) - chargeUnits(vehicle, fromKm)) * fullBatterySeconds(vehicle, stationPowerKw)
  );
}
