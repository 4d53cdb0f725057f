import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';

/** The OCPP 1.6J central system: the chargers' WebSocket endpoint, remote commands and their logs. */
export function ocppModule(_shared: SharedDeps): PortalModule {
  return {};
}
