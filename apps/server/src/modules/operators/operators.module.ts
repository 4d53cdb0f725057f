import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { operatorRoutes } from './operators.routes.js';
import { OperatorsService, type StationsOfOperators } from './operators.service.js';

export function operatorsModule(
  { db, listExports }: SharedDeps,
  needs: { stations: StationsOfOperators },
): PortalModule {
  const operators = new OperatorsService(db, needs.stations);
  return { tenant: async (scope) => scope.register(operatorRoutes, { operators, listExports }) };
}
