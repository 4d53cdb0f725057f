import type { Tenant } from '@cmp/domain';
import {
  DASHBOARD_COUPON_BATCHES,
  DASHBOARD_DENSITY_CELL_DEGREES,
  DASHBOARD_TREND_DAYS,
  type Dashboard,
} from '@cmp/domain/dashboard/dashboard';
import type { CommentFigures } from '../comments/comment-figures.service.js';
import type { CouponFiguresService } from '../coupons/coupon-figures.service.js';
import type { ReportFigures } from '../crowdsourced-stations/report-figures.service.js';
import type { OcppFigures } from '../ocpp/ocpp-figures.service.js';
import type { StationFigures } from '../stations/station-figures.service.js';
import type { WorksheetFigures } from '../worksheets/worksheet-figures.service.js';

const DAY_MS = 86_400_000;

export interface DashboardSources {
  stations: StationFigures;
  ocpp: OcppFigures;
  worksheets: WorksheetFigures;
  reports: ReportFigures;
  comments: CommentFigures;
  coupons: CouponFiguresService;
}

/** The server's midnight, when the reader did not say when their day began. */
function localMidnight(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/**
 * The tenant's home dashboard: asks each area's figures service, all at once. Each answers from counters
 * kept by the writes or from a short indexed range (docs/performance.md "Home dashboard").
 */
export class DashboardService {
  constructor(private readonly sources: DashboardSources) {}

  async read(tenant: Tenant, todayStart?: number): Promise<Dashboard> {
    const now = Date.now();
    const today = todayStart ?? localMidnight(now);
    const trendStart = today - (DASHBOARD_TREND_DAYS - 1) * DAY_MS;
    const { stations, ocpp, worksheets, reports, comments, coupons } = this.sources;
    const [
      stationTotal,
      presence,
      openWorksheets,
      pendingReview,
      commentTotal,
      commentDays,
      couponFigures,
      failedToday,
      cells,
    ] = await Promise.all([
      stations.total(),
      ocpp.presence(),
      worksheets.open(),
      reports.pendingReview(tenant),
      comments.total(tenant),
      comments.days(tenant, trendStart),
      coupons.figures(tenant, DASHBOARD_COUPON_BATCHES),
      ocpp.failedSince(tenant, today),
      stations.density(DASHBOARD_DENSITY_CELL_DEGREES),
    ]);
    return {
      generatedAt: now,
      todayStart: today,
      stations: { total: stationTotal, online: presence.onlineStations },
      chargers: { registered: presence.registeredChargers, online: presence.onlineChargers },
      worksheets: { open: openWorksheets },
      reviewQueue: { pending: pendingReview },
      comments: {
        total: commentTotal,
        awaitingReply: commentDays.reduce((n, day) => n + day.awaitingReply, 0),
        trendStart,
        trend: commentDays.map(({ day, count, averageRating }) => ({
          day,
          count,
          averageRating: Math.round(averageRating * 100) / 100,
        })),
      },
      coupons: couponFigures,
      remoteOperations: { failedToday },
      density: { cellDegrees: DASHBOARD_DENSITY_CELL_DEGREES, cells },
    };
  }
}
