import { messageBusOf } from '../../platform/bus/message-bus.js';
import type { Database } from '../../platform/db/database.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { forumAppRoutes } from './forum-app.routes.js';
import { forumPublicRoutes } from './forum-public.routes.js';
import { forumRoutes } from './forum.routes.js';
import { ForumService } from './forum.service.js';
import { SensitiveWordIndex } from './sensitive-word-index.js';

/**
 * The forum (marketing spec §3 "Forum", §7): posts, replies and thumbs from the apps' back end, matched
 * against each tenant's sensitive words on intake; staff moderation; the apps' read of what it allows.
 * A change of a word list reaches the other processes through the message bus.
 */
export function forumModule(
  { db, log, listExports }: SharedDeps,
  { database, accounts }: { database: Database; accounts: AccountsService },
): PortalModule & { forum: ForumService } {
  const bus = messageBusOf(database, log);
  const words = new SensitiveWordIndex(db, bus, log);
  const forum = new ForumService(db, accounts, words);
  return {
    forum,
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(forumAppRoutes, { forum })),
      );
      await scope.register(forumPublicRoutes, { forum });
    },
    tenant: async (scope) => scope.register(forumRoutes, { forum, listExports }),
    start: () => words.start(),
    close: async () => {
      await words.stop();
      await bus.close();
    },
  };
}
