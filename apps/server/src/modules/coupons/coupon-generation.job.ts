import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { isClosedBatchStatus } from '@cmp/domain/coupons/coupon-statuses';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineJobKind, type JobKind } from '../../platform/jobs/job-kind.js';
import { findCouponBatch, moveStock } from './coupon-batches.repo.js';
import * as repo from './coupon-generation.repo.js';
import { issueCouponRefs } from './coupon-issue.service.js';

export const COUPON_GENERATION_JOB = 'coupon-generation';
/** Coupons issued per chunk: one insert of this many rows stays well inside the runner's lease. */
export const GENERATION_CHUNK = 5000;

const GenerationJobParamsSchema = z.object({ generateRecordId: z.number().int().positive() });

/** The account coupon number `seq` of a record goes to: none for codes, else its place in the list. */
function accountOf(record: repo.GenerateRecordRow, seq: number): string | null {
  if (record.generateType === 'generate') return null;
  const perAccount = record.generateAmount / record.accountIds.length;
  return record.accountIds[Math.floor(seq / perAccount)]!;
}

/**
 * The generation job: issues the next chunk of the record's coupons with their sequence numbers, in the
 * transaction that records the checkpoint, so a process killed mid-job leaves whole chunks only and the
 * restarted job goes on from the last one. The record's stock was taken when it was created: each chunk
 * gives its share back to the batch just before `issueCouponRefs` takes it, so the batch's stock never
 * shows it twice. The last chunk finishes the record (and the batch once no record of it is generating);
 * a batch closed meanwhile ends the record as the batch is.
 */
export function couponGenerationJobKind({ chunkSize = GENERATION_CHUNK } = {}): JobKind {
  return defineJobKind<z.infer<typeof GenerationJobParamsSchema>, { next: number }>({
    kind: COUPON_GENERATION_JOB,
    params: GenerationJobParamsSchema,
    async step({ params, checkpoint, db }) {
      const record = await repo.findGenerateRecordById(db, params.generateRecordId);
      const done = { result: { counts: { generated: record?.generatedAmount ?? 0 }, files: [] } };
      if (!record || !repo.UNFINISHED_RECORD_STATUSES.includes(record.status)) return done;
      const batch = (await findCouponBatch(db, record.tenant as Tenant, record.couponBatchId))!;
      const now = new Date();
      if (isClosedBatchStatus(batch.status)) {
        const status = batch.status === 'killed' ? 'killed' : 'failed';
        return { ...done, write: (tx) => repo.endGenerateRecord(tx, record, status, now) };
      }
      const next = checkpoint?.next ?? 0;
      const total = record.generateAmount;
      const end = Math.min(total, next + chunkSize);
      const accountIds = Array.from({ length: end - next }, (_, i) => accountOf(record, next + i));
      const write = async (tx: DbOrTx) => {
        const reserved = accountIds.length;
        await moveStock(tx, batch.couponBatchId, reserved);
        const issued = await issueCouponRefs(tx, {
          tenant: record.tenant as Tenant,
          batch,
          accountIds,
          channel: record.generateType === 'generate' ? 'code' : 'generate_assign',
          operatorAccount: record.operatorAccount,
          generateRecordId: record.generateRecordId,
          seqStart: next,
          now,
        });
        // Numbers issued by an earlier try of this chunk: their stock was taken then.
        if (issued.length < reserved) await moveStock(tx, batch.couponBatchId, issued.length - reserved);
        await repo.markGenerated(tx, record.generateRecordId, end, now);
        if (end >= total) await repo.endGenerateRecord(tx, record, 'finished', now);
      };
      if (end >= total) return { write, result: { counts: { generated: total }, files: [] } };
      return { write, checkpoint: { next: end }, done: end, total, message: `${end} / ${total}` };
    },
  });
}
