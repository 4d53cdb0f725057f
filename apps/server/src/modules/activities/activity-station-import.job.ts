import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { isStationImportHeader, stationRowMessages } from '@cmp/domain/activities/activity-station-import';
import { activityStatusOf, type ActivityState } from '@cmp/domain/activities/activity-statuses';
import { formatMessage, ruleMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import type { DbOrTx } from '../../platform/db/database.js';
import { readAll } from '../../platform/storage/file-storage.js';
import {
  defineJobKind,
  JobRefused,
  storageKeyOfJob,
  type JobKind,
  type StepContext,
  type StepResult,
} from '../../platform/jobs/job-kind.js';
import {
  endWithRowErrors,
  invalidRowCount,
  readUploadedSheet,
} from '../../platform/spreadsheet/sheet-import-job.js';
import * as activityRepo from './activities.repo.js';
import { keepWithinMaxActive } from './activity-station-limits.js';
import * as repo from './activity-stations.repo.js';

export const STATION_IMPORT_JOB = 'activities.station-import';
const ERROR_SHEET: Record<Locale, string> = {
  'zh-CN': '活动站点导入错误.xlsx',
  'en-US': 'activity-station-import-errors.xlsx',
};
/** The checked stations, kept as a job file so each chunk's checkpoint stays small. */
const STATIONS_FILE = 'stations.json';
/** Stations added per chunk: one statement, and the progress moves every few seconds at most. */
const CHUNK = 2_000;
/** Stations looked up per query while checking. */
const LOOKUP = 1_000;

const ImportParamsSchema = z.object({
  activityId: z.number().int().positive(),
  fileKey: z.string().max(200),
  fileName: z.string().max(255),
  locale: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
type ImportParams = z.infer<typeof ImportParamsSchema>;
interface ImportCheckpoint {
  stations: number;
  next: number;
}

/** The activity, if its stations may still change; the reason otherwise, for the person who uploaded. */
async function openActivity(db: DbOrTx, tenant: Tenant, activityId: number) {
  const found = await activityRepo.findActivity(db, tenant, activityId);
  if (!found) return { refused: ruleMessage('activityStations.activityGone') };
  const { activity } = found;
  const status = activityStatusOf(
    {
      state: activity.state as ActivityState,
      beginTime: activity.beginTime.getTime(),
      endTime: activity.endTime.getTime(),
    },
    Date.now(),
  );
  return status === 'finished' ? { refused: ruleMessage('activity.finishedNotEditable') } : { activity };
}

/**
 * The station import's job: the first step reads the sheet (`站点ID` or `resourceId` over one id per row)
 * and checks every row; any wrong row adds nothing, and the job ends with the sheet handed back, each row's
 * problems beside it. A clean sheet is added a chunk at a time, stations already in the activity left as
 * they are.
 */
export function stationImportJobKind(): JobKind {
  async function step({
    job,
    params,
    checkpoint,
    db,
    storage,
  }: StepContext<ImportParams, ImportCheckpoint>): Promise<StepResult<ImportCheckpoint>> {
    const locale = params.locale as Locale;
    const text = (message: RuleMessage) => formatMessage(locale, message);
    const opened = await openActivity(db, job.tenant!, params.activityId);
    if ('refused' in opened) throw new JobRefused(text(opened.refused!));
    const stationsKey = storageKeyOfJob(job.jobId, STATIONS_FILE);
    if (checkpoint) {
      const ids = JSON.parse((await readAll(await storage.open(stationsKey))).toString()) as string[];
      const chunk = ids.slice(checkpoint.next, checkpoint.next + CHUNK);
      const next = checkpoint.next + chunk.length;
      const write = async (tx: DbOrTx) => {
        await repo.addStations(tx, job.tenant!, params.activityId, chunk);
        await keepWithinMaxActive(tx, opened.activity);
      };
      if (next < ids.length)
        return { write, checkpoint: { ...checkpoint, next }, done: next, total: ids.length };
      return {
        write,
        result: { counts: { rows: ids.length }, files: [] },
        message: text(ruleMessage('activityStations.imported', { rows: ids.length })),
      };
    }
    const sheet = await readUploadedSheet(storage, params.fileKey, locale);
    if (!isStationImportHeader(sheet.header))
      throw new JobRefused(text(ruleMessage('activityStations.sheet.header')));
    const ids = sheet.identifiers.map((id) => id.trim());
    const known = new Map<string, { operatorId: string | null }>();
    const unique = [...new Set(ids.filter(Boolean))];
    for (let at = 0; at < unique.length; at += LOOKUP) {
      for (const [id, station] of await repo.stationsOf(db, unique.slice(at, at + LOOKUP)))
        known.set(id, station);
    }
    const operators = new Set(opened.activity.effectOperatorRules.map((rule) => rule.operatorId));
    const rowMessages = stationRowMessages(ids, known, operators);
    const invalid = invalidRowCount(rowMessages);
    if (invalid > 0)
      return endWithRowErrors({
        jobId: job.jobId,
        storage,
        sheet,
        rowMessages,
        locale,
        fileNames: ERROR_SHEET,
        counts: { rows: ids.length, invalid, added: 0 },
        message: ruleMessage('activityStations.invalidRows', { count: invalid }),
      });
    await storage.put(stationsKey, Buffer.from(JSON.stringify(ids)));
    return { checkpoint: { stations: ids.length, next: 0 }, done: 0, total: ids.length };
  }
  return defineJobKind<ImportParams, ImportCheckpoint>({
    kind: STATION_IMPORT_JOB,
    params: ImportParamsSchema,
    // Reading a large sheet takes the CPU for seconds: on PostgreSQL the job process does it.
    apart: true,
    step,
  });
}
