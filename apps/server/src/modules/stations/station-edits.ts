import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findWorksheet } from '../worksheets/worksheets.repo.js';

/** 409: the editor started from an older version. */
export const versionConflict = (): AppError => AppError.conflict(ruleMessage('station.versionConflict'));

/** A `worksheet_id` in the extra data says the change was made for that worksheet: it must be one of this station's. */
export async function assertWorksheetOfStation(
  db: DbOrTx,
  resourceId: string,
  extData: OperationExtData,
): Promise<void> {
  const given = extData?.worksheet_id;
  if (given === undefined) return;
  const worksheetId = Number(given);
  const worksheet = Number.isSafeInteger(worksheetId) ? await findWorksheet(db, worksheetId) : undefined;
  if (worksheet?.resourceId !== resourceId) {
    throw new RuleError(ruleMessage('station.worksheetNotOfStation', { worksheetId: String(given) }));
  }
}
