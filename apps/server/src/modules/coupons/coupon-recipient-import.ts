import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ERROR_CODES, type Tenant } from '@cmp/domain';
import { ACCOUNT_COUNTRY_CODE, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { RecipientImportFields } from '@cmp/domain/coupons/coupon-records';
import { COUPON_REWARD_FAILURE_LABELS, type CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import {
  recipientErrorMessage,
  recipientRowMessages,
  validateRecipients,
  type RecipientIdType,
  type RecipientImportResult,
  type RecipientSheet,
} from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  defineJobKind,
  storageKeyOfJob,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { readRecipientSheet, writeRecipientErrorSheet } from '../../platform/spreadsheet/recipient-sheet.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { lockOpenBatch, openBatch, overLimit } from './coupon-sending.batch.js';
import { sendChunk } from './coupon-sending.job.js';
import { COUPON_SEND_ENTITY, operatorOf } from './coupon-sending.js';

export const COUPON_IMPORT_JOB = 'coupons.recipient-import';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ERROR_SHEET: Record<Locale, string> = {
  'zh-CN': '优惠券导入错误.xlsx',
  'en-US': 'coupon-import-errors.xlsx',
};
/** The checked recipients' account ids, kept as a job file: a checkpoint rewritten each chunk stays small. */
const RECIPIENTS_FILE = 'recipients.json';

const ImportParamsSchema = z.object({
  couponBatchId: z.number().int().positive(),
  amount: z.number().int().min(1).max(100),
  fileKey: z.string().max(200),
  fileName: z.string().max(255),
  operatorAccount: z.string().max(64),
  locale: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
type ImportParams = z.infer<typeof ImportParamsSchema>;
interface ImportCheckpoint {
  recipients: number;
  next: number;
}

/** The sheet checked; for a sheet of mobiles, the account of each mobile too. */
export interface CheckedRecipients {
  result: RecipientImportResult;
  accountIds: string[];
}

const readAll = async (source: AsyncIterable<unknown>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The coupon recipient import (spec M5.15–M5.21): an .xlsx of mobiles (手机号) or account ids (账号) checked
 * as a whole by a durable job. Any wrong row sends nothing: the job ends with the sheet handed back, each
 * row's messages beside it, as its file to download. A clean sheet is sent to every recipient in chunks,
 * as a batch send is.
 */
export class CouponRecipientImportService {
  readonly jobKind: JobKind;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
    private readonly accounts: AccountsService,
  ) {
    this.jobKind = defineJobKind<ImportParams, ImportCheckpoint>({
      kind: COUPON_IMPORT_JOB,
      params: ImportParamsSchema,
      step: (context) => this.step(context),
    });
  }

  async start(
    tenant: Tenant,
    file: { name: string; data: Buffer },
    fields: RecipientImportFields,
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    if (detectFileType(file.data, file.name)?.kind !== 'spreadsheet') {
      const rule = ruleMessage('couponImport.notSpreadsheet');
      throw new AppError(415, ERROR_CODES.unsupportedFile, rule.key, undefined, undefined, rule);
    }
    if (actor.userId === null) throw AppError.forbidden('a staff user imports recipients');
    const fileKey = `coupon-imports/${tenant}/${randomUUID()}.xlsx`;
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        const batch = await lockOpenBatch(tx, tenant, fields.couponBatchId);
        await storage.put(fileKey, file.data);
        const job = await this.jobs.enqueue(
          {
            kind: COUPON_IMPORT_JOB,
            tenant,
            createdBy: { userId: actor.userId!, userName: actor.userName ?? '' },
            params: {
              couponBatchId: batch.couponBatchId,
              amount: fields.amount,
              fileKey,
              fileName: file.name.slice(0, 255),
              operatorAccount: operatorOf(actor),
              locale,
            },
          },
          tx,
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: COUPON_SEND_ENTITY,
          entityId: batch.couponBatchId,
          action: 'COUPON_IMPORT',
          after: { jobId: job.id, fileName: file.name, amount: fields.amount },
        });
        return { jobId: job.id };
      }),
    );
  }

  /**
   * Checks a sheet: every identifier looked up once through the account service (100 at a time, all at
   * once), the rows judged by `validateRecipients`.
   */
  async check(tenant: Tenant, sheet: RecipientSheet, actor: Actor): Promise<CheckedRecipients> {
    const accountOf = new Map<string, string>();
    const reader = { reveal: false, actor };
    const result = await validateRecipients(sheet, async (identifiers, idType: RecipientIdType) => {
      try {
        const found =
          idType === 'mobile'
            ? await this.accounts.byMobiles(tenant, ACCOUNT_COUNTRY_CODE, identifiers, reader)
            : await this.accounts.byIds(tenant, identifiers, reader);
        // The look-up answers in the order asked, so each row's account is its identifier's.
        found.forEach((account, i) => accountOf.set(identifiers[i]!, account.accountId));
        return new Set(identifiers);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== USER_NOT_FOUND) throw error;
        const missing = new Set((error.details as { missing: string[] }).missing);
        return new Set(identifiers.filter((identifier) => !missing.has(identifier)));
      }
    });
    const accountIds = result.ok ? result.recipients.map((r) => accountOf.get(r) ?? r) : [];
    return { result, accountIds };
  }

  private async step({
    job,
    params,
    checkpoint,
    db,
    storage,
  }: StepContext<ImportParams, ImportCheckpoint>): Promise<StepResult<ImportCheckpoint>> {
    const recipientsKey = storageKeyOfJob(job.jobId, RECIPIENTS_FILE);
    if (checkpoint) {
      const accountIds = JSON.parse(
        (await readAll(await storage.open(recipientsKey))).toString(),
      ) as string[];
      const step = await sendChunk(db, job, { ...params, channel: 'import' }, accountIds, checkpoint.next);
      return 'checkpoint' in step
        ? { ...step, checkpoint: { recipients: checkpoint.recipients, next: step.checkpoint.next } }
        : step;
    }
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    const sheet = await readRecipientSheet(await readAll(await storage.open(params.fileKey)));
    const rows = sheet.identifiers.length;
    const { result, accountIds } = await this.check(job.tenant!, sheet, {
      userId: job.createdBy,
      userName: params.operatorAccount,
      type: 'staff',
      requestId: null,
    });
    const ended = (message: RuleMessage, invalid = 0): StepResult<ImportCheckpoint> => ({
      result: { counts: { rows, invalid, sent: 0 }, files: [] },
      message: text(message),
    });
    if (!result.ok) {
      const rowErrors = result.errors.filter((error) => 'row' in error);
      if (rowErrors.length === 0) return ended(recipientErrorMessage(result.errors[0]!));
      const invalid = new Set(rowErrors.map((error) => ('row' in error ? error.row : 0))).size;
      const bytes = await writeRecipientErrorSheet({
        header: sheet.header,
        identifiers: sheet.identifiers,
        rowMessages: recipientRowMessages(result.errors, rows),
        locale,
      });
      const name = ERROR_SHEET[locale];
      await storage.put(storageKeyOfJob(job.jobId, name), bytes);
      return {
        result: {
          counts: { rows, invalid, sent: 0 },
          files: [{ name, size: bytes.length, contentType: XLSX }],
        },
        message: text(ruleMessage('couponImport.invalidRows', { count: invalid })),
      };
    }
    const refusal = await this.refusal(job.tenant!, params, accountIds);
    if (refusal) return ended({ key: COUPON_REWARD_FAILURE_LABELS[refusal] });
    await storage.put(recipientsKey, Buffer.from(JSON.stringify(accountIds)));
    return { checkpoint: { recipients: accountIds.length, next: 0 }, done: 0, total: accountIds.length };
  }

  /** Why the batch cannot take the whole list now, when it cannot: then nobody is sent anything. */
  private async refusal(
    tenant: Tenant,
    params: ImportParams,
    accountIds: readonly string[],
  ): Promise<CouponRewardFailure | undefined> {
    try {
      const batch = await openBatch(this.db, tenant, params.couponBatchId);
      if (batch.stockAmount < accountIds.length * params.amount) return 'coupon_batch_stock_not_enough';
      if ((await overLimit(this.db, batch, accountIds, params.amount)).length > 0)
        return 'coupon_batch_amount_limit';
      return undefined;
    } catch (error) {
      if (error instanceof AppError && error.code === 'coupon_unavailable') return 'coupon_unavailable';
      throw error;
    }
  }
}
