import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { operatorRoutes } from './operators.routes.js';
import { OperatorsService } from './operators.service.js';

export function operatorsModule({ db }: SharedDeps): PortalModule {
  const operators = new OperatorsService(db);
  return { tenant: async (scope) => scope.register(operatorRoutes, { operators }) };
}
