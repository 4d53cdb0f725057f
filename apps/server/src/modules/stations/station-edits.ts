import { isDeepStrictEqual } from 'node:util';
import type { Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationExtData } from '@cmp/domain/stations/contract-fields';
import type { FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findWorksheet } from '../worksheets/worksheets.repo.js';
import { findRegion, type Region } from '../regions/region-data.js';

/** Who changes a station, and in which tenant's portal; stations are network-wide, the audit keeps both. */
export interface StationActing {
  tenant: Tenant;
  actor: Actor;
}

/** For routes under the tenant prefix, where the access hook has set the tenant. */
export const stationActing = (request: FastifyRequest): StationActing => ({
  tenant: request.tenant!,
  actor: actorOf(request),
});

/** Audit entity of a station and of everything on it, so all of it shows in the station's history. */
export const STATION_ENTITY = 'station';

const VERSION_CONFLICT = ruleMessage('station.versionConflict');

/** 409: the editor started from an older version. */
export const versionConflict = (): AppError => AppError.conflict(VERSION_CONFLICT);

export function assertVersion(stored: number, given: number): void {
  if (stored !== given) throw versionConflict();
}

/** The before and after of the fields a save really changes; fields it leaves out or repeats are not in it. */
export interface FieldChanges<T> {
  before: Partial<T>;
  after: Partial<T>;
  changed: (keyof T)[];
}

export function changedFields<T extends object>(stored: T, given: Partial<T>): FieldChanges<T> {
  const changes: FieldChanges<T> = { before: {}, after: {}, changed: [] };
  for (const key of Object.keys(given) as (keyof T)[]) {
    const value = given[key];
    if (value === undefined || isDeepStrictEqual(value, stored[key])) continue;
    changes.before[key] = stored[key];
    changes.after[key] = value;
    changes.changed.push(key);
  }
  return changes;
}

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

/** The region a save names; an id the region data does not know is refused. */
export function requireRegion(regionId: string): Region {
  const region = findRegion(regionId);
  if (!region) throw new RuleError(ruleMessage('station.unknownRegion', { regionId }));
  return region;
}
