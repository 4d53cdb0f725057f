import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { worksheetRoutes } from './worksheets.routes.js';
import { WorksheetsService } from './worksheets.service.js';

export function worksheetsModule({ db, listExports }: SharedDeps): PortalModule & {
  worksheets: WorksheetsService;
} {
  const worksheets = new WorksheetsService(db);
  return {
    worksheets,
    tenant: async (scope) =>
      scope.register(worksheetRoutes, {
        worksheets,
        listExports,
      }),
  };
}
