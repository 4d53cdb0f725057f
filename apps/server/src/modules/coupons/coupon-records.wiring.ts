import { CouponAbandonService } from './coupon-abandon.js';
import { couponExpirySweep } from './coupon-expiry-sweep.js';
import { couponRecordRoutes } from './coupon-records.routes.js';
import { CouponRecordsService } from './coupon-records.service.js';
import { CouponRecipientImportService } from './coupon-recipient-import.js';
import { CouponSendingService } from './coupon-sending.js';
import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';

/** Sending and the recipient import, coupon records and deliveries, bind records, abandons and expiry. */
export function couponRecordsPart({ db, jobs, storage, accounts, listExports }: CouponsDeps): CouponsPart {
  const records = new CouponRecordsService(db, accounts);
  const sending = new CouponSendingService(db, jobs, accounts);
  const imports = new CouponRecipientImportService(db, jobs, storage, accounts);
  const abandons = new CouponAbandonService(db);
  return {
    jobKinds: [sending.jobKind, imports.jobKind],
    sweeps: [couponExpirySweep(db)],
    tenant: async (scope) =>
      scope.register(couponRecordRoutes, {
        listExports,
        records,
        sending,
        imports,
        abandons,
      }),
  };
}
