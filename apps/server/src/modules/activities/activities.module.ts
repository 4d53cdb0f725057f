import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import type { OperationListService } from '../stations/operation-list.service.js';
import { activityRoutes } from './activities.routes.js';
import { ActivitiesService } from './activities.service.js';
import { activityStationRoutes } from './activity-stations.routes.js';
import { ActivityStationsService } from './activity-stations.service.js';

/**
 * Activities (marketing spec §3 "Activity", §7 "Activities"): list, info, create, update, delete, start and
 * finish, and the stations taking part.
 */
export function activitiesModule(
  { db, listExports }: SharedDeps,
  { dictionaries, stations }: { dictionaries: DictionaryService; stations: OperationListService },
): PortalModule {
  const activities = new ActivitiesService(db, dictionaries);
  const activityStations = new ActivityStationsService(db, stations);
  return {
    tenant: async (scope) => {
      await scope.register(activityRoutes, { activities, listExports });
      await scope.register(activityStationRoutes, { stations: activityStations });
    },
  };
}
