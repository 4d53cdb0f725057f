import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { StationBasicInfosService } from '../stations/station-basic-infos.service.js';
import { EstimatedRoutingProvider } from './planning/estimated-routing.js';
import { OsrmRoutingProvider } from './planning/osrm-routing.js';
import { PlanningStations } from './planning-stations.service.js';
import { roadBookShareRoutes } from './road-book-share.routes.js';
import { roadBookRoutes } from './road-books.routes.js';
import { RoadBooksService } from './road-books.service.js';

export function roadBooksModule(
  { db, config, log, listExports }: SharedDeps,
  needs: { basicInfos: StationBasicInfosService },
): PortalModule & { roadBooks: RoadBooksService } {
  const planningStations = new PlanningStations(db, {
    onError: (error) => log.error({ err: error }, 'route planning station index update failed'),
  });
  const routing = config.routingUrl
    ? new OsrmRoutingProvider({ baseUrl: config.routingUrl })
    : new EstimatedRoutingProvider();
  const roadBooks = new RoadBooksService(db, planningStations, routing, needs.basicInfos, {
    arrivalReserveRatio: config.routeArrivalReservePercent / 100,
  });
  return {
    roadBooks,
    api: async (scope) => scope.register(roadBookShareRoutes, { prefix: '/public', roadBooks }),
    tenant: async (scope) =>
      scope.register(roadBookRoutes, {
        roadBooks,
        listExports,
        plannerWaitMs: config.routePlannerWaitMs,
      }),
    // The index loads in the background: the server answers meanwhile, and plans are told to wait.
    start: async () => {
      planningStations.start();
      if (config.routePlannerPreload) planningStations.load();
    },
    close: async () => planningStations.stop(),
  };
}
