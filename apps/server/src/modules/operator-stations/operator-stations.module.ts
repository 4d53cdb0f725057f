import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { operatorStationRoutes } from './operator-stations.routes.js';
import { OperatorStationsService } from './operator-stations.service.js';

/** Operator stations of the virtual provider (spec /pe-oss/v1/vpc/stations): list, detail, create, update, remove. */
export function operatorStationsModule({ db, listExports }: SharedDeps): PortalModule {
  const stations = new OperatorStationsService(db);
  return {
    tenant: async (scope) => scope.register(operatorStationRoutes, { stations, listExports }),
  };
}
