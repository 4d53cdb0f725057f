import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { CouponAbandonService } from './coupon-abandon.service.js';
import { couponAppRoutes } from './coupon-app.routes.js';
import { couponBatchRoutes } from './coupon-batches.routes.js';
import { CouponBatchesService } from './coupon-batches.service.js';
import { CouponClaimsService } from './coupon-claims.service.js';
import { CouponCustomTagsService } from './coupon-custom-tags.service.js';
import { couponExpirySweep } from './coupon-expiry.sweep.js';
import { orphanedGenerationSweep } from './coupon-generation-orphans.sweep.js';
import { couponGenerationJobKind } from './coupon-generation.job.js';
import { couponGenerationRoutes } from './coupon-generation.routes.js';
import { CouponGenerationService } from './coupon-generation.service.js';
import { couponImportJobKind } from './coupon-recipient-import.job.js';
import { CouponRecipientImportService } from './coupon-recipient-import.service.js';
import { couponRecordRoutes } from './coupon-records.routes.js';
import { CouponRecordsService } from './coupon-records.service.js';
import { couponSendJobKind } from './coupon-sending.job.js';
import { CouponSendingService } from './coupon-sending.service.js';
import { CouponUseService } from './coupon-use.service.js';

/**
 * Coupons (marketing spec §3 "Coupon"): batches with their custom tags, generation, sending and the
 * recipient import, records and deliveries, abandons and expiry under /api/{tenant}, and the apps' claims
 * and uses, signed by the app back end, under /api/app/coupons.
 */
export function couponsModule(
  { db, jobs, storage, listExports }: SharedDeps,
  { accounts }: { accounts: AccountsService },
): PortalModule {
  const customTags = new CouponCustomTagsService(db);
  const batches = new CouponBatchesService(db, customTags);
  const generation = new CouponGenerationService(db, jobs, accounts);
  const records = new CouponRecordsService(db, accounts);
  const sending = new CouponSendingService(db, jobs, accounts);
  const imports = new CouponRecipientImportService(db, jobs, storage, accounts);
  const abandons = new CouponAbandonService(db);
  const claims = new CouponClaimsService(db);
  const use = new CouponUseService(db);
  return {
    jobKinds: [couponGenerationJobKind(), couponSendJobKind(), couponImportJobKind(imports)],
    sweeps: [orphanedGenerationSweep(db), couponExpirySweep(db)],
    api: async (scope) => {
      await scope.register(
        signedRoutes(db, APP_BACKEND_CLIENT, async (signed) =>
          signed.register(couponAppRoutes, { claims, use }),
        ),
      );
    },
    tenant: async (scope) => {
      await scope.register(couponBatchRoutes, { batches, customTags, db, listExports });
      await scope.register(couponGenerationRoutes, { generation, listExports });
      await scope.register(couponRecordRoutes, { listExports, records, sending, imports, abandons });
    },
  };
}
