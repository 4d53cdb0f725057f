import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { invitationAppRoutes } from './invitation-app.routes.js';
import { InvitationIngestService } from './invitation-ingest.service.js';
import { invitationRoutes } from './invitations.routes.js';
import { InvitationsService } from './invitations.service.js';

export function invitationsModule({ db, listExports }: SharedDeps): PortalModule {
  const invitations = new InvitationsService(db);
  const ingest = new InvitationIngestService(db);
  return {
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(invitationAppRoutes, { ingest }),
        ),
      ),
    tenant: async (scope) =>
      scope.register(invitationRoutes, {
        invitations,
        listExports,
      }),
  };
}
