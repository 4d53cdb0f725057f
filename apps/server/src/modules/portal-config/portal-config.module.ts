import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { portalConfigRoutes } from './portal-config.routes.js';

export const portalConfigModule = ({ config }: SharedDeps): PortalModule => ({
  api: async (scope) => scope.register(portalConfigRoutes, { config }),
});
