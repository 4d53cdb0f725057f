import { messageBusOf } from '../../platform/bus/message-bus.js';
import type { Database } from '../../platform/db/database.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { cloudConfigAppRoutes } from './cloud-config-app.routes.js';
import { cloudConfigRoutes } from './cloud-config.routes.js';
import { CloudConfigService } from './cloud-config.service.js';
import { ReleaseNotifier } from './release-notifier.js';

/**
 * Cloud configuration (marketing §3 and §7): the tenants' configuration apps, their namespaces, items,
 * releases, diffs and rollbacks for staff; the released configuration and the long poll for the apps'
 * back ends, signed. Releases reach the polls of every process through the message bus.
 */
export function cloudConfigModule(
  { db, config, log, listExports }: SharedDeps,
  { database }: { database: Database },
): PortalModule & { cloudConfig: CloudConfigService; notifier: ReleaseNotifier } {
  const bus = messageBusOf(database, log);
  const notifier = new ReleaseNotifier(bus, log);
  const cloudConfig = new CloudConfigService(db, notifier, config.cloudConfigLongPollSeconds * 1000);
  return {
    cloudConfig,
    notifier,
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(cloudConfigAppRoutes, {
            config: cloudConfig,
            longPollSeconds: config.cloudConfigLongPollSeconds,
          }),
        ),
      );
    },
    tenant: async (scope) => scope.register(cloudConfigRoutes, { config: cloudConfig, listExports }),
    start: () => notifier.start(),
    // Held polls are answered before the server waits for its open requests, or a shutdown would wait a
    // whole poll.
    closeUpgrades: () => notifier.stop(),
    close: () => bus.close(),
  };
}
