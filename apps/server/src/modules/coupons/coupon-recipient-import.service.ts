import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type Tenant } from '@cmp/domain';
import { ACCOUNT_COUNTRY_CODE, USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { RecipientImportFields } from '@cmp/domain/coupons/coupon-records';
import {
  validateRecipients,
  type RecipientIdType,
  type RecipientImportResult,
  type RecipientSheet,
} from '@cmp/domain/coupons/recipient-import';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { lockOpenBatch, operatorOf } from './coupon-issue.service.js';
import { COUPON_IMPORT_JOB } from './coupon-recipient-import.job.js';
import { COUPON_SEND_ENTITY } from './coupon-sending.service.js';

/** The sheet checked; for a sheet of mobiles, the account of each mobile too. */
export interface CheckedRecipients {
  result: RecipientImportResult;
  accountIds: string[];
}

/**
 * The coupon recipient import (spec M5.15–M5.21): an .xlsx of mobiles (手机号) or account ids (账号) checked
 * as a whole by a durable job (`coupon-recipient-import.job.ts`). Any wrong row sends nothing: the job
 * ends with the sheet handed back, each row's messages beside it, as its file to download. A clean sheet
 * is sent to every recipient in chunks, as a batch send is.
 */
export class CouponRecipientImportService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
    private readonly accounts: AccountsService,
  ) {}

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
}
