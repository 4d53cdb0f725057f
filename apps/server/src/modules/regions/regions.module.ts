import type { PortalModule } from '../../platform/portal-module.js';
import { regionRoutes } from './regions.routes.js';

export const regionsModule = (): PortalModule => ({
  tenant: async (scope) => scope.register(regionRoutes),
});
