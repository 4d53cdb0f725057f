import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type Tenant } from '@cmp/domain';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import { PRODUCT_UPLOAD_JOB } from './product-upload.job.js';
import { writeProductTemplate } from './product-sheet.js';
import { PRODUCT_ENTITY } from './products.service.js';

/** Products from a sheet (spec §7 POST products/upload): the template, and the upload as a durable job. */
export class ProductUploadService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
  ) {}

  template(locale: Locale): Promise<Buffer> {
    return writeProductTemplate(locale);
  }

  /** Keeps the sheet and queues its check (202): a file that is not a spreadsheet is 415. */
  async start(
    tenant: Tenant,
    file: { name: string; data: Buffer },
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    if (detectFileType(file.data, file.name)?.kind !== 'spreadsheet') {
      const rule = ruleMessage('mall.notSpreadsheet');
      throw new AppError(415, ERROR_CODES.unsupportedFile, rule.key, undefined, undefined, rule);
    }
    if (actor.userId === null) throw AppError.forbidden('a staff user uploads products');
    const fileKey = `mall-product-uploads/${tenant}/${randomUUID()}.xlsx`;
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        await storage.put(fileKey, file.data);
        const job = await this.jobs.enqueue(
          {
            kind: PRODUCT_UPLOAD_JOB,
            tenant,
            createdBy: { userId: actor.userId!, userName: actor.userName ?? '' },
            params: {
              fileKey,
              fileName: file.name.slice(0, 255),
              creatorName: actor.userName ?? 'system',
              locale,
            },
          },
          tx,
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: PRODUCT_ENTITY,
          entityId: `job ${job.id}`,
          action: 'MALL_PRODUCT_UPLOAD_START',
          after: { jobId: job.id, fileName: file.name },
        });
        return { jobId: job.id };
      }),
    );
  }
}
