import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';

/** Firmware upgrade packages, their signed download links and upgrade campaigns. */
export function upgradePackagesModule(_shared: SharedDeps): PortalModule {
  return {};
}
