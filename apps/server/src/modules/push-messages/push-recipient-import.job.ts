import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { ACCOUNT_COUNTRY_CODE, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import {
  recipientErrorMessage,
  recipientRowMessages,
  validateRecipients,
  type RecipientIdType,
  type RecipientSheet,
} from '@cmp/domain/coupons/recipient-import';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import type { Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  defineJobKind,
  JobRefused,
  storageKeyOfJob,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import {
  readRecipientSheet,
  UnreadableSheet,
  writeRecipientErrorSheet,
} from '../../platform/spreadsheet/recipient-sheet.js';
import { readAll } from '../../platform/storage/file-storage.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import * as repo from './push-batches.repo.js';

export const PUSH_IMPORT_JOB = 'push-messages.recipient-import';
const ERROR_SHEET: Record<Locale, string> = {
  'zh-CN': '推送接收人导入错误.xlsx',
  'en-US': 'push-recipient-import-errors.xlsx',
};
/** The checked recipients' account ids, kept as a job file: the checkpoint stays small. */
const RECIPIENTS_FILE = 'recipients.json';
const CHUNK = 5_000;

const ImportParamsSchema = z.object({
  batchId: z.number().int().positive(),
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

/** Checks a sheet through the account service: each identifier once, 100 at a time; the accounts it names. */
async function check(accounts: AccountsService, tenant: Tenant, sheet: RecipientSheet, actor: Actor) {
  const accountOf = new Map<string, string>();
  const reader = { reveal: false, actor };
  const result = await validateRecipients(sheet, async (identifiers, idType: RecipientIdType) => {
    try {
      const found =
        idType === 'mobile'
          ? await accounts.byMobiles(tenant, ACCOUNT_COUNTRY_CODE, identifiers, reader)
          : await accounts.byIds(tenant, identifiers, reader);
      found.forEach((account, i) => accountOf.set(identifiers[i]!, account.accountId));
      return new Set(identifiers);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== USER_NOT_FOUND) throw error;
      const missing = new Set((error.details as { missing: string[] }).missing);
      return new Set(identifiers.filter((identifier) => !missing.has(identifier)));
    }
  });
  return { result, accountIds: result.ok ? result.recipients.map((r) => accountOf.get(r) ?? r) : [] };
}

/**
 * Spec batch/add-user/excel: a sheet of mobiles (手机号) or account ids (账号), checked whole as the coupon
 * recipient import is. Any wrong row adds nobody: the job ends with the sheet handed back, each row's
 * messages beside it. A clean sheet's accounts are added a chunk at a time (an account already in the
 * batch is not added twice).
 */
export function pushImportJobKind(accounts: AccountsService): JobKind {
  async function step({
    job,
    params,
    checkpoint,
    storage,
  }: StepContext<ImportParams, ImportCheckpoint>): Promise<StepResult<ImportCheckpoint>> {
    const recipientsKey = storageKeyOfJob(job.jobId, RECIPIENTS_FILE);
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    if (checkpoint) {
      const accountIds = JSON.parse(
        (await readAll(await storage.open(recipientsKey))).toString(),
      ) as string[];
      const chunk = accountIds.slice(checkpoint.next, checkpoint.next + CHUNK);
      const next = checkpoint.next + chunk.length;
      const write = async (tx: DbOrTx) => void (await repo.addRecipients(tx, params.batchId, chunk));
      if (next >= accountIds.length) {
        return {
          write,
          result: {
            counts: { rows: checkpoint.recipients, invalid: 0, added: accountIds.length },
            files: [],
          },
          message: text(ruleMessage('pushMessages.imported', { count: accountIds.length })),
        };
      }
      return { write, checkpoint: { ...checkpoint, next }, done: next, total: accountIds.length };
    }
    const sheet = await readRecipientSheet(await readAll(await storage.open(params.fileKey))).catch(
      (error: unknown) => {
        throw error instanceof UnreadableSheet ? new JobRefused(text(error.reason)) : error;
      },
    );
    const rows = sheet.identifiers.length;
    const { result, accountIds } = await check(accounts, job.tenant!, sheet, {
      userId: job.createdBy,
      userName: params.operatorAccount,
      type: 'staff',
      requestId: null,
    });
    if (!result.ok) {
      const rowErrors = result.errors.filter((error) => 'row' in error);
      if (rowErrors.length === 0) {
        return {
          result: { counts: { rows, invalid: 0, added: 0 }, files: [], withErrors: true },
          message: text(recipientErrorMessage(result.errors[0]!)),
        };
      }
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
          counts: { rows, invalid, added: 0 },
          files: [{ name, names: ERROR_SHEET, size: bytes.length, contentType: CONTENT_TYPES.xlsx }],
          withErrors: true,
        },
        message: text(ruleMessage('pushMessages.importInvalidRows', { count: invalid })),
      };
    }
    await storage.put(recipientsKey, Buffer.from(JSON.stringify(accountIds)));
    return { checkpoint: { recipients: rows, next: 0 }, done: 0, total: accountIds.length };
  }
  return defineJobKind<ImportParams, ImportCheckpoint>({
    kind: PUSH_IMPORT_JOB,
    params: ImportParamsSchema,
    // Reading a large sheet takes the CPU for seconds: on PostgreSQL the job process does it.
    apart: true,
    step,
  });
}
