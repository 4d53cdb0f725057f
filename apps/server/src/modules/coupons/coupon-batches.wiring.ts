import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';
import { couponBatchRoutes } from './coupon-batches.routes.js';
import { CouponBatchesService } from './coupon-batches.service.js';
import { CouponCustomTagsService } from './coupon-custom-tags.js';
import { CouponGenerationService, couponGenerationJobKind } from './coupon-generation.js';
import { couponGenerationRoutes } from './coupon-generation.routes.js';
import { orphanedGenerationSweep } from './coupon-generation-orphans.js';

/** Coupon batches, custom tags, generate records with their generation job, and code downloads. */
export function couponBatchesPart({ db, jobs, listExports, accounts }: CouponsDeps): CouponsPart {
  const batches = new CouponBatchesService(db);
  const customTags = new CouponCustomTagsService(db);
  const generation = new CouponGenerationService(db, jobs, accounts);
  return {
    jobKinds: [couponGenerationJobKind()],
    sweeps: [orphanedGenerationSweep(db)],
    tenant: async (scope) => {
      await scope.register(couponBatchRoutes, { batches, customTags, db, listExports });
      await scope.register(couponGenerationRoutes, { generation, listExports });
    },
  };
}
