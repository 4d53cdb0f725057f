import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import type {
  GenerateRecord,
  GenerateRecordCreate,
  GenerateRecordFilter,
  GenerateRecordListQuery,
  GenerateRecordPage,
  GenerateRecordStatistics,
} from '@cmp/domain/coupons/coupon-batches';
import { GenerateRecordFilterSchema } from '@cmp/domain/coupons/coupon-batches';
import { randomCouponCodes } from '@cmp/domain/coupons/coupon-code-alphabet';
import { isClosedBatchStatus } from '@cmp/domain/coupons/coupon-statuses';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import * as batchRepo from './coupon-batches.repo.js';
import { GENERATE_RECORD_LIST_EXPORT } from './coupon-generation.export.js';
import { COUPON_GENERATION_JOB } from './coupon-generation.job.js';
import * as repo from './coupon-generation.repo.js';
import { couponFailure } from './coupon-issue.service.js';

export const GENERATE_RECORD_ENTITY = 'coupon_generate_record';
/** A token is drawn from the code alphabet, long enough that guessing one is hopeless. */
const TOKEN_LENGTH = 32;
const ACCOUNTS_NAMED_IN_ERRORS = 20;
/** Mainland numbers: the country code record look-ups by mobile use (spec §9). */
const COUNTRY_CODE = '86';

export const GenerateRecordExportFilterSchema = GenerateRecordFilterSchema.extend({ tenant: TenantSchema });
export type GenerateRecordExportFilter = z.infer<typeof GenerateRecordExportFilterSchema>;

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
    if (isClosedBatchStatus(batch.status)) throw couponFailure('coupon_unavailable');
    const accountIds = [...new Set(input.accountIds)];
    await this.checkAccounts(tenant, accountIds, actor);
    const total =
      input.generateType === 'batch_generate_assign' ? input.amount * accountIds.length : input.amount;
    const withToken = input.generateType === 'generate' && input.withToken;
    const generateRecordId = await this.db.transaction(async (tx) => {
      const locked = (await batchRepo.lockCouponBatch(tx, couponBatchId))!;
      if (isClosedBatchStatus(locked.status)) throw couponFailure('coupon_unavailable');
      if (locked.stockAmount < total) throw couponFailure('coupon_batch_stock_not_enough');
      const now = new Date();
      const record = await repo.insertGenerateRecord(tx, {
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
      });
      let jobId: number | null = null;
      if (!withToken) {
        const job = await this.jobs.enqueue(
          {
            kind: COUPON_GENERATION_JOB,
            tenant,
            createdBy: { userId: actor.userId, userName: actor.userName },
            params: { generateRecordId: record.generateRecordId },
          },
          tx,
        );
        jobId = job.id;
        await repo.setRecordJob(tx, record.generateRecordId, jobId);
        await repo.takeRecordStock(tx, couponBatchId, total, now);
      }
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GENERATE_RECORD_ENTITY,
        entityId: record.generateRecordId,
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
      return record.generateRecordId;
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

  async list(tenant: Tenant, query: GenerateRecordListQuery, actor: Actor): Promise<GenerateRecordPage> {
    const { pageNo, pageSize, ...filter } = await this.resolveFilter(tenant, query, actor);
    const page = await repo.generateRecordList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(presentGenerateRecord), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'coupon-generate-records.list',
    query: GenerateRecordExportFilterSchema,
    sheet: GENERATE_RECORD_LIST_EXPORT,
    rows: repo.generateRecordList,
    items: (rows) => rows.map(presentGenerateRecord),
  });
}
