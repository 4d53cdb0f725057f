import { z } from 'zod';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import {
  isPosterStationHeader,
  posterStationRowMessages,
  type PosterConfigType,
} from '@cmp/domain/posters/poster-contracts';
import { writeAudit } from '../../platform/audit/audit.js';
import {
  defineJobKind,
  JobRefused,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import {
  endWithRowErrors,
  invalidRowCount,
  readUploadedSheet,
} from '../../platform/spreadsheet/sheet-import-job.js';
import * as repo from './posters.repo.js';
import { POSTER_ENTITY } from './posters.service.js';

export const POSTER_STATION_IMPORT_JOB = 'posters.station-import';
const ERROR_SHEET: Record<Locale, string> = {
  'zh-CN': '海报站点导入错误.xlsx',
  'en-US': 'poster-station-import-errors.xlsx',
};
/** Stations looked up per query while checking. */
const LOOKUP = 1_000;
/** A poster shows at a handful of stations; a sheet larger than this is a mistake, refused whole. */
export const POSTER_SHEET_MAX_ROWS = 20_000;

const ImportParamsSchema = z.object({
  posterId: z.number().int().positive(),
  fileKey: z.string().max(200),
  fileName: z.string().max(255),
  locale: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
type ImportParams = z.infer<typeof ImportParamsSchema>;

/**
 * The poster station import's job, one step: it reads the sheet (`站点ID` or `resourceId` over one id per
 * row) and checks every row; any wrong row binds nothing, and the job ends with the sheet handed back, each
 * row's problems beside it. A clean sheet is bound in one transaction, stations bound already left as they
 * are.
 */
export function posterStationImportJobKind(): JobKind {
  async function step({
    job,
    params,
    db,
    storage,
  }: StepContext<ImportParams, never>): Promise<StepResult<never>> {
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    const tenant = job.tenant!;
    const found = await repo.findPoster(db, tenant, params.posterId);
    if (!found) throw new JobRefused(text(ruleMessage('posterResources.posterGone')));
    const { poster } = found;
    if (poster.resourceScope !== 'part' || poster.configType === null)
      throw new JobRefused(text(ruleMessage('poster.notBoundToPart')));
    const sheet = await readUploadedSheet(storage, params.fileKey, locale);
    if (!isPosterStationHeader(sheet.header))
      throw new JobRefused(text(ruleMessage('posterResources.sheetHeader')));
    if (sheet.identifiers.length > POSTER_SHEET_MAX_ROWS)
      throw new JobRefused(text(ruleMessage('form.maxItems', { max: POSTER_SHEET_MAX_ROWS })));
    const ids = sheet.identifiers.map((id) => id.trim());
    const unique = [...new Set(ids.filter(Boolean))];
    const known = new Map<string, { resourceType: string }>();
    for (let at = 0; at < unique.length; at += LOOKUP) {
      for (const [id, station] of await repo.stationsOf(db, unique.slice(at, at + LOOKUP)))
        known.set(id, station);
    }
    const rowMessages = posterStationRowMessages(ids, known, poster.configType as PosterConfigType);
    const invalid = invalidRowCount(rowMessages);
    if (invalid > 0)
      return endWithRowErrors({
        jobId: job.jobId,
        storage,
        sheet,
        rowMessages,
        locale,
        fileNames: ERROR_SHEET,
        counts: { rows: ids.length, invalid, bound: 0 },
        message: ruleMessage('posterResources.invalidRows', { count: invalid }),
      });
    return {
      write: async (tx) => {
        const bound = await repo.bindStations(tx, tenant, params.posterId, unique);
        await writeAudit(tx, {
          // The upload's own record names the user by name; this one says what the sheet bound.
          actor: { userId: job.createdBy, userName: null, type: 'staff', requestId: null },
          tenant,
          entityType: POSTER_ENTITY,
          entityId: params.posterId,
          action: 'POSTER_RESOURCES_BIND',
          after: { resourceIds: bound, jobId: job.jobId },
        });
      },
      result: { counts: { rows: ids.length, bound: unique.length }, files: [] },
      message: text(ruleMessage('posterResources.imported', { rows: unique.length })),
    };
  }
  return defineJobKind<ImportParams, never>({
    kind: POSTER_STATION_IMPORT_JOB,
    params: ImportParamsSchema,
    // Reading a large sheet takes the CPU for seconds: on PostgreSQL the job process does it.
    apart: true,
    step,
  });
}
