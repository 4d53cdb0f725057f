import { exportJobKind } from '../../platform/export/list-export.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { worksheetRoutes } from './worksheets.routes.js';
import { WorksheetsService } from './worksheets.service.js';

export function worksheetsModule({ db, jobs, config }: SharedDeps): PortalModule {
  const worksheets = new WorksheetsService(db);
  return {
    jobKinds: [exportJobKind(worksheets.export)],
    tenant: async (scope) =>
      scope.register(worksheetRoutes, {
        worksheets,
        db,
        jobs,
        exportStreamLimit: config.exportStreamLimit,
      }),
  };
}
