import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { posterAppRoutes } from './poster-app.routes.js';
import { PosterResourcesService } from './poster-resources.service.js';
import { posterStationImportJobKind } from './poster-station-import.job.js';
import { posterRoutes } from './posters.routes.js';
import { PostersService } from './posters.service.js';

/**
 * Posters (marketing spec §3 "Poster and share template", §7 "Posters and share"): the posters, their trigger
 * rules and videos, the stations they are tied to, and the apps' read of them.
 */
export function postersModule(
  { db, jobs, storage, listExports }: SharedDeps,
  { activities, dictionaries }: { activities: ActivitiesService; dictionaries: DictionaryService },
): PortalModule & { posters: PostersService; resources: PosterResourcesService } {
  const posters = new PostersService(db, activities, dictionaries);
  const resources = new PosterResourcesService(db, posters, jobs, storage);
  return {
    posters,
    resources,
    jobKinds: [posterStationImportJobKind()],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(posterAppRoutes, { posters })),
      );
    },
    tenant: async (scope) => {
      await scope.register(posterRoutes, { posters, resources, listExports });
    },
  };
}
