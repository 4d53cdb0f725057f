import { z } from 'zod';

export const REPORTED_STATION_SOURCES = ['nio', 'pe', 'internal', 'staff', 'mini'] as const;
export const ReportedStationSourceSchema = z.enum(REPORTED_STATION_SOURCES);
export type ReportedStationSource = z.infer<typeof ReportedStationSourceSchema>;

/**
 * Review states of a report (the spec does not show them; docs/decisions.md "Reported and crowd-sourced
 * stations"): a report waits, then staff approve or reject it. Only an approved report can go online.
 */
export const REPORT_REVIEW_STATUSES = { pending: 0, approved: 1, rejected: 2 } as const;
export const REPORT_REVIEW_STATUS_VALUES = [0, 1, 2] as const;

/** Whether a report has become a network station. */
export const REPORT_ONLINE_STATUSES = { offline: 0, online: 1 } as const;
export const REPORT_ONLINE_STATUS_VALUES = [0, 1] as const;

/** Ids issued by the network's own station registry carry this marker. */
export const NETWORK_STATION_ID_MARKER = '-NIO-';

/**
 * Putting a reported station online links it to a station. A reported id that already is a network
 * station id is that station; any other id gets a station id from the registry.
 */
export const onlineStationId = (reportedId: string): string | undefined =>
  reportedId.includes(NETWORK_STATION_ID_MARKER) ? reportedId : undefined;
