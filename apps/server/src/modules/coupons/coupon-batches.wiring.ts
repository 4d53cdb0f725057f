import { exportJobKind } from '../../platform/export/list-export.js';
import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';
import { couponBatchRoutes } from './coupon-batches.routes.js';
import { CouponBatchesService } from './coupon-batches.service.js';
import { CouponCustomTagsService } from './coupon-custom-tags.js';
import { CouponGenerationService, couponGenerationJobKind } from './coupon-generation.js';
import { couponGenerationRoutes } from './coupon-generation.routes.js';
import { orphanedGenerationSweep } from './coupon-generation-orphans.js';

/** Coupon batches, custom tags, generate records with their generation job, and code downloads. */
export function couponBatchesPart({ db, jobs, config, accounts }: CouponsDeps): CouponsPart {
  const batches = new CouponBatchesService(db);
  const customTags = new CouponCustomTagsService(db);
  const generation = new CouponGenerationService(db, jobs, accounts);
  const exportStreamLimit = config.exportStreamLimit;
  return {
    jobKinds: [couponGenerationJobKind(), exportJobKind(batches.export), exportJobKind(generation.export)],
    sweeps: [orphanedGenerationSweep(db)],
    tenant: async (scope) => {
      await scope.register(couponBatchRoutes, { batches, customTags, db, jobs, exportStreamLimit });
      await scope.register(couponGenerationRoutes, { generation, db, jobs, exportStreamLimit });
    },
  };
}
