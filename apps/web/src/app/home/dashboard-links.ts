import type { Dashboard } from '@cmp/domain/dashboard/dashboard';
import { REPORT_REVIEW_STATUSES } from '@cmp/domain/stations/reported-stations';
import { REMOTE_OPERATION_STATUSES } from '@cmp/domain/stations/remote-operations';

const DAY_MS = 86_400_000;

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * Where each figure of the dashboard leads: its list, filtered as the figure counts, in the URL names the list's
 * search form reads (a time range needs both its ends). Paths are relative to the tenant's area.
 */
export function dashboardLinks(dashboard: Pick<Dashboard, 'todayStart' | 'comments'>) {
  const todayEnd = dashboard.todayStart + DAY_MS - 1;
  return {
    stations: 'resources',
    stationsOnline: withQuery('resources', { chargerPresence: 'online' }),
    chargersRegistered: withQuery('resources', { chargerPresence: 'registered' }),
    chargersOffline: withQuery('resources', { chargerPresence: 'offline' }),
    openWorksheets: withQuery('resources/worksheets', { status: 'open' }),
    reviewQueue: withQuery('crowdsourced-stations', { stationStatus: REPORT_REVIEW_STATUSES.pending }),
    awaitingReply: withQuery('feedback-list', {
      replyNumberMax: 0,
      startTime: dashboard.comments.trendStart,
      endTime: todayEnd,
    }),
    couponsIssued: 'coupon-batches',
    couponsUsed: withQuery('coupon-deliveries', { status: 'used' }),
    failedToday: withQuery('remote-operations', {
      status: REMOTE_OPERATION_STATUSES.failed,
      create_time_begin: dashboard.todayStart,
      create_time_end: todayEnd,
    }),
  };
}

/** The start of the reader's day, the day "today" counts from. */
export function startOfToday(now = new Date()): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}
