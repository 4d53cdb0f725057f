import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { appClientRoutes } from './app-clients.routes.js';
import { AppClientsService } from './app-clients.service.js';

/** The tenant's app back ends as signed clients; what they send is each receiving module's own route. */
export function appClientsModule({ db }: SharedDeps): PortalModule {
  const clients = new AppClientsService(db);
  return {
    tenant: async (scope) => scope.register(appClientRoutes, { clients }),
  };
}
