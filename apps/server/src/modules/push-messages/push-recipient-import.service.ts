import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type Tenant } from '@cmp/domain';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import type { PushReceipt } from '@cmp/domain/push-messages/push-messages';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import * as repo from './push-batches.repo.js';
import { PUSH_BATCH_ENTITY } from './push-batches.service.js';
import { PUSH_IMPORT_JOB } from './push-recipient-import.job.js';

/** Spec batch/add-user/excel: the sheet kept and checked by a durable job (`push-recipient-import.job.ts`). */
export class PushRecipientImportService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
  ) {}

  async start(
    tenant: Tenant,
    batchId: number,
    file: { name: string; data: Buffer },
    actor: Actor,
    locale: Locale,
  ): Promise<PushReceipt> {
    if (detectFileType(file.data, file.name)?.kind !== 'spreadsheet') {
      const rule = ruleMessage('couponImport.notSpreadsheet');
      throw new AppError(415, ERROR_CODES.unsupportedFile, rule.key, undefined, undefined, rule);
    }
    if (actor.userId === null) throw AppError.forbidden('a staff user imports recipients');
    const fileKey = `push-imports/${tenant}/${randomUUID()}.xlsx`;
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        const batch = await repo.lockBatch(tx, tenant, batchId);
        if (!batch) throw AppError.notFound('push batch', batchId);
        if (batch.status === 'pushing') throw AppError.conflict(ruleMessage('pushMessages.pushing'));
        await storage.put(fileKey, file.data);
        const job = await this.jobs.enqueue(
          {
            kind: PUSH_IMPORT_JOB,
            tenant,
            createdBy: { userId: actor.userId!, userName: actor.userName ?? '' },
            params: {
              batchId,
              fileKey,
              fileName: file.name.slice(0, 255),
              operatorAccount: (actor.userName ?? '').slice(0, 64),
              locale,
            },
          },
          tx,
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: PUSH_BATCH_ENTITY,
          entityId: batchId,
          action: 'PUSH_RECIPIENT_IMPORT',
          after: { jobId: job.id, fileName: file.name },
        });
        return { jobId: job.id, recipients: batch.recipients };
      }),
    );
  }
}
