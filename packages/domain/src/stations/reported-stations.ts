import { z } from 'zod';

export const REPORTED_STATION_SOURCES = ['nio', 'pe', 'internal', 'staff', 'mini'] as const;
export const ReportedStationSourceSchema = z.enum(REPORTED_STATION_SOURCES);
export type ReportedStationSource = z.infer<typeof ReportedStationSourceSchema>;

/** Ids issued by the network's own station registry carry this marker. */
export const NETWORK_STATION_ID_MARKER = '-NIO-';

/**
 * Putting a reported station online links it to a station. A reported id that already is a network
 * station id is that station; any other id gets a station id from the registry.
 */
export const onlineStationId = (reportedId: string): string | undefined =>
  reportedId.includes(NETWORK_STATION_ID_MARKER) ? reportedId : undefined;
