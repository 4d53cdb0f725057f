import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import {
  isProductSheetHeader,
  parseProductRow,
  PRODUCT_SHEET_COLUMNS,
  PRODUCT_SHEET_MAX_ROWS,
  productRowMessages,
  type ProductSheetColumn,
} from '@cmp/domain/mall/product-sheet';
import type { ProductCreate } from '@cmp/domain/mall/product-contracts';
import { writeAudit, writeAudits } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { CONTENT_TYPES } from '../../platform/export/table-file.js';
import {
  defineJobKind,
  JobRefused,
  storageKeyOfJob,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import { invalidRowCount } from '../../platform/spreadsheet/sheet-import-job.js';
import {
  readSheetTable,
  UnreadableSheet,
  type SheetTable,
} from '../../platform/spreadsheet/recipient-sheet.js';
import { readAll } from '../../platform/storage/file-storage.js';
import * as repo from './mall.repo.js';
import { writeProductErrorSheet } from './product-sheet.js';
import { operatorNamesOf, PRODUCT_ENTITY, tenantBatches } from './products.service.js';

export const PRODUCT_UPLOAD_JOB = 'mall.product-upload';
const ERROR_SHEET: Record<Locale, string> = {
  'zh-CN': '商品上传错误.xlsx',
  'en-US': 'product-upload-errors.xlsx',
};

const UploadParamsSchema = z.object({
  fileKey: z.string().max(200),
  fileName: z.string().max(255),
  /** The uploader, whom the products name as their creator. */
  creatorName: z.string().max(255),
  locale: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
type UploadParams = z.infer<typeof UploadParamsSchema>;

/**
 * Every row of a product sheet checked (docs/decisions.md "Mall"): its own cells first, then in a few
 * queries for the whole sheet the names the tenant has, its coupon batches and the operators the rows
 * name. Answers the products of a clean sheet, or each row's problems.
 */
export async function checkProductSheet(
  db: DbOrTx,
  tenant: Tenant,
  table: SheetTable,
  locale: Locale,
): Promise<{ products: ProductCreate[]; rowMessages: RuleMessage[][] }> {
  const header = (key: ProductSheetColumn) => {
    const column = PRODUCT_SHEET_COLUMNS.find((c) => c.key === key)!;
    return locale === 'zh-CN' ? column.zh : column.en;
  };
  const parsed = table.rows.map((cells) => parseProductRow(cells, header));
  const names = [...new Set(parsed.map((row) => row.name).filter(Boolean))];
  const [existingNames, couponBatchIds, operators] = await Promise.all([
    repo.productNamesTaken(db, tenant, names),
    tenantBatches(
      db,
      tenant,
      parsed.flatMap((row) => row.couponBatchIds),
    ),
    operatorNamesOf(
      db,
      parsed.flatMap((row) => row.operatorIds),
    ),
  ]);
  const rowMessages = productRowMessages(parsed, {
    existingNames,
    couponBatchIds,
    operatorIds: new Set(operators.keys()),
  });
  return { products: parsed.map((row) => row.product!), rowMessages };
}

/**
 * The product upload's job, one step: the sheet read and every row checked; any wrong row adds nothing and
 * the job ends with the sheet handed back, each row's problems beside it. A clean sheet's products are
 * added in one transaction, each with its audit record.
 */
export function productUploadJobKind(): JobKind {
  async function step({
    job,
    params,
    db,
    storage,
  }: StepContext<UploadParams, never>): Promise<StepResult<never>> {
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    const tenant = job.tenant!;
    let table: SheetTable;
    try {
      table = await readSheetTable(await readAll(await storage.open(params.fileKey)), {
        maxRows: PRODUCT_SHEET_MAX_ROWS,
        columns: PRODUCT_SHEET_COLUMNS.length,
      });
    } catch (error) {
      throw error instanceof UnreadableSheet ? new JobRefused(text(error.reason)) : error;
    }
    if (!isProductSheetHeader(table.headers)) throw new JobRefused(text(ruleMessage('mall.sheetHeader')));
    if (table.rows.length === 0) throw new JobRefused(text(ruleMessage('mall.sheetEmpty')));
    const { products, rowMessages } = await checkProductSheet(db, tenant, table, locale);
    const invalid = invalidRowCount(rowMessages);
    if (invalid > 0) {
      const bytes = await writeProductErrorSheet({
        headers: table.headers,
        rows: table.rows,
        rowMessages,
        locale,
      });
      const name = ERROR_SHEET[locale];
      await storage.put(storageKeyOfJob(job.jobId, name), bytes);
      return {
        result: {
          counts: { rows: table.rows.length, invalid, added: 0 },
          files: [{ name, names: ERROR_SHEET, size: bytes.length, contentType: CONTENT_TYPES.xlsx }],
          withErrors: true,
        },
        message: text(ruleMessage('mall.invalidRows', { count: invalid })),
      };
    }
    const actor = { userId: job.createdBy, userName: null, type: 'staff' as const, requestId: null };
    return {
      write: async (tx) => {
        const rows = await repo.insertProducts(
          tx,
          products.map((product) => ({ tenant, ...product, creatorName: params.creatorName })),
        );
        await writeAudits(
          tx,
          rows.map((row, i) => ({
            actor,
            tenant,
            entityType: PRODUCT_ENTITY,
            entityId: row.productId,
            action: 'MALL_PRODUCT_CREATE',
            after: products[i],
            extData: { jobId: job.jobId },
          })),
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: PRODUCT_ENTITY,
          entityId: `job ${job.jobId}`,
          action: 'MALL_PRODUCT_UPLOAD',
          after: { fileName: params.fileName, added: rows.length },
        });
      },
      result: { counts: { rows: table.rows.length, added: products.length }, files: [] },
      message: text(ruleMessage('mall.imported', { rows: products.length })),
    };
  }
  return defineJobKind<UploadParams, never>({
    kind: PRODUCT_UPLOAD_JOB,
    params: UploadParamsSchema,
    // Reading and checking ten thousand rows takes the CPU a while: on PostgreSQL the job process does it.
    apart: true,
    step,
  });
}
