import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { nonceSweep, signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import { commentAppRoutes } from './comment-app.routes.js';
import { CommentCallbacks, commentCallbackJobKind } from './comment-callbacks.service.js';
import { CommentIngestService } from './comment-ingest.service.js';
import { commentVendorRoutes } from './comment-vendors.routes.js';
import { COMMENT_VENDOR_CLIENT, CommentVendorsService } from './comment-vendors.service.js';
import { commentRoutes } from './comments.routes.js';
import { CommentsService, type AccountDirectory } from './comments.service.js';

export function commentsModule(
  { db, jobs, storage, listExports }: SharedDeps,
  needs: { accounts: AccountDirectory },
): PortalModule {
  const comments = new CommentsService(db, new CommentCallbacks(jobs), needs.accounts);
  const vendors = new CommentVendorsService(db);
  const ingest = new CommentIngestService(db, storage);
  return {
    jobKinds: [commentCallbackJobKind(db)],
    sweeps: [nonceSweep(db)],
    api: async (scope) =>
      scope.register(
        signedRoutes(db, COMMENT_VENDOR_CLIENT, async (signed) =>
          signed.register(commentAppRoutes, { ingest }),
        ),
      ),
    tenant: async (scope) => {
      await scope.register(commentRoutes, {
        comments,
        listExports,
      });
      await scope.register(commentVendorRoutes, { vendors });
    },
  };
}
