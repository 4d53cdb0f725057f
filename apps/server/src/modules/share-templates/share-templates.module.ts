import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { FilesService } from '../files/files.service.js';
import { shareTemplateAppRoutes } from './share-template-app.routes.js';
import { sharePictureRoutes, shareTemplateRoutes } from './share-templates.routes.js';
import { ShareTemplatesService } from './share-templates.service.js';

/**
 * Share templates (marketing spec §3 "Poster and share template"): staff keep each share type's card, the
 * apps read it by type and id through the signed app API, and its pictures are public.
 */
export function shareTemplatesModule({ db, storage, config, listExports }: SharedDeps): PortalModule & {
  templates: ShareTemplatesService;
} {
  const templates = new ShareTemplatesService(db, new FilesService(db, storage));
  return {
    templates,
    api: async (scope) => {
      await scope.register(sharePictureRoutes, { templates });
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(shareTemplateAppRoutes, { templates, publicUrl: config.publicUrl }),
        ),
      );
    },
    tenant: async (scope) => scope.register(shareTemplateRoutes, { templates, listExports }),
  };
}
