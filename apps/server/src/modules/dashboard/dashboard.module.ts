import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { CommentFigures } from '../comments/comment-figures.service.js';
import { CouponFiguresService } from '../coupons/coupon-figures.service.js';
import { ReportFigures } from '../crowdsourced-stations/report-figures.service.js';
import { OcppFigures } from '../ocpp/ocpp-figures.service.js';
import { StationFigures } from '../stations/station-figures.service.js';
import { WorksheetFigures } from '../worksheets/worksheet-figures.service.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

/** The tenant's home dashboard: reads the other areas only through their figures services. */
export function dashboardModule({ db }: SharedDeps): PortalModule & { stationFigures: StationFigures } {
  const stationFigures = new StationFigures(db);
  const dashboard = new DashboardService({
    stations: stationFigures,
    ocpp: new OcppFigures(db),
    worksheets: new WorksheetFigures(db),
    reports: new ReportFigures(db),
    comments: new CommentFigures(db),
    coupons: new CouponFiguresService(db),
  });
  return {
    stationFigures,
    tenant: async (scope) => scope.register(dashboardRoutes, { dashboard }),
  };
}
