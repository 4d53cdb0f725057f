import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { messageBusOf } from '../../platform/bus/message-bus.js';
import type { Database } from '../../platform/db/database.js';
import { portalBaseUrl } from '../../platform/http/public-url.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { PresentStations } from '../stations/operation-list.service.js';
import { CentralSystem } from './central-system.service.js';
import { ChargePointsService } from './charge-points.service.js';
import { deleteMeterValuesBefore } from './charge-sessions.repo.js';
import { endUnstartedRemoteStarts } from './remote-operations.repo.js';
import { ChargerMessages } from './charger-messages.service.js';
import { CommandRelay } from './command-relay.service.js';
import { diagnosticsUploadRoutes } from './diagnostics-uploads.routes.js';
import { DiagnosticsUploadsService } from './diagnostics-uploads.service.js';
import { ocppRoutes } from './ocpp.routes.js';
import { stationsByPresence } from './presence.repo.js';
import { Presence } from './presence.service.js';
import { RemoteCommands } from './remote-commands.service.js';
import { RemoteOperationsService } from './remote-operations.service.js';

/** Meter samples are kept this long: enough to look into a session's week, not a history of every charger. */
const METER_VALUE_DAYS = 7;

/**
 * The OCPP 1.6J central system: the chargers' WebSocket endpoint (`/ocpp/{chargePointId}`), their
 * messages, charger presence across processes, remote commands and their operation logs. `commands`
 * is what other modules send commands with (an upgrade campaign's UpdateFirmware), `present` what the
 * operations list filters stations by.
 */
export function ocppModule(
  { db, config, storage, log, listExports }: SharedDeps,
  { database }: { database: Database },
): PortalModule & { commands: RemoteCommands; present: PresentStations; processId: string } {
  const processId = randomUUID();
  const bus = messageBusOf(database, log);
  const presence = new Presence(db, processId, log);
  const chargePoints = new ChargePointsService(db);
  const messages = new ChargerMessages(db, bus, {
    idTagPattern: config.ocppIdTagPattern,
    heartbeatSeconds: config.ocppHeartbeatSeconds,
  });
  const central = new CentralSystem(chargePoints, presence, bus, messages, log);
  const relay = new CommandRelay(db, central, presence, bus, config.ocppCommandTimeoutMs, log);
  let server: Server | undefined;
  const remoteCommands = new RemoteCommands(db, relay, () => portalBaseUrl(config.publicUrl, server));
  const operations = new RemoteOperationsService(db);
  // A remote start ends as not started within a quarter of the connection timeout after it passes.
  const unstartedCheckMs = Math.min(15_000, (config.ocppConnectionTimeoutSeconds * 1000) / 4);
  let unstarted: NodeJS.Timeout | undefined;
  const uploads = new DiagnosticsUploadsService(db, storage);
  return {
    processId,
    commands: remoteCommands,
    present: { stationsByPresence },
    sweeps: [
      {
        name: 'charge_meter_values',
        run: () => deleteMeterValuesBefore(db, new Date(Date.now() - METER_VALUE_DAYS * 24 * 3600_000)),
      },
    ],
    upgrade: central.upgrade,
    api: async (scope) =>
      scope.register(diagnosticsUploadRoutes, { uploads, maxBytes: config.uploadMaxMb * 1024 * 1024 }),
    tenant: async (scope) => {
      server = scope.server;
      await scope.register(ocppRoutes, {
        chargePoints,
        commands: remoteCommands,
        operations,
        listExports,
        publicUrl: config.publicUrl,
      });
    },
    start: async () => {
      await presence.start();
      await central.start();
      await relay.start();
      unstarted = setInterval(() => {
        endUnstartedRemoteStarts(db, config.ocppConnectionTimeoutSeconds).catch((error: unknown) =>
          log.warn({ err: error }, 'ending unstarted remote starts failed; trying again'),
        );
      }, unstartedCheckMs);
      unstarted.unref();
    },
    closeUpgrades: () => central.close(),
    close: async () => {
      clearInterval(unstarted);
      await relay.close();
      await presence.stop();
      await bus.close();
    },
  };
}
