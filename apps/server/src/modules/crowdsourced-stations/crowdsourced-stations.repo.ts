import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_CROWDSOURCED_SORT,
  type CROWDSOURCED_SORTABLE,
  type CrowdsourcedFilter,
} from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { contains, startsWith } from '../../platform/lists/text-match.js';
import { findRegion } from '../../platform/regions/region-data.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { fileStorageKeys } from '../files/file-storage-keys.views.js';
import { operatorNames } from '../operators/operators.views.js';
import { crowdsourcedStations, crowdsourcedTotals } from './crowdsourced-stations.tables.js';

const t = crowdsourcedStations;

export type ReportTableRow = typeof crowdsourcedStations.$inferSelect;
export type NewReport = typeof crowdsourcedStations.$inferInsert;
export type ReportChanges = Partial<Omit<NewReport, 'tenant' | 'objectId' | 'version' | 'createdAt'>>;

/** A report with its reporter as the tenant's copy of the account has them (null when it lacks the account). */
export interface ReportRow {
  report: ReportTableRow;
  nickname: string | null;
  mobile: string | null;
}

/** The review filter of one tenant. */
export type ReportFilter = Omit<CrowdsourcedFilter, 'sort'> & { tenant: Tenant };

const qb = new QueryBuilder();

/**
 * A region code finds the reports in that region: a province's or a city's code every district under it
 * (GB/T 2260 codes share their leading digits), a district's code itself.
 */
function areaCondition(areaCode: string): SQL {
  const level = findRegion(areaCode)?.level;
  if (level === 'province') return startsWith(t.areaCode, areaCode.slice(0, 2));
  if (level === 'city') return startsWith(t.areaCode, areaCode.slice(0, 4));
  return eq(t.areaCode, areaCode);
}

/** The tenant's accounts holding the mobile, as an id subquery. */
const holdersOf = (tenant: Tenant, mobile: string) =>
  qb
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.mobile, mobile)));

/** The filter's conditions, all on the reports (the reporter's mobile through one id subquery). */
export function reportWhere({ tenant, ...f }: ReportFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(t.tenant, tenant)];
  if (f.source) conditions.push(eq(t.source, f.source));
  if (f.stationName) conditions.push(contains(t.stationName, f.stationName));
  if (f.areaCode) conditions.push(areaCondition(f.areaCode));
  if (f.address) conditions.push(contains(t.address, f.address));
  if (f.mobile) conditions.push(inArray(t.creatorAccountId, holdersOf(tenant, f.mobile)));
  if (f.creatorAccountId) conditions.push(eq(t.creatorAccountId, f.creatorAccountId));
  if (f.onlineStatus !== undefined) conditions.push(eq(t.onlineStatus, f.onlineStatus));
  if (f.stationStatus !== undefined) conditions.push(eq(t.stationStatus, f.stationStatus));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeStart !== undefined) conditions.push(gte(t.createdAt, new Date(f.createTimeStart)));
  if (f.createTimeEnd !== undefined) conditions.push(lt(t.createdAt, new Date(f.createTimeEnd + 1)));
  if (f.reviewTimeStart !== undefined) conditions.push(gte(t.reviewTime, new Date(f.reviewTimeStart)));
  if (f.reviewTimeEnd !== undefined) conditions.push(lt(t.reviewTime, new Date(f.reviewTimeEnd + 1)));
  if (f.reviewUser) conditions.push(contains(t.reviewUser, f.reviewUser));
  if (f.chargingBlindSpot !== undefined) {
    conditions.push(eq(t.isChargingBlindSpot, f.chargingBlindSpot === 1));
  }
  if (f.suspectedDuplicate !== undefined) conditions.push(eq(t.suspectedDuplicate, f.suspectedDuplicate));
  return and(...conditions)!;
}

/** Reports with their reporter, when the tenant has the account; with `extra` columns. */
const withReporter = <E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ report: t, nickname: accountDirectory.nickName, mobile: accountDirectory.mobile, ...extra })
    .from(t)
    .leftJoin(
      accountDirectory,
      and(eq(accountDirectory.tenant, t.tenant), eq(accountDirectory.accountId, t.creatorAccountId)),
    );

