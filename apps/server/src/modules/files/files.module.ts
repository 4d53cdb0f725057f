import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { fileReadRoutes, fileUploadRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';

export function filesModule({ db, storage }: SharedDeps): PortalModule {
  const files = new FilesService(db, storage);
  return {
    api: async (scope) => scope.register(fileReadRoutes, { files }),
    tenant: async (scope) => scope.register(fileUploadRoutes, { files }),
  };
}
