import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';

/** Operator stations of the virtual provider (spec /pe-oss/v1/vpc/stations): list, detail, create, update, remove. */
export function operatorStationsModule(_shared: SharedDeps): PortalModule {
  return {};
}
