import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { tagCatalogueRoutes } from './tag-catalogue.routes.js';
import { TagCatalogueService } from './tag-catalogue.service.js';
import { ensureTagCatalogue } from './tags.bootstrap.js';
import { tagRoutes } from './tags.routes.js';
import { TagsService } from './tags.service.js';

export async function tagsModule({
  db,
  listExports,
}: SharedDeps): Promise<PortalModule & { tags: TagsService }> {
  // The catalogue every start needs, demo data or not; here so every app (tests too) has it.
  await ensureTagCatalogue(db);
  const tags = new TagsService(db);
  const catalogue = new TagCatalogueService(db);
  return {
    tags,
    tenant: async (scope) => {
      await scope.register(tagRoutes, { tags });
      await scope.register(tagCatalogueRoutes, { catalogue, listExports });
    },
  };
}
