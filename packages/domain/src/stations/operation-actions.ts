import { z } from 'zod';

/** Actions recorded in a station's operation history. */
export const STATION_OPERATION_ACTIONS = [
  'CHARGE_STATION_BASIC_INFO_UPDATE',
  'CHARGE_MAP_OFFLINE',
  'ONE_KEY_CHARGING_OFFLINE',
  'CHARGE_STATION_CONTRIBUTOR_BIND',
  'CHARGE_STATION_CONTRIBUTOR_UNBIND',
] as const;
export const StationOperationActionSchema = z.enum(STATION_OPERATION_ACTIONS);
export type StationOperationAction = z.infer<typeof StationOperationActionSchema>;
