import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { relationAppRoutes } from './relations-app.routes.js';
import { relationRoutes } from './relations.routes.js';
import { RelationsService } from './relations.service.js';

/** Relations of app accounts to stations; `relations` binds and unbinds for other modules too. */
export function relationsModule({ db, listExports }: SharedDeps): PortalModule & {
  relations: RelationsService;
} {
  const relations = new RelationsService(db);
  return {
    relations,
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(relationAppRoutes, { relations }),
        ),
      ),
    tenant: async (scope) => scope.register(relationRoutes, { relations, listExports }),
  };
}
