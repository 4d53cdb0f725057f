import type { RewardState } from '@cmp/domain/activities/reward-states';
import type { Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { grantCoupons, type CouponGrant } from '../coupons/coupon-issue.service.js';

export interface GrantOutcome {
  rewardState: Extract<RewardState, 1 | 2>;
  failReason: string | null;
  couponIds: number[];
}

/**
 * Gives the coupons of a reward inside a savepoint of the caller's transaction: state 1 with the coupons,
 * or state 2 with the failure's code (spec M8) and nothing of the try kept, so the reward itself is never
 * lost and can be reissued.
 */
export async function giveCoupons(tx: DbOrTx, grant: CouponGrant): Promise<GrantOutcome> {
  try {
    const couponIds = await tx.transaction((savepoint) => grantCoupons(savepoint, grant));
    return { rewardState: 1, failReason: null, couponIds };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { rewardState: 2, failReason: error.code, couponIds: [] };
    throw error;
  }
}

/** Who reads a list of users' rewards, and whether their mobiles show whole (operators) or masked. */
export interface MobileReader {
  reveal: boolean;
  actor: Actor;
}
