import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { staffRoutes } from './staff.routes.js';
import { StaffService } from './staff.service.js';

export function staffModule({ db, listExports }: SharedDeps): PortalModule & { staff: StaffService } {
  const staff = new StaffService(db);
  return {
    staff,
    api: async (scope) =>
      scope.register(staffRoutes, {
        prefix: '/admin',
        staff,
        listExports,
      }),
  };
}
