import type { RuleMessage } from '../messages/format.js';
import { ruleMessage } from '../messages/format.js';

/** The headers the station import takes in its first column, compared without case or surrounding blanks. */
export const STATION_IMPORT_HEADERS = ['站点ID', 'resourceId'] as const;
export const isStationImportHeader = (header: string): boolean =>
  STATION_IMPORT_HEADERS.some((known) => known.toLowerCase() === header.trim().toLowerCase());

/** A station as the import checks it: whether it exists, and its operator. */
export type KnownStations = ReadonlyMap<string, { operatorId: string | null }>;

/**
 * Each row's problems (none for a good row): an empty id, a repeat of an earlier row, a station the network
 * does not have, one of an operator outside the activity's (`operators`, empty when it takes every one).
 */
export function stationRowMessages(
  ids: readonly string[],
  known: KnownStations,
  operators: ReadonlySet<string>,
): RuleMessage[][] {
  const seen = new Set<string>();
  return ids.map((raw) => {
    const id = raw.trim();
    if (id === '') return [ruleMessage('activityStations.emptyId')];
    const messages: RuleMessage[] = [];
    if (seen.has(id)) messages.push(ruleMessage('activityStations.duplicate'));
    seen.add(id);
    const station = known.get(id);
    if (!station) messages.push(ruleMessage('activityStations.unknown'));
    else if (operators.size > 0 && !operators.has(station.operatorId ?? '')) {
      messages.push(ruleMessage('activityStations.outOfScope'));
    }
    return messages;
  });
}
