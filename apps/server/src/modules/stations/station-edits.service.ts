import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Which station a worksheet is on (undefined for no such worksheet). The worksheets module answers it and
 * app.ts wires it in: worksheets build on stations (their rows name a station, they move its counters), so
 * stations may not import them back without a cycle.
 */
export interface WorksheetsOfStation {
  stationOf(db: DbOrTx, worksheetId: number): Promise<string | undefined>;
}

/** 409: the editor started from an older version. */
export const versionConflict = (): AppError => AppError.conflict(ruleMessage('station.versionConflict'));

/** A `worksheet_id` in the extra data says the change was made for that worksheet: it must be one of this station's. */
export async function assertWorksheetOfStation(
  worksheets: WorksheetsOfStation,
  db: DbOrTx,
  resourceId: string,
  extData: OperationExtData,
): Promise<void> {
  const given = extData?.worksheet_id;
  if (given === undefined) return;
  const worksheetId = Number(given);
  const stationId = Number.isSafeInteger(worksheetId)
    ? await worksheets.stationOf(db, worksheetId)
    : undefined;
  if (stationId !== resourceId) {
    throw new RuleError(ruleMessage('station.worksheetNotOfStation', { worksheetId: String(given) }));
  }
}
