import type { Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findCouponBatch, lockTenantBatch, type CouponBatchRow } from './coupon-batches.repo.js';
import * as repo from './coupon-claims.repo.js';
import type { GenerateRecordRow } from './coupon-generation.repo.js';
import type { CouponRow } from './coupon-issue.repo.js';
import { batchClosed, couponFailure, issueCoupons } from './coupon-issue.service.js';

/** A coupon a claim was given, with the batch it is answered with. */
export interface Claimed {
  coupon: CouponRow;
  batch: CouponBatchRow;
}

/** Most claims one transaction settles: enough for a burst, small enough to keep the transaction short. */
export const TOKEN_CLAIMS_PER_TRANSACTION = 500;

/** Generate records whose coupons are still being made, and those that never will be. */
const UNFINISHED_RECORD = ['created', 'processing'];
const DEAD_RECORD = ['failed', 'killed'];

export const userNotFound = (accountId: string): AppError =>
  new AppError(404, USER_NOT_FOUND, `account ${accountId} not found`, { missing: [accountId] });

interface TokenClaim {
  accountId: string;
  amount: number;
  now: Date;
  resolve: (claimed: Claimed) => void;
  reject: (error: unknown) => void;
}

/** Why the record's token gives no coupon at `now`, or null when it does. */
function recordRefusal(record: GenerateRecordRow | undefined, now: Date): CouponRewardFailure | null {
  if (!record) return 'coupon_generate_record_unavailable';
  if (DEAD_RECORD.includes(record.status)) return 'coupon_generate_record_state_unavailable';
  if (UNFINISHED_RECORD.includes(record.status)) return 'coupon_generate_record_state_unfinished';
  if (record.couponTokenEffectiveDate && record.couponTokenEffectiveDate > now) return 'coupon_ineffective';
  if (record.couponTokenExpireDate && record.couponTokenExpireDate < now) return 'coupon_expired';
  return null;
}

/**
 * Claims by a generate record's token, settled together: the claims of one token that arrive while an
 * earlier group of them is being settled wait and are settled in one transaction of their own (group
 * commit). Each claim of a burst would otherwise take the batch's row lock for its own transaction and
 * hold it through its commit, so a burst went one claim at a time (docs/performance.md "Coupon claims").
 * A group takes every claimant's lock, applies each claim's rules as a single claim would, takes its
 * stock in one update and answers each claim on its own once the transaction has committed. Nothing waits
 * for a timer: a claim that finds no group under way is settled at once. Other processes meet the group
 * on the same locks, so the stock and the rules hold across them.
 */
export class TokenClaims {
  private readonly waiting = new Map<string, TokenClaim[]>();

  constructor(private readonly db: Db) {}

