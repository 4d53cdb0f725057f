import { exportJobKind } from '../../platform/export/list-export.js';
import { CouponAbandonService } from './coupon-abandon.js';
import { COUPON_ABANDON_EXPORT } from './coupon-abandon.export.js';
import { couponExpirySweep } from './coupon-expiry-sweep.js';
import { COUPON_DELIVERY_EXPORT, COUPON_RECORD_EXPORT } from './coupon-records.export.js';
import { couponRecordRoutes } from './coupon-records.routes.js';
import { CouponRecordsService } from './coupon-records.service.js';
import { CouponRecipientImportService } from './coupon-recipient-import.js';
import { CouponSendingService } from './coupon-sending.js';
import type { CouponsDeps } from './coupons.module.js';
import type { CouponsPart } from './coupons-part.js';

/** Sending and the recipient import, coupon records and deliveries, bind records, abandons and expiry. */
export function couponRecordsPart({ db, jobs, storage, accounts, config }: CouponsDeps): CouponsPart {
  const records = new CouponRecordsService(db, accounts);
  const sending = new CouponSendingService(db, jobs, accounts);
  const imports = new CouponRecipientImportService(db, jobs, storage, accounts);
  const abandons = new CouponAbandonService(db);
  return {
    jobKinds: [
      sending.jobKind,
      imports.jobKind,
      exportJobKind(COUPON_RECORD_EXPORT),
      exportJobKind(COUPON_DELIVERY_EXPORT),
      exportJobKind(COUPON_ABANDON_EXPORT),
    ],
    sweeps: [couponExpirySweep(db)],
    tenant: async (scope) =>
      scope.register(couponRecordRoutes, {
        db,
        jobs,
        exportStreamLimit: config.exportStreamLimit,
        records,
        sending,
        imports,
        abandons,
      }),
  };
}
