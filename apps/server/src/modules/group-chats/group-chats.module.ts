import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { groupChatAppRoutes } from './group-chat-app.routes.js';
import { groupChatRoutes } from './group-chats.routes.js';
import { GroupChatsService } from './group-chats.service.js';
import { InviterIds } from './inviter-ids.js';

/**
 * Group chats (marketing spec §3 "Group chat", §7 "Group chats"): a group per station and client kept by
 * staff, its members joining through the apps' back end, its notices written to the module's outbox, and
 * its info for an invitation's H5 page.
 */
export function groupChatsModule({ db, config, listExports }: SharedDeps): PortalModule & {
  groups: GroupChatsService;
} {
  const groups = new GroupChatsService(db, new InviterIds(db, config.groupInviterKey));
  return {
    groups,
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(groupChatAppRoutes, { groups }),
        ),
      );
    },
    tenant: async (scope) => scope.register(groupChatRoutes, { groups, listExports }),
  };
}
