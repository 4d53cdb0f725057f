import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { reportedStationRoutes } from './reported-stations.routes.js';
import { ReportedStationsService } from './reported-stations.service.js';

/** Reported stations of the virtual provider (spec /pe-oss/v1/vpc/stations): list, detail, create, update, remove. */
export function reportedStationsModule({ db, listExports }: SharedDeps): PortalModule {
  const stations = new ReportedStationsService(db);
  return {
    tenant: async (scope) => scope.register(reportedStationRoutes, { stations, listExports }),
  };
}
