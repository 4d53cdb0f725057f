import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { ReporterLookupsService } from './reporter-lookups.service.js';
import { reporterLookupRoutes } from './reporter-lookups.routes.js';
import { userChargerAppRoutes } from './user-chargers-app.routes.js';
import { UserChargersService } from './user-chargers.service.js';

/** App users' home chargers and the reporter look-ups of the reported-station screens. */
export function userChargersModule({ db }: SharedDeps): PortalModule {
  const chargers = new UserChargersService(db);
  const lookups = new ReporterLookupsService(db);
  return {
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(userChargerAppRoutes, { chargers }),
        ),
      ),
    tenant: async (scope) => scope.register(reporterLookupRoutes, { lookups }),
  };
}
