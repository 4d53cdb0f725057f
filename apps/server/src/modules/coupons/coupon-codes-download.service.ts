import type { Readable } from 'node:stream';
import type { Tenant } from '@cmp/domain';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { wallClock } from '../../platform/export/export-sheet.js';
import { tableFile, type Cell, type ExportFormat } from '../../platform/export/table-file.js';
import type { CouponBatchRow } from './coupon-batches.repo.js';
import { COUPON_BATCH_ENTITY } from './coupon-batches.service.js';
import { couponCodePage, type CouponCodeRow } from './coupon-records.repo.js';

/** Codes read per page: few round trips, and memory bounded by one page whatever the batch's size. */
export const CODE_PAGE = 5000;

const TEXT = {
  'zh-CN': {
    fileName: '券码',
    headers: ['券码', '状态', '账号', '生成记录ID', '生效时间', '失效时间', '领取时间', '创建时间'],
  },
  'en-US': {
    fileName: 'coupon-codes',
    headers: [
      'Code',
      'Status',
      'Account',
      'Generate record ID',
      'Valid from',
      'Valid until',
      'Bound',
      'Created',
    ],
  },
} as const;
const WIDTHS = [20, 10, 20, 16, 20, 20, 20, 20];

/**
 * Wall-clock text of a time, remembering the last one: a generation's coupons share their dates, and
 * formatting a date costs far more than comparing it.
 */
function clock(timeZone: string) {
  let lastMs = Number.NaN;
  let lastText: string | null = null;
  return (date: Date | null): string | null => {
    if (date === null) return null;
    const ms = date.getTime();
    if (ms !== lastMs) {
      lastMs = ms;
      lastText = wallClock(ms, timeZone);
    }
    return lastText;
  };
}

export interface CodeDownload {
  file: Readable;
  fileName: { name: string; ascii: string };
}

/**
 * Every code of a batch with its status, account, record and dates (spec "download-coupon-code"), as a
 * file read page by page by coupon id as the reader takes it. Who downloaded which batch's codes is
 * recorded first: the codes are worth money.
 */
export async function downloadCouponCodes(
  db: Db,
  {
    tenant,
    batch,
    format,
    locale,
    timeZone,
    actor,
  }: {
    tenant: Tenant;
    batch: CouponBatchRow;
    format: ExportFormat;
    locale: Locale;
    timeZone: string;
    actor: Actor;
  },
): Promise<CodeDownload> {
  await writeAudit(db, {
    actor,
    tenant,
    entityType: COUPON_BATCH_ENTITY,
    entityId: batch.couponBatchId,
    action: 'COUPON_CODES_DOWNLOAD',
    after: { format, createdAmount: batch.createdAmount },
  });
  const text = TEXT[locale];
  const times = [clock(timeZone), clock(timeZone), clock(timeZone), clock(timeZone)];
  const statusOf = (status: string) => enumLabel(locale, 'issuedCouponStatus', status);
  const cells = (row: CouponCodeRow): Cell[] => [
    row.couponUuid,
    statusOf(row.status),
    row.accountId,
    row.generateRecordId,
    times[0]!(row.effectiveDate),
    times[1]!(row.expireDate),
    times[2]!(row.bindDate),
    times[3]!(row.createTime),
  ];
  async function* pages(): AsyncIterable<Cell[][]> {
    for (let after = 0; ;) {
      const rows = await couponCodePage(db, batch.couponBatchId, after, CODE_PAGE);
      if (rows.length > 0) yield rows.map(cells);
      if (rows.length < CODE_PAGE) return;
      after = rows.at(-1)!.couponId;
    }
  }
  const sheet = {
    name: text.fileName,
    columns: text.headers.map((header, i) => ({ header, width: WIDTHS[i] })),
  };
  const suffix = `${batch.couponBatchId}.${format}`;
  return {
    file: tableFile(format, sheet, pages()),
    fileName: { name: `${text.fileName}-${suffix}`, ascii: `${TEXT['en-US'].fileName}-${suffix}` },
  };
}
