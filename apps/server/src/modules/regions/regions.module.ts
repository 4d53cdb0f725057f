import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { regionRoutes } from './regions.routes.js';
import { RegionStationsService } from './regions.service.js';

export const regionsModule = ({ db }: SharedDeps): PortalModule => {
  const regionStations = new RegionStationsService(db);
  return { tenant: async (scope) => scope.register(regionRoutes, { regionStations }) };
};
