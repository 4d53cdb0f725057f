import { z } from 'zod';
import { formatMessage, ruleMessage, type Locale } from '@cmp/domain/messages/format';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineJobKind, type JobInfo, type JobKind, type StepResult } from '../../platform/jobs/job-kind.js';
import { issueCouponRefs, openBatch } from './coupon-issue.service.js';

export const COUPON_SEND_JOB = 'coupons.send';

/** Coupons one chunk issues at most: a transaction of bounded size however many each account gets. */
const CHUNK_COUPONS = 1000;

export const SendParamsSchema = z.object({
  couponBatchId: z.number().int().positive(),
  accountIds: z.array(z.string().min(1).max(64)).min(1).max(100_000),
  amount: z.number().int().min(1).max(100),
  channel: z.enum(['send', 'import']),
  operatorAccount: z.string().max(64),
  locale: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
export type SendParams = z.infer<typeof SendParamsSchema>;

/** Where a send is: the accounts before `next` have their coupons. */
export interface SendCheckpoint {
  next: number;
}

/**
 * The next chunk of a send to many accounts. Its coupons are issued in `write`, the transaction that also
 * records the checkpoint, so a chunk cut off by a crash is issued again from the start and a chunk that
 * committed is never issued twice. The batch is read again for each chunk: one closed meanwhile stops the
 * send (coupon_unavailable), and so does a stock that ran out (coupon_batch_stock_not_enough).
 */
export async function sendChunk(
  db: DbOrTx,
  job: JobInfo,
  params: Omit<SendParams, 'accountIds'>,
  accountIds: readonly string[],
  next: number,
): Promise<StepResult<SendCheckpoint>> {
  const tenant = job.tenant!;
  const perChunk = Math.max(1, Math.floor(CHUNK_COUPONS / params.amount));
  const chunk = accountIds.slice(next, next + perChunk);
  if (chunk.length === 0) {
    const coupons = accountIds.length * params.amount;
    return {
      result: { counts: { recipients: accountIds.length, coupons }, files: [] },
      message: formatMessage(
        params.locale as Locale,
        ruleMessage('couponSend.sent', { coupons, recipients: accountIds.length }),
      ),
    };
  }
  const batch = await openBatch(db, tenant, params.couponBatchId);
  const done = next + chunk.length;
  return {
    checkpoint: { next: done },
    done,
    total: accountIds.length,
    write: async (tx) => {
      await issueCouponRefs(tx, {
        tenant,
        batch,
        accountIds: chunk.flatMap((accountId) => Array<string>(params.amount).fill(accountId)),
        channel: params.channel,
        operatorAccount: params.operatorAccount,
      });
    },
  };
}

/** The send to many accounts (batch send, M7.1.5), a chunk of accounts at a time. */
export const couponSendJobKind = (): JobKind =>
  defineJobKind<SendParams, SendCheckpoint>({
    kind: COUPON_SEND_JOB,
    params: SendParamsSchema,
    step: ({ job, params, checkpoint, db }) =>
      sendChunk(db, job, params, params.accountIds, checkpoint?.next ?? 0),
  });
