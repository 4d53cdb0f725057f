import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import type {
  GenerateRecord,
  GenerateRecordCreate,
  GenerateRecordFilter,
  GenerateRecordList,
  GenerateRecordListQuery,
  GenerateRecordStatistics,
} from '@cmp/domain/coupons/coupon-batches';
import { GenerateRecordFilterSchema } from '@cmp/domain/coupons/coupon-batches';
import { randomCouponCodes } from '@cmp/domain/coupons/coupon-code-alphabet';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import type { ListExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { defineJobKind, type JobKind } from '../../platform/jobs/job-kind.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import * as batchRepo from './coupon-batches.repo.js';
import { couponFailure } from './coupon-failure.js';
import { GENERATE_RECORD_LIST_EXPORT } from './coupon-generation.export.js';
import * as repo from './coupon-generation.repo.js';
import { CLOSED_BATCH_STATUSES, issueCouponRefs } from './coupon-issue.js';
import { couponBatches, couponGenerateRecords } from './coupons.tables.js';

export const COUPON_GENERATION_JOB = 'coupon-generation';
export const GENERATE_RECORD_ENTITY = 'coupon_generate_record';
/** Coupons issued per chunk: one insert of this many rows stays well inside the runner's lease. */
export const GENERATION_CHUNK = 5000;
/** A token is drawn from the code alphabet, long enough that guessing one is hopeless. */
const TOKEN_LENGTH = 32;
const ACCOUNTS_NAMED_IN_ERRORS = 20;
/** Mainland numbers: the country code record look-ups by mobile use (spec §9). */
const COUNTRY_CODE = '86';

export const GenerateRecordExportFilterSchema = GenerateRecordFilterSchema.extend({ tenant: TenantSchema });
export type GenerateRecordExportFilter = z.infer<typeof GenerateRecordExportFilterSchema>;

const isClosed = (status: string) => (CLOSED_BATCH_STATUSES as readonly string[]).includes(status);

export function presentGenerateRecord(row: repo.GenerateRecordWithBatch): GenerateRecord {
  const { record } = row;
  return {
    generateRecordId: record.generateRecordId,
    couponBatchId: record.couponBatchId,
    couponBizCode: row.couponBizCode as GenerateRecord['couponBizCode'],
    couponTypeCode: row.couponTypeCode as GenerateRecord['couponTypeCode'],
    couponValue: row.couponValue,
    batchName: row.batchName,
    couponName: row.couponName,
    generateType: record.generateType as GenerateRecord['generateType'],
    codeType: record.codeType as GenerateRecord['codeType'],
    status: record.status as GenerateRecord['status'],
    generateAmount: record.generateAmount,
    generatedAmount: record.generatedAmount,
    operatorAccount: record.operatorAccount,
    accountIds: record.accountIds,
    remark: record.remark,
    createTime: record.createTime.getTime(),
    updateTime: record.updateTime.getTime(),
    couponToken: record.couponToken,
    couponTokenEffectiveDate: record.couponTokenEffectiveDate?.getTime() ?? null,
    couponTokenExpireDate: record.couponTokenExpireDate?.getTime() ?? null,
    jobId: record.jobId,
  };
}

/** The account coupon number `seq` of a record goes to: none for codes, else its place in the list. */
function accountOf(record: repo.GenerateRecordRow, seq: number): string | null {
  if (record.generateType === 'generate') return null;
  const perAccount = record.generateAmount / record.accountIds.length;
  return record.accountIds[Math.floor(seq / perAccount)]!;
}

const JobParams = z.object({ generateRecordId: z.number().int().positive() });

/**
 * The generation job: issues the next chunk of the record's coupons with their sequence numbers, in the
 * transaction that records the checkpoint, so a process killed mid-job leaves whole chunks only and the
 * restarted job goes on from the last one. The record's stock was taken when it was created: each chunk
 * gives its share back to the batch just before `issueCoupons` takes it, so the batch's stock never
 * shows it twice. The last chunk finishes the record (and the batch once no record of it is generating);
 * a batch closed meanwhile ends the record as the batch is.
 */
export function couponGenerationJobKind({ chunkSize = GENERATION_CHUNK } = {}): JobKind {
  return defineJobKind<z.infer<typeof JobParams>, { next: number }>({
    kind: COUPON_GENERATION_JOB,
    params: JobParams,
    async step({ params, checkpoint, db }) {
      const record = await repo.findGenerateRecordById(db, params.generateRecordId);
      const done = { result: { counts: { generated: record?.generatedAmount ?? 0 }, files: [] } };
      if (!record || !repo.UNFINISHED_RECORD_STATUSES.includes(record.status)) return done;
      const batch = (await batchRepo.findCouponBatch(db, record.tenant as Tenant, record.couponBatchId))!;
      const now = new Date();
      if (isClosed(batch.status)) {
        const status = batch.status === 'killed' ? 'killed' : 'failed';
        return { ...done, write: (tx) => repo.endGenerateRecord(tx, record, status, now) };
      }
      const next = checkpoint?.next ?? 0;
      const total = record.generateAmount;
      const end = Math.min(total, next + chunkSize);
      const accountIds = Array.from({ length: end - next }, (_, i) => accountOf(record, next + i));
      const write = async (tx: DbOrTx) => {
        const reserved = accountIds.length;
        await tx
          .update(couponBatches)
          .set({ stockAmount: sql`${couponBatches.stockAmount} + ${reserved}` })
          .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
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
        if (issued.length < reserved) {
          // Numbers issued by an earlier try of this chunk: their stock was taken then.
          await tx
            .update(couponBatches)
            .set({ stockAmount: sql`${couponBatches.stockAmount} - ${reserved - issued.length}` })
            .where(eq(couponBatches.couponBatchId, batch.couponBatchId));
        }
        await tx
          .update(couponGenerateRecords)
          .set({ generatedAmount: end, status: 'processing', updateTime: now })
          .where(eq(couponGenerateRecords.generateRecordId, record.generateRecordId));
        if (end >= total) await repo.endGenerateRecord(tx, record, 'finished', now);
      };
      if (end >= total) return { write, result: { counts: { generated: total }, files: [] } };
      return { write, checkpoint: { next: end }, done: end, total, message: `${end} / ${total}` };
    },
  });
}

/** A staff member who starts jobs: the task center shows the job as theirs. */
export type JobStarter = Actor & { userId: number; userName: string };

/**
 * Generate records (spec M3.3.5–M3.3.7): an order to create coupons of a batch, worked by the generation
 * job, listed with the spec's filter, counted by status.
 */
export class CouponGenerationService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly accounts: AccountsService,
  ) {}

  /** Refuses accounts the tenant does not have with 422, naming them. */
  private async checkAccounts(tenant: Tenant, accountIds: string[], actor: Actor): Promise<void> {
    if (accountIds.length === 0) return;
    try {
      await this.accounts.byIds(tenant, accountIds, { reveal: false, actor });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      const missing = (error.details as { missing?: string[] } | undefined)?.missing ?? [];
      const named = missing.slice(0, ACCOUNTS_NAMED_IN_ERRORS).join(', ');
      const rule = ruleMessage('couponBatches.unknownAccounts', {
        accountIds: missing.length > ACCOUNTS_NAMED_IN_ERRORS ? `${named} …` : named,
      });
      throw new AppError(422, error.code, rule.key, { missing }, undefined, rule);
    }
  }

  /**
   * Creates the record and, for coupons to issue now, takes their stock from the batch and starts the job.
   * A token record issues nothing now: users claim from the batch's stock by the token, so it is finished
   * from the start (docs/decisions.md "Coupons").
   */
  async create(
    tenant: Tenant,
    couponBatchId: number,
    input: GenerateRecordCreate,
    actor: JobStarter,
  ): Promise<GenerateRecord> {
    const batch = await batchRepo.findCouponBatch(this.db, tenant, couponBatchId);
    if (!batch) throw AppError.notFound('coupon batch', couponBatchId);
    if (isClosed(batch.status)) throw couponFailure('coupon_unavailable');
    const accountIds = [...new Set(input.accountIds)];
    await this.checkAccounts(tenant, accountIds, actor);
    const total =
      input.generateType === 'batch_generate_assign' ? input.amount * accountIds.length : input.amount;
    const withToken = input.generateType === 'generate' && input.withToken;
    const generateRecordId = await this.db.transaction(async (tx) => {
      const locked = (await batchRepo.lockCouponBatch(tx, couponBatchId))!;
      if (isClosed(locked.status)) throw couponFailure('coupon_unavailable');
      if (locked.stockAmount < total) throw couponFailure('coupon_batch_stock_not_enough');
      const now = new Date();
      const [record] = await tx
        .insert(couponGenerateRecords)
        .values({
          tenant,
          couponBatchId,
          generateType: input.generateType,
          codeType: input.codeType,
          status: withToken ? 'finished' : 'created',
          generateAmount: total,
          accountIds,
          couponToken: withToken ? randomCouponCodes(1, TOKEN_LENGTH)[0]! : null,
          couponTokenEffectiveDate: withToken ? new Date(input.couponTokenEffectiveDate!) : null,
          couponTokenExpireDate: withToken ? new Date(input.couponTokenExpireDate!) : null,
          remark: input.remark ?? null,
          operatorAccount: actor.userName,
          createTime: now,
          updateTime: now,
        })
        .returning();
      let jobId: number | null = null;
      if (!withToken) {
        const job = await this.jobs.enqueue(
          {
            kind: COUPON_GENERATION_JOB,
            tenant,
            createdBy: { userId: actor.userId, userName: actor.userName },
            params: { generateRecordId: record!.generateRecordId },
          },
          tx,
        );
        jobId = job.id;
        await tx
          .update(couponGenerateRecords)
          .set({ jobId })
          .where(eq(couponGenerateRecords.generateRecordId, record!.generateRecordId));
        await tx
          .update(couponBatches)
          .set({
            stockAmount: sql`${couponBatches.stockAmount} - ${total}`,
            status: 'processing',
            updateTime: now,
          })
          .where(eq(couponBatches.couponBatchId, couponBatchId));
      }
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GENERATE_RECORD_ENTITY,
        entityId: record!.generateRecordId,
        action: 'COUPON_GENERATE_RECORD_CREATE',
        after: {
          couponBatchId,
          generateType: input.generateType,
          generateAmount: total,
          accounts: accountIds.length,
          withToken,
          jobId,
        },
      });
      return record!.generateRecordId;
    });
    return this.get(tenant, generateRecordId);
  }

  async get(tenant: Tenant, generateRecordId: number): Promise<GenerateRecord> {
    const row = await repo.findGenerateRecord(this.db, tenant, generateRecordId);
    if (!row) throw AppError.notFound('generate record', generateRecordId);
    return presentGenerateRecord(row);
  }

  async statistics(tenant: Tenant, generateRecordId: number): Promise<GenerateRecordStatistics> {
    const { generateAmount } = await this.get(tenant, generateRecordId);
    const byStatus = await repo.couponsOfRecordByStatus(this.db, generateRecordId);
    const of = (status: string) => byStatus.get(status) ?? 0;
    return {
      generateRecordId,
      generateAmount,
      createdAmount: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
      unclaimedAmount: of('created'),
      assignedAmount: of('assigned'),
      usedAmount: of('used'),
      expiredAmount: of('expired'),
      abandonAmount: of('abandon'),
    };
  }

  /**
   * The filter with its account mobile replaced by the account it belongs to; a mobile no account has
   * stays, and the filter then matches nothing, as the spec's list answers an empty success.
   */
  async resolveFilter<F extends GenerateRecordFilter>(tenant: Tenant, filter: F, actor: Actor): Promise<F> {
    const { accountMobile, ...rest } = filter;
    if (!accountMobile) return filter;
    try {
      const account = await this.accounts.byMobile(tenant, COUNTRY_CODE, accountMobile, {
        reveal: false,
        actor,
      });
      if (rest.accountId && rest.accountId !== account.accountId) return filter;
      return { ...rest, accountId: account.accountId } as F;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return filter;
      throw error;
    }
  }

  async list(tenant: Tenant, query: GenerateRecordListQuery, actor: Actor): Promise<GenerateRecordList> {
    const { offset, count, ...filter } = await this.resolveFilter(tenant, query, actor);
    const { rows, total } = await repo.listGenerateRecords(
      this.db,
      repo.generateRecordWhere(tenant, filter),
      {
        offset,
        count,
      },
    );
    return { total, result_list: rows.map(presentGenerateRecord) };
  }

  readonly export: ListExport<
    repo.GenerateRecordWithBatch,
    GenerateRecordExportFilter,
    repo.GenerateRecordCursor
  > = {
    list: 'coupon-generate-records.list',
    query: GenerateRecordExportFilterSchema,
    ...GENERATE_RECORD_LIST_EXPORT,
    count: (db, { tenant, ...filter }) =>
      repo.countGenerateRecords(db, repo.generateRecordWhere(tenant, filter)),
    batch: (db, { tenant, ...filter }, cursor, size) =>
      repo.exportGenerateRecordBatch(db, repo.generateRecordWhere(tenant, filter), cursor, size),
  };
}
