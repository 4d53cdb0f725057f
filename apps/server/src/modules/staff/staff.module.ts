import { exportJobKind } from '../../platform/export/list-export.js';
import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { staffRoutes } from './staff.routes.js';
import { StaffService } from './staff.service.js';

export function staffModule({ db, jobs, config }: SharedDeps): PortalModule & { staff: StaffService } {
  const staff = new StaffService(db);
  return {
    staff,
    jobKinds: [exportJobKind(staff.export)],
    api: async (scope) =>
      scope.register(staffRoutes, {
        prefix: '/admin',
        staff,
        db,
        jobs,
        exportStreamLimit: config.exportStreamLimit,
      }),
  };
}
