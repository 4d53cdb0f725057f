import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import { AwardsService } from './awards.service.js';
import { GiftBagsService } from './gift-bags.service.js';
import { lotterySetupRoutes } from './lottery-setup.routes.js';
import { LotteryDrawsService } from './lottery-draws.service.js';
import { rewardAppRoutes } from './reward-app.routes.js';
import { rewardRecordRoutes } from './reward-records.routes.js';
import { RewardRecordsService } from './reward-records.service.js';

/**
 * Rewards (marketing spec §3 "Award, gift bag, lottery draw" and "Point record"): the awards and gift bags
 * of lottery activities, the apps' draws, signed by their back end, the draw and point records, and the
 * reissue of failed rewards.
 */
export function rewardsModule(
  { db, listExports }: SharedDeps,
  { activities, accounts }: { activities: ActivitiesService; accounts: AccountsService },
): PortalModule {
  const awards = new AwardsService(db, activities);
  const giftBags = new GiftBagsService(db, activities);
  const draws = new LotteryDrawsService(db, activities, accounts);
  const records = new RewardRecordsService(db, activities);
  return {
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(rewardAppRoutes, { draws, giftBags })),
      );
    },
    tenant: async (scope) => {
      await scope.register(lotterySetupRoutes, { awards, giftBags });
      await scope.register(rewardRecordRoutes, { draws, records, listExports });
    },
  };
}