/** The tenant's number of reports in the states asked for, as the triggers on the reports keep it. */
async function keptTotal(
  db: DbOrTx,
  { tenant, stationStatus, onlineStatus }: Pick<ReportFilter, 'tenant' | 'stationStatus' | 'onlineStatus'>,
): Promise<number> {
  const k = crowdsourcedTotals;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${k.total}), 0)`.mapWith(Number) })
    .from(k)
    .where(
      and(
        eq(k.tenant, tenant),
        stationStatus === undefined ? undefined : eq(k.stationStatus, stationStatus),
        onlineStatus === undefined ? undefined : eq(k.onlineStatus, onlineStatus),
      ),
    );
  return row?.total ?? 0;
}

/**
 * What scopes the queue rather than narrowing it, or narrows it by the states whose totals are kept (and
 * says how to show it): filtered by these alone, its total is kept, not counted.
 */
const KEPT_BY = ['tenant', 'stationStatus', 'onlineStatus', 'revealMobile'];

/**
 * The review queue, oldest first by default. The page's ids are found on the reports alone (their indexes,
 * their offset), then only those rows are joined to their reporters.
 */
export const reportList = defineList({
  table: t,
  id: t.objectId,
  sort: {
    keys: {
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      // A report not reviewed yet sorts before every reviewed one.
      reviewTime: { key: sql`coalesce(${t.reviewTime}, '-infinity'::timestamptz)`, type: 'timestamptz' },
    } satisfies Record<(typeof CROWDSOURCED_SORTABLE)[number], SortKey>,
    default: DEFAULT_CROWDSOURCED_SORT,
  },
  where: reportWhere,
  select: (db, cursor) => withReporter(db, cursor).$dynamic(),
  keptTotal: (db, filter) => (narrows(filter, KEPT_BY) ? undefined : keptTotal(db, filter)),
});

const countReports = async (db: DbOrTx, where: SQL): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .where(where);
  return row?.n ?? 0;
};

export async function findReport(
  db: DbOrTx,
  tenant: Tenant,
  objectId: string,
): Promise<ReportRow | undefined> {
  const [row] = await withReporter(db).where(and(eq(t.tenant, tenant), eq(t.objectId, objectId)));
  return row;
}

/** The report itself, locked until the transaction ends, so two changes of it run one after the other. */
export async function lockReport(
  tx: DbOrTx,
  tenant: Tenant,
  objectId: string,
): Promise<ReportTableRow | undefined> {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant, tenant), eq(t.objectId, objectId)))
    .for('update');
  return row;
}

/** Inserts a report unless the tenant has one with its id already; answers it, or undefined. */
export async function insertReport(tx: DbOrTx, values: NewReport): Promise<ReportTableRow | undefined> {
  const [row] = await tx.insert(t).values(values).onConflictDoNothing().returning();
  return row;
}

/** Writes a change, bumping the version and the update time. */
export async function updateReport(
  tx: DbOrTx,
  tenant: Tenant,
  objectId: string,
  changes: ReportChanges,
): Promise<ReportTableRow> {
  const [row] = await tx
    .update(t)
    .set({ ...changes, version: sql`${t.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(t.tenant, tenant), eq(t.objectId, objectId)))
    .returning();
  return row!;
}

export async function deleteReport(tx: DbOrTx, tenant: Tenant, objectId: string): Promise<void> {
  await tx.delete(t).where(and(eq(t.tenant, tenant), eq(t.objectId, objectId)));
}

/** The reporter's other reports, newest first. */
export function reporterReports(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
  exceptObjectId: string,
  limit: number,
): Promise<ReportRow[]> {
  return withReporter(db)
    .where(and(eq(t.tenant, tenant), eq(t.creatorAccountId, accountId), ne(t.objectId, exceptObjectId)))
    .orderBy(desc(t.createdAt), desc(t.objectId))
    .limit(limit);
}

export const countReporterReports = (db: DbOrTx, tenant: Tenant, accountId: string) =>
  countReports(db, and(eq(t.tenant, tenant), eq(t.creatorAccountId, accountId))!);

/** The account as a report needs it: whether the tenant has it, and whether it was deleted. */
export async function findAccount(
  db: DbOrTx,
  tenant: Tenant,
  accountId: string,
): Promise<{ isDelete: boolean } | undefined> {
  const [row] = await db
    .select({ isDelete: accountDirectory.isDelete })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.accountId, accountId)));
  return row;
}

/** The tenant's accounts with this mobile, for the audit of an export that shows their mobiles whole. */
export async function accountIdsWithMobile(db: DbOrTx, tenant: Tenant, mobile: string): Promise<string[]> {
  const rows = await db
    .select({ accountId: accountDirectory.accountId })
    .from(accountDirectory)
    .where(and(eq(accountDirectory.tenant, tenant), eq(accountDirectory.mobile, mobile)));
  return rows.map((row) => row.accountId);
}

/** Where the report's pictures are kept, by file id. */
export async function pictureFiles(
  db: DbOrTx,
  fileIds: readonly string[],
): Promise<Map<string, { storageKey: string; name: string }>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: fileStorageKeys.fileId,
      storageKey: fileStorageKeys.storageKey,
      name: fileStorageKeys.name,
    })
    .from(fileStorageKeys)
    .where(inArray(fileStorageKeys.fileId, [...fileIds]));
  return new Map(rows.map(({ id, ...file }) => [id, file]));
}

/** The operator a report names, with the equipment owner a station of theirs belongs to. */
export async function findOperator(
  db: DbOrTx,
  operatorId: string,
): Promise<{ operatorId: string; operatorName: string; equipmentOwnerId: string | null } | undefined> {
  const [row] = await db.select().from(operatorNames).where(eq(operatorNames.operatorId, operatorId));
  return row;
}
