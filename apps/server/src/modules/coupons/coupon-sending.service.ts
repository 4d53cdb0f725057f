import type { z } from 'zod';
import { ERROR_CODES, type Tenant } from '@cmp/domain';
import { ACCOUNT_COUNTRY_CODE, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { CouponBatchSend, CouponSend, CouponSendResultSchema } from '@cmp/domain/coupons/coupon-records';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { couponFailure, issueCoupons, lockOpenBatch, operatorOf, overLimit } from './coupon-issue.service.js';
import { toCoupon } from './coupon-records.service.js';
import { COUPON_SEND_JOB, type SendParams } from './coupon-sending.job.js';

export const COUPON_SEND_ENTITY = 'coupon_batch';
/** How many unknown ids a refusal names; the count says how many there are. */
const NAMED_IDS = 20;

/** 422 naming the account ids the tenant does not have. */
export const unknownAccounts = (missing: readonly string[]): AppError => {
  const rule = ruleMessage('couponSend.unknownAccounts', {
    count: missing.length,
    ids: missing.slice(0, NAMED_IDS).join(', '),
  });
  return new AppError(422, USER_NOT_FOUND, rule.key, { missing }, undefined, rule);
};

/**
 * Sending coupons of a batch to users (spec M3.3.9, M7.1.4, M7.1.5, M7.1.19): one user at once, by
 * account id or mobile resolved first (user_not_found when unknown); many accounts, all checked first,
 * by a durable job that issues them chunk by chunk. The batch's limit per user holds for staff sends as
 * for claims (docs/decisions.md "Coupons").
 */
export class CouponSendingService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly accounts: AccountsService,
  ) {}

  private async accountOf(tenant: Tenant, body: CouponSend, actor: Actor): Promise<string> {
    const reader = { reveal: false, actor };
    const account =
      body.accountId !== undefined
        ? await this.accounts.byId(tenant, body.accountId, reader)
        : await this.accounts.byMobile(tenant, ACCOUNT_COUNTRY_CODE, body.mobile!, reader);
    return account.accountId;
  }

  async sendOne(
    tenant: Tenant,
    body: CouponSend,
    actor: Actor,
  ): Promise<z.infer<typeof CouponSendResultSchema>> {
    const accountId = await this.accountOf(tenant, body, actor);
    return this.db.transaction(async (tx) => {
      const batch = await lockOpenBatch(tx, tenant, body.couponBatchId);
      if ((await overLimit(tx, batch, [accountId], body.amount)).length > 0)
        throw couponFailure('coupon_batch_amount_limit');
      const issued = await issueCoupons(tx, {
        tenant,
        batch,
        accountIds: Array<string>(body.amount).fill(accountId),
        channel: 'send',
        operatorAccount: operatorOf(actor),
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: COUPON_SEND_ENTITY,
        entityId: batch.couponBatchId,
        action: 'COUPON_SEND',
        after: { accountId, amount: body.amount, couponIds: issued.map((c) => c.couponId) },
      });
      return { accountId, coupons: issued.map((coupon) => toCoupon({ coupon, batch })) };
    });
  }

  /** The ids of `accountIds` the tenant has none of (looked up 100 at a time, all at once). */
  async missingAccounts(tenant: Tenant, accountIds: readonly string[], actor: Actor): Promise<string[]> {
    try {
      await this.accounts.byIds(tenant, accountIds, { reveal: false, actor });
      return [];
    } catch (error) {
      if (error instanceof AppError && error.code === USER_NOT_FOUND)
        return (error.details as { missing: string[] }).missing;
      throw error;
    }
  }

  async batchSend(
    tenant: Tenant,
    body: CouponBatchSend,
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    // An account named twice gets its coupons once: a list pasted together should not double a send.
    const accountIds = [...new Set(body.accountIds)];
    const missing = await this.missingAccounts(tenant, accountIds, actor);
    if (missing.length > 0) throw unknownAccounts(missing);
    return this.enqueueSend(tenant, { ...body, accountIds, channel: 'send' }, actor, locale);
  }

  /**
   * Queues the send of `amount` coupons to each account once the batch can take it all: open, stock for
   * every coupon, nobody past the limit per user. Audited with the job in one transaction.
   */
  async enqueueSend(
    tenant: Tenant,
    send: Pick<SendParams, 'couponBatchId' | 'accountIds' | 'amount' | 'channel'>,
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    return this.db.transaction(async (tx) => {
      const batch = await lockOpenBatch(tx, tenant, send.couponBatchId);
      if (batch.stockAmount < send.accountIds.length * send.amount)
        throw couponFailure('coupon_batch_stock_not_enough');
      const over = await overLimit(tx, batch, send.accountIds, send.amount);
      if (over.length > 0) {
        const rule = ruleMessage('couponSend.overLimit', {
          count: over.length,
          ids: over.slice(0, NAMED_IDS).join(', '),
        });
        throw new AppError(409, 'coupon_batch_amount_limit', rule.key, { accountIds: over }, undefined, rule);
      }
      if (actor.userId === null) throw new AppError(403, ERROR_CODES.forbidden, 'a staff user sends coupons');
      const job = await this.jobs.enqueue(
        {
          kind: COUPON_SEND_JOB,
          tenant,
          createdBy: { userId: actor.userId, userName: actor.userName ?? '' },
          params: { ...send, operatorAccount: operatorOf(actor), locale },
        },
        tx,
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: COUPON_SEND_ENTITY,
        entityId: batch.couponBatchId,
        action: send.channel === 'import' ? 'COUPON_IMPORT' : 'COUPON_BATCH_SEND',
        after: { jobId: job.id, recipients: send.accountIds.length, amount: send.amount },
      });
      return { jobId: job.id };
    });
  }
}
