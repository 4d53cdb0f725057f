import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';

/** App users' home chargers and the reporter look-ups of the reported-station screens. */
export function userChargersModule(_shared: SharedDeps): PortalModule {
  return {};
}
