import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import type { RelationsService } from '../relations/relations.service.js';
import { crowdsourcedAppRoutes } from './crowdsourced-app.routes.js';
import { crowdsourcedStationRoutes } from './crowdsourced-stations.routes.js';
import { CrowdsourcedStationsService } from './crowdsourced-stations.service.js';
import { ReportIntake } from './report-intake.service.js';
import { ReportOnlineService } from './report-online.service.js';

/** Stations reported by app users and staff: intake, the review queue, review, going online. */
export function crowdsourcedStationsModule(
  { db, storage, config, listExports }: SharedDeps,
  { relations }: { relations: RelationsService },
): PortalModule {
  const deps = { db, storage, relations, duplicateRadiusMeters: config.reportDuplicateRadiusMeters };
  const reports = new CrowdsourcedStationsService(deps);
  const intake = new ReportIntake(deps);
  const online = new ReportOnlineService(deps);
  return {
    api: async (scope) =>
      scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(crowdsourcedAppRoutes, { intake }),
        ),
      ),
    tenant: async (scope) =>
      scope.register(crowdsourcedStationRoutes, {
        reports,
        intake,
        online,
        listExports,
      }),
  };
}
