import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

export const STATION_STATUSES = [0, 1, 3, 6, 50] as const;
export const StationStatusSchema = z.literal(STATION_STATUSES);
export type StationStatus = z.infer<typeof StationStatusSchema>;

export const STATION_STATUS_LABELS = {
  0: 'stationStatus.unknown',
  1: 'stationStatus.underConstruction',
  3: 'stationStatus.offline',
  6: 'stationStatus.inMaintenance',
  50: 'stationStatus.normal',
} as const satisfies Record<StationStatus, MessageKey>;
