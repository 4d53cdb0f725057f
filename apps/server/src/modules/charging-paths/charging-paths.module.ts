import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { chargingPathAppRoutes } from './charging-path-app.routes.js';
import { ChargingPathPlanning, type TripPlanner } from './charging-path-planning.service.js';
import { chargingPathRoutes } from './charging-paths.routes.js';
import { ChargingPathsService } from './charging-paths.service.js';

/** Charging paths: planned by the apps through the road books' planner (`needs.planner`), read by staff. */
export function chargingPathsModule(
  { db, listExports }: SharedDeps,
  needs: { planner: TripPlanner },
): PortalModule {
  const paths = new ChargingPathsService(db);
  const planning = new ChargingPathPlanning(db, needs.planner);
  return {
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(chargingPathAppRoutes, { planning }),
        ),
      ),
    tenant: async (scope) => scope.register(chargingPathRoutes, { paths, listExports }),
  };
}
