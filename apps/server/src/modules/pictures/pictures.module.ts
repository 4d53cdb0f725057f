import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { picturesRoutes } from './pictures.routes.js';
import { PicturesService } from './pictures.service.js';

export function picturesModule({ db, storage }: SharedDeps): PortalModule {
  const pictures = new PicturesService(db, storage);
  return { tenant: async (scope) => scope.register(picturesRoutes, { pictures }) };
}
