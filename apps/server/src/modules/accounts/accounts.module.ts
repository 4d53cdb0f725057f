import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { accountAppRoutes } from './account-app.routes.js';
import { AccountIngestService } from './account-ingest.service.js';
import { accountRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { personalCarRoutes } from './personal-cars.routes.js';
import { PersonalCarsService } from './personal-cars.service.js';

export function accountsModule({
  db,
  listExports,
}: SharedDeps): PortalModule & { accounts: AccountsService } {
  const accounts = new AccountsService(db);
  const ingest = new AccountIngestService(db);
  const cars = new PersonalCarsService(db);
  return {
    accounts,
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(accountAppRoutes, { ingest })),
      ),
    tenant: async (scope) => {
      await scope.register(accountRoutes, { accounts });
      await scope.register(personalCarRoutes, {
        cars,
        listExports,
      });
    },
  };
}
