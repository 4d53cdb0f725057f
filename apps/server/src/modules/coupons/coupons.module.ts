import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { signedRoutes } from '../../platform/signed-clients/signed-routes.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { APP_BACKEND_CLIENT } from '../../platform/signed-clients/app-client-kind.js';
import { couponBatchesPart } from './coupon-batches.wiring.js';
import { couponClaimsPart } from './coupon-claims.wiring.js';
import { couponRecordsPart } from './coupon-records.wiring.js';

export interface CouponsDeps extends SharedDeps {
  accounts: AccountsService;
}

/** Coupons (marketing spec §3 "Coupon"): batches, generation, sending, records, abandon and the apps' claims. */
export function couponsModule(shared: SharedDeps, { accounts }: { accounts: AccountsService }): PortalModule {
  const deps = { ...shared, accounts };
  const parts = [couponBatchesPart(deps), couponRecordsPart(deps), couponClaimsPart(deps)];
  return {
    jobKinds: parts.flatMap((part) => part.jobKinds),
    sweeps: parts.flatMap((part) => part.sweeps ?? []),
    api: async (scope) => {
      for (const part of parts) {
        if (part.app) await scope.register(signedRoutes(shared.db, APP_BACKEND_CLIENT, part.app));
      }
    },
    tenant: async (scope) => {
      for (const part of parts) await part.tenant?.(scope);
    },
  };
}
