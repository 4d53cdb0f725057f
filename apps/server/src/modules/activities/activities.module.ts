import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import type { OperationListService } from '../stations/operation-list.service.js';
import type { StationBasicInfosService } from '../stations/station-basic-infos.service.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { activityAppRoutes } from './activity-app.routes.js';
import { ActivityQuotesService } from './activity-quotes.service.js';
import { stationImportJobKind } from './activity-station-import.job.js';
import { activityRoutes } from './activities.routes.js';
import { ActivitiesService, type GivenRewards } from './activities.service.js';
import { ActivityRewardSourcesService } from './activity-reward-sources.service.js';
import { activityStationRoutes } from './activity-stations.routes.js';
import { ActivityStationsService } from './activity-stations.service.js';

/**
 * Activities (marketing spec §3 "Activity", §7 "Activities"): list, info, create, update, delete, start and
 * finish, and the stations taking part.
 */
export function activitiesModule(
  { db, jobs, storage, listExports }: SharedDeps,
  {
    dictionaries,
    stations,
    basicInfos,
    givenRewards,
  }: {
    dictionaries: DictionaryService;
    stations: OperationListService;
    basicInfos: StationBasicInfosService;
    givenRewards: GivenRewards;
  },
): PortalModule & { activities: ActivitiesService; rewardSources: ActivityRewardSourcesService } {
  const activities = new ActivitiesService(db, dictionaries, givenRewards);
  const activityStations = new ActivityStationsService(db, stations, jobs, storage, givenRewards);
  const quotes = new ActivityQuotesService(db, basicInfos);
  return {
    activities,
    rewardSources: new ActivityRewardSourcesService(),
    jobKinds: [stationImportJobKind()],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(activityAppRoutes, { quotes }),
        ),
      );
    },
    tenant: async (scope) => {
      await scope.register(activityRoutes, { activities, quotes, listExports });
      await scope.register(activityStationRoutes, { stations: activityStations, listExports });
    },
  };
}