  claim(
    tenant: Tenant,
    couponToken: string,
    claim: { accountId: string; amount: number; operatorAccount: string; now: Date },
  ): Promise<Claimed> {
    const key = JSON.stringify([tenant, couponToken, claim.operatorAccount]);
    return new Promise((resolve, reject) => {
      const entry = { accountId: claim.accountId, amount: claim.amount, now: claim.now, resolve, reject };
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push(entry);
        return;
      }
      this.waiting.set(key, [entry]);
      void this.drain(key, tenant, couponToken, claim.operatorAccount);
    });
  }

  private async drain(key: string, tenant: Tenant, couponToken: string, operatorAccount: string) {
    const queue = this.waiting.get(key)!;
    while (queue.length > 0) {
      const group = takeGroup(queue);
      try {
        const outcomes = await this.settle(tenant, couponToken, operatorAccount, group);
        group.forEach((claim, i) => {
          const outcome = outcomes[i]!;
          if (outcome instanceof AppError) claim.reject(outcome);
          else claim.resolve(outcome);
        });
      } catch (error) {
        for (const claim of group) claim.reject(error);
      }
    }
    this.waiting.delete(key);
  }

  /** Each claim's coupon or refusal, in the group's order; throws when the transaction itself fails. */
  private settle(
    tenant: Tenant,
    couponToken: string,
    operatorAccount: string,
    group: readonly TokenClaim[],
  ): Promise<(Claimed | AppError)[]> {
    return this.db.transaction(async (tx) => {
      const claims = new GroupOutcomes(group);
      const accountIds = group.map((claim) => claim.accountId);
      await repo.lockClaimants(tx, tenant, accountIds);
      const live = await repo.liveAccountIds(tx, tenant, accountIds);
      claims.refuse((claim) => (live.has(claim.accountId) ? null : userNotFound(claim.accountId)));
      claims.refuse((claim) => (claim.amount === 1 ? null : 'coupon_invalid_issue_amount'));
      if (claims.open().length > 0) await this.issue(tx, tenant, couponToken, operatorAccount, claims);
      return claims.answers();
    });
  }

  /** The rules of a token claim in the order a single claim meets them, then the stock, for the open claims. */
  private async issue(
    tx: DbOrTx,
    tenant: Tenant,
    couponToken: string,
    operatorAccount: string,
    claims: GroupOutcomes,
  ): Promise<void> {
    const record = await repo.generateRecordByToken(tx, tenant, couponToken);
    claims.refuse((claim) => recordRefusal(record, claim.now));
    if (!record) return;
    const batch = (await findCouponBatch(tx, tenant, record.couponBatchId))!;
    claims.refuse(() => (batchClosed(batch) ? 'coupon_unavailable' : null));
    // Spares a rush that emptied the stock the work it would roll back; the locked stock below decides.
    claims.refuse(() => (batch.stockAmount < 1 ? 'coupon_batch_stock_not_enough' : null));
    if (claims.open().length === 0) return;
    const ids = () => claims.open().map((claim) => claim.accountId);
    const claimed = await repo.claimedByTokenAmong(tx, tenant, record.generateRecordId, ids());
    claims.refuse((claim) => (claimed.has(claim.accountId) ? 'duplicate_coupon_receive' : null));
    const limit = batch.limitPerUser;
    if (limit !== null && claims.open().length > 0) {
      const bound = await repo.boundCounts(tx, tenant, batch.couponBatchId, ids());
      claims.refuse((claim) =>
        (bound.get(claim.accountId) ?? 0) >= limit ? 'coupon_batch_amount_limit' : null,
      );
    }
    if (claims.open().length === 0) return;
    // The batch row is locked only now and held to the commit: the one point where claims of the batch wait
    // for each other, once per group rather than once per claim.
    const locked = (await lockTenantBatch(tx, tenant, batch.couponBatchId))!;
    claims.refuse(() => (batchClosed(locked) ? 'coupon_unavailable' : null));
    let stock = locked.stockAmount;
    claims.refuse(() => (stock-- > 0 ? null : 'coupon_batch_stock_not_enough'));
    const granted = claims.open();
    if (granted.length === 0) return;
    const issued = await issueCoupons(tx, {
      tenant,
      batch: locked,
      accountIds: granted.map((claim) => claim.accountId),
      channel: 'claim_token',
      operatorAccount,
      generateRecordId: record.generateRecordId,
      now: new Date(),
    });
    const byAccount = new Map(issued.map((coupon) => [coupon.accountId, coupon]));
    for (const claim of granted)
      claims.give(claim, { coupon: byAccount.get(claim.accountId)!, batch: locked });
  }
}

/** What each claim of a group is answered, filled in as the rules refuse some and the stock gives the rest. */
class GroupOutcomes {
  private readonly outcomes = new Map<TokenClaim, Claimed | AppError>();

  constructor(private readonly group: readonly TokenClaim[]) {}

  /** The claims neither refused nor given yet, in arrival order. */
  open(): TokenClaim[] {
    return this.group.filter((claim) => !this.outcomes.has(claim));
  }

  /** Refuses each open claim `why` finds a reason for. */
  refuse(why: (claim: TokenClaim) => AppError | CouponRewardFailure | null): void {
    for (const claim of this.open()) {
      const refusal = why(claim);
      if (refusal !== null)
        this.outcomes.set(claim, typeof refusal === 'string' ? couponFailure(refusal) : refusal);
    }
  }

  give(claim: TokenClaim, claimed: Claimed): void {
    this.outcomes.set(claim, claimed);
  }

  answers(): (Claimed | AppError)[] {
    return this.group.map((claim) => this.outcomes.get(claim)!);
  }
}

/**
 * Takes the next group off the queue: at most `TOKEN_CLAIMS_PER_TRANSACTION` claims, one per user. A user's
 * second claim stays queued for the next group, so that it sees the first as a single claim would.
 */
function takeGroup(queue: TokenClaim[]): TokenClaim[] {
  const group: TokenClaim[] = [];
  const users = new Set<string>();
  const rest: TokenClaim[] = [];
  for (const claim of queue) {
    if (group.length < TOKEN_CLAIMS_PER_TRANSACTION && !users.has(claim.accountId)) {
      users.add(claim.accountId);
      group.push(claim);
    } else rest.push(claim);
  }
  queue.splice(0, queue.length, ...rest);
  return group;
}
