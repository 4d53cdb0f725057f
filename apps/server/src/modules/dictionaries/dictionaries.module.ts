import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { ensureDictionaries } from './dictionaries.bootstrap.js';
import { dictionaryRoutes } from './dictionaries.routes.js';
import { DictionaryService } from './dictionaries.service.js';

export async function dictionariesModule({
  db,
}: SharedDeps): Promise<PortalModule & { dictionaries: DictionaryService }> {
  // Reference entries every start needs, demo data or not; here so every app (tests too) has them.
  await ensureDictionaries(db);
  const dictionaries = new DictionaryService(db);
  return { dictionaries, tenant: async (scope) => scope.register(dictionaryRoutes, { dictionaries }) };
}
