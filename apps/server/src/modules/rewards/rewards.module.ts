import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import type { ActivityRewardSourcesService } from '../activities/activity-reward-sources.service.js';
import { AwardsService } from './awards.service.js';
import { GiftBagsService } from './gift-bags.service.js';
import { lotterySetupRoutes } from './lottery-setup.routes.js';
import { LotteryDrawsService } from './lottery-draws.service.js';
import { rewardAppRoutes } from './reward-app.routes.js';
import { RewardEngine } from './reward-engine.js';
import { rewardEngineJobKind } from './reward-engine.job.js';
import { RewardEventsService } from './reward-events.service.js';
import { rewardRecordRoutes } from './reward-records.routes.js';
import { RewardRecordsService } from './reward-records.service.js';

/**
 * Rewards (marketing spec §3 "Award, gift bag, lottery draw" and "Point record"): the awards and gift bags
 * of lottery activities, the apps' draws, signed by their back end, the reward engine that gives what the
 * activities promise for the events the apps' back end reports, the draw and point records, and the
 * reissue of failed rewards.
 */
export function rewardsModule(
  { db, jobs, listExports }: SharedDeps,
  {
    activities,
    rewardSources,
    accounts,
  }: {
    activities: ActivitiesService;
    rewardSources: ActivityRewardSourcesService;
    accounts: AccountsService;
  },
): PortalModule {
  const awards = new AwardsService(db, activities);
  const giftBags = new GiftBagsService(db, activities);
  const draws = new LotteryDrawsService(db, activities, accounts);
  const records = new RewardRecordsService(db, activities);
  const events = new RewardEventsService(db, jobs);
  return {
    jobKinds: [rewardEngineJobKind(new RewardEngine(rewardSources))],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(rewardAppRoutes, { draws, giftBags, events }),
        ),
      );
    },
    tenant: async (scope) => {
      await scope.register(lotterySetupRoutes, { awards, giftBags });
      await scope.register(rewardRecordRoutes, { draws, records, listExports });
    },
  };
}
