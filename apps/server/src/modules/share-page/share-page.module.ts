import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import type { GroupChatsService } from '../group-chats/group-chats.service.js';
import type { ShareTemplatesService } from '../share-templates/share-templates.service.js';
import { sharePageRoutes } from './share-page.routes.js';
import { SharePageService } from './share-page.service.js';

/**
 * The H5 share page's public calls (marketing spec §1, §7 "Posters and share"): the template, a group
 * invitation's info and the messenger's share signature. The page itself is the web client's `share.html`.
 */
export function sharePageModule(
  { config }: SharedDeps,
  { templates, groups }: { templates: ShareTemplatesService; groups: GroupChatsService },
): PortalModule {
  const page = new SharePageService(
    templates,
    groups,
    { appId: config.wechatAppId, jsapiTicket: config.wechatJsapiTicket },
    config.publicUrl,
  );
  return { api: async (scope) => scope.register(sharePageRoutes, { page, publicUrl: config.publicUrl }) };
}
