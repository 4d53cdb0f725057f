import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = ({ db }: SharedDeps): PortalModule => ({
  api: async (scope) => scope.register(healthRoutes, { db }),
});
