import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { RelationsService } from '../relations/relations.service.js';

/** Stations reported by app users and staff: intake, the review queue, review, going online. */
export function crowdsourcedStationsModule(
  _shared: SharedDeps,
  _needs: { relations: RelationsService },
): PortalModule {
  return {};
}
