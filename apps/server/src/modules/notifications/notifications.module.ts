import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

export function notificationsModule({ db }: SharedDeps): PortalModule {
  const notifications = new NotificationsService(db);
  return { tenant: async (scope) => scope.register(notificationsRoutes, { notifications }) };
}
