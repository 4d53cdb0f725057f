import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { COUPON_REWARD_FAILURE_LABELS, type CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import { recipientErrorMessage, recipientRowMessages } from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import type { DbOrTx } from '../../platform/db/database.js';
import { readAll } from '../../platform/storage/file-storage.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  defineJobKind,
  storageKeyOfJob,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import { endWithRowErrors, readUploadedSheet } from '../../platform/spreadsheet/sheet-import-job.js';
import { openBatch, overLimit } from './coupon-issue.service.js';
import type { CouponRecipientImportService } from './coupon-recipient-import.service.js';
import { sendChunk } from './coupon-sending.job.js';

export const COUPON_IMPORT_JOB = 'coupons.recipient-import';
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

/** Why the batch cannot take the whole list now, when it cannot: then nobody is sent anything. */
async function refusal(
  db: DbOrTx,
  tenant: Tenant,
  params: ImportParams,
  accountIds: readonly string[],
): Promise<CouponRewardFailure | undefined> {
  try {
    const batch = await openBatch(db, tenant, params.couponBatchId);
    if (batch.stockAmount < accountIds.length * params.amount) return 'coupon_batch_stock_not_enough';
    if ((await overLimit(db, batch, accountIds, params.amount)).length > 0)
      return 'coupon_batch_amount_limit';
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'coupon_unavailable') return 'coupon_unavailable';
    throw error;
  }
}

/**
 * The recipient import's job: its first step reads and checks the whole sheet (through `imports.check`)
 * and ends with the sheet marked when any row is wrong, or keeps the recipients; the next steps send to
 * them a chunk at a time, as a batch send does.
 */
export function couponImportJobKind(imports: Pick<CouponRecipientImportService, 'check'>): JobKind {
  async function step({
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
      const sent = await sendChunk(db, job, { ...params, channel: 'import' }, accountIds, checkpoint.next);
      return 'checkpoint' in sent
        ? { ...sent, checkpoint: { recipients: checkpoint.recipients, next: sent.checkpoint.next } }
        : sent;
    }
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    const sheet = await readUploadedSheet(storage, params.fileKey, locale);
    const rows = sheet.identifiers.length;
    const { result, accountIds } = await imports.check(job.tenant!, sheet, {
      userId: job.createdBy,
      userName: params.operatorAccount,
      type: 'staff',
      requestId: null,
    });
    const ended = (message: RuleMessage, invalid = 0): StepResult<ImportCheckpoint> => ({
      result: { counts: { rows, invalid, sent: 0 }, files: [], withErrors: true },
      message: text(message),
    });
    if (!result.ok) {
      const rowErrors = result.errors.filter((error) => 'row' in error);
      if (rowErrors.length === 0) return ended(recipientErrorMessage(result.errors[0]!));
      const invalid = new Set(rowErrors.map((error) => ('row' in error ? error.row : 0))).size;
      return endWithRowErrors({
        jobId: job.jobId,
        storage,
        sheet,
        rowMessages: recipientRowMessages(result.errors, rows),
        locale,
        fileNames: ERROR_SHEET,
        counts: { rows, invalid, sent: 0 },
        message: ruleMessage('couponImport.invalidRows', { count: invalid }),
      });
    }
    const refused = await refusal(db, job.tenant!, params, accountIds);
    if (refused) return ended({ key: COUPON_REWARD_FAILURE_LABELS[refused] });
    await storage.put(recipientsKey, Buffer.from(JSON.stringify(accountIds)));
    return { checkpoint: { recipients: accountIds.length, next: 0 }, done: 0, total: accountIds.length };
  }
  return defineJobKind<ImportParams, ImportCheckpoint>({
    kind: COUPON_IMPORT_JOB,
    params: ImportParamsSchema,
    // Reading a sheet of a million rows takes the CPU for seconds: on PostgreSQL the job process does it.
    apart: true,
    step,
  });
}
