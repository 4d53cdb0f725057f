import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { activityRoutes } from './activities.routes.js';
import { ActivitiesService } from './activities.service.js';

/** Activities (marketing spec §3 "Activity", §7 "Activities"): list, info, create, update, delete, start and finish. */
export function activitiesModule(
  { db, listExports }: SharedDeps,
  { dictionaries }: { dictionaries: DictionaryService },
): PortalModule {
  const activities = new ActivitiesService(db, dictionaries);
  return {
    tenant: async (scope) => scope.register(activityRoutes, { activities, listExports }),
  };
}
