import { ActivityStationParamsSchema, MAX_STATIONS_PER_ADD } from '@cmp/domain/activities/activity-stations';

/** The longest station id the activity calls take. */
export const STATION_ID_MAX_LENGTH = ActivityStationParamsSchema.shape.resourceId.maxLength ?? 64;

/** Station ids as people paste them: one a line, or between commas (also the Chinese one) and blanks. */
export const parseStationIds = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,，、;；]+/)
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  ),
];

export type StationIdsProblem =
  | { kind: 'required' }
  | { kind: 'tooMany'; count: number; max: number }
  | { kind: 'tooLong'; id: string; max: number };

/** What keeps the ids from being sent, or undefined when they may be: the server takes 1 to 1,000 ids. */
export function stationIdsProblem(ids: readonly string[]): StationIdsProblem | undefined {
  if (ids.length === 0) return { kind: 'required' };
  if (ids.length > MAX_STATIONS_PER_ADD)
    return { kind: 'tooMany', count: ids.length, max: MAX_STATIONS_PER_ADD };
  const long = ids.find((id) => id.length > STATION_ID_MAX_LENGTH);
  return long === undefined ? undefined : { kind: 'tooLong', id: long, max: STATION_ID_MAX_LENGTH };
}
