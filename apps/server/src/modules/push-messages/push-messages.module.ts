import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { pushAppRoutes } from './push-app.routes.js';
import { PushBatchesService } from './push-batches.service.js';
import { pushDeliveryJobKind } from './push-delivery.job.js';
import { pushMessageRoutes } from './push-messages.routes.js';
import { PushOutboxService } from './push-outbox.service.js';
import { pushImportJobKind } from './push-recipient-import.job.js';
import { PushRecipientImportService } from './push-recipient-import.service.js';
import { MqttTransport, OUTBOX_TRANSPORT, type PushTransport } from './push-transport.js';

/** How often the server looks for scheduled batches whose time came, and for outbox rows to relay. */
const TICK_MS = 2_000;

/**
 * Push messages (marketing spec §3 and §7 "Push messages"): batches and their recipients, pushed by durable
 * jobs through the MQTT broker of `MQTT_URL` (or kept for the apps' signed fetch when there is none), single
 * notifications, and the relay of the accounts' and group chats' outboxes the same way.
 */
export function pushMessagesModule(
  { db, config, jobs, storage, listExports, log }: SharedDeps,
  { accounts }: { accounts: AccountsService },
): PortalModule & { batches: PushBatchesService; outbox: PushOutboxService } {
  const transport: PushTransport = config.mqttUrl
    ? new MqttTransport(config.mqttUrl, config.mqttTimeoutMs)
    : OUTBOX_TRANSPORT;
  const batches = new PushBatchesService(db, jobs);
  const imports = new PushRecipientImportService(db, jobs, storage);
  const outbox = new PushOutboxService(db, transport);
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await batches.startDue();
      await outbox.relay();
    } catch (error) {
      log.warn({ err: error }, 'push messages: the scheduled pushes or the outbox relay failed; retrying');
    } finally {
      ticking = false;
    }
  };
  return {
    batches,
    outbox,
    jobKinds: [pushDeliveryJobKind(transport, config.mqttRetryMs), pushImportJobKind(accounts)],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) => signed.register(pushAppRoutes, { outbox })),
      );
    },
    tenant: async (scope) => scope.register(pushMessageRoutes, { batches, imports, outbox, listExports }),
    start: async () => {
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    close: async () => {
      clearInterval(timer);
      await transport.close();
    },
  };
}
