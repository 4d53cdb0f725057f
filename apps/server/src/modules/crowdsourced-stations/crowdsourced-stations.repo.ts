import { and, desc, eq, gte, ilike, inArray, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { pageOffset, parseSort, type Tenant } from '@cmp/domain';
import { CROWDSOURCED_SORTABLE, type CrowdsourcedFilter } from '@cmp/domain/stations/crowdsourced-stations';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts } from '../accounts/accounts.tables.js';
import { userNotifications } from '../accounts/user-notifications.tables.js';
import { storedFiles } from '../files/files.tables.js';
import { findRegion } from '../../platform/regions/region-data.js';
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

export type ReportFilter = Omit<CrowdsourcedFilter, 'sort'>;

/**
 * What a sort orders by: never null, so one comparison serves the order and the export's cursor. A report
 * not reviewed yet sorts before every reviewed one.
 */
const SORT_KEYS = {
  createdAt: sql`${t.createdAt}`,
  updatedAt: sql`${t.updatedAt}`,
  reviewTime: sql`coalesce(${t.reviewTime}, '-infinity'::timestamptz)`,
} satisfies Record<(typeof CROWDSOURCED_SORTABLE)[number], SQL>;

export interface ReportOrder {
  key: SQL;
  direction: 'asc' | 'desc';
}

/** The requested order (400 for a column it cannot sort by); the review queue works oldest first. */
export function reportOrder(sort: string | undefined): ReportOrder {
  const order = parseSort(sort, CROWDSOURCED_SORTABLE);
  return order
    ? { key: SORT_KEYS[order.column], direction: order.direction }
    : { key: SORT_KEYS.createdAt, direction: 'asc' };
}

/** Ties go by id in the same direction, as the indexes hold them, so pages never overlap. */
const orderBy = ({ key, direction }: ReportOrder) =>
  direction === 'asc'
    ? [sql`${key} asc`, sql`${t.objectId} asc`]
    : [sql`${key} desc`, sql`${t.objectId} desc`];

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${escapeLike(text)}%`;

/**
 * A region code finds the reports in that region: a province's or a city's code every district under it
 * (GB/T 2260 codes share their leading digits), a district's code itself.
 */
function areaCondition(areaCode: string): SQL {
  const level = findRegion(areaCode)?.level;
  if (level === 'province') return like(t.areaCode, `${areaCode.slice(0, 2)}%`);
  if (level === 'city') return like(t.areaCode, `${areaCode.slice(0, 4)}%`);
  return eq(t.areaCode, areaCode);
}

/** The filter's conditions, all on the reports (the reporter's mobile through one id subquery). */
export function reportWhere(tenant: Tenant, f: ReportFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(t.tenant, tenant)];
  if (f.source) conditions.push(eq(t.source, f.source));
  if (f.stationName) conditions.push(ilike(t.stationName, containing(f.stationName)));
  if (f.areaCode) conditions.push(areaCondition(f.areaCode));
  if (f.address) conditions.push(ilike(t.address, containing(f.address)));
  if (f.mobile) {
    conditions.push(
      inArray(
        t.creatorAccountId,
        sql`(select ${accounts.accountId} from ${accounts} where ${and(eq(accounts.tenant, tenant), eq(accounts.mobile, f.mobile))})`,
      ),
    );
  }
  if (f.creatorAccountId) conditions.push(eq(t.creatorAccountId, f.creatorAccountId));
  if (f.onlineStatus !== undefined) conditions.push(eq(t.onlineStatus, f.onlineStatus));
  if (f.stationStatus !== undefined) conditions.push(eq(t.stationStatus, f.stationStatus));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.createTimeStart !== undefined) conditions.push(gte(t.createdAt, new Date(f.createTimeStart)));
  if (f.createTimeEnd !== undefined) conditions.push(lt(t.createdAt, new Date(f.createTimeEnd + 1)));
  if (f.reviewTimeStart !== undefined) conditions.push(gte(t.reviewTime, new Date(f.reviewTimeStart)));
  if (f.reviewTimeEnd !== undefined) conditions.push(lt(t.reviewTime, new Date(f.reviewTimeEnd + 1)));
  if (f.reviewUser) conditions.push(ilike(t.reviewUser, containing(f.reviewUser)));
  if (f.chargingBlindSpot !== undefined) {
    conditions.push(eq(t.isChargingBlindSpot, f.chargingBlindSpot === 1));
  }
  if (f.suspectedDuplicate !== undefined) conditions.push(eq(t.suspectedDuplicate, f.suspectedDuplicate));
  return and(...conditions)!;
}

/** Reports with their reporter, when the tenant has the account; with `extra` columns. */
const withReporter = <E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ report: t, nickname: accounts.nickName, mobile: accounts.mobile, ...extra })
    .from(t)
    .leftJoin(accounts, and(eq(accounts.tenant, t.tenant), eq(accounts.accountId, t.creatorAccountId)));

export async function countReports(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .where(where);
  return row?.n ?? 0;
}

/** The tenant's number of reports in the states asked for, as the triggers on the reports keep it. */
async function keptTotal(
  db: DbOrTx,
  tenant: Tenant,
  states: Pick<ReportFilter, 'stationStatus' | 'onlineStatus'>,
): Promise<number> {
  const k = crowdsourcedTotals;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${k.total}), 0)`.mapWith(Number) })
    .from(k)
    .where(
      and(
        eq(k.tenant, tenant),
        states.stationStatus === undefined ? undefined : eq(k.stationStatus, states.stationStatus),
        states.onlineStatus === undefined ? undefined : eq(k.onlineStatus, states.onlineStatus),
      ),
    );
  return row?.total ?? 0;
}

/** Whether the filter narrows by the review and online states alone (or not at all), whose totals are kept. */
const byStatesAlone = ({ stationStatus: _s, onlineStatus: _o, ...rest }: ReportFilter): boolean =>
  Object.values(rest).every((value) => value === undefined);

/**
 * One page and the total. The page's ids are found on the reports alone (their indexes, their offset), then
 * only those rows are joined to their reporters. The queue's total by state is kept, not counted.
 */
export async function listReportPage(
  db: DbOrTx,
  tenant: Tenant,
  filter: CrowdsourcedFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const { sort, ...rest } = filter;
  const where = reportWhere(tenant, rest);
  const order = reportOrder(sort);
  const ids = db
    .select({ objectId: t.objectId })
    .from(t)
    .where(where)
    .orderBy(...orderBy(order))
    .limit(page.pageSize)
    .offset(pageOffset(page.pageNo, page.pageSize));
  const rows = await withReporter(db)
    .where(and(eq(t.tenant, tenant), inArray(t.objectId, ids)))
    .orderBy(...orderBy(order));
  const total = byStatesAlone(rest) ? await keptTotal(db, tenant, rest) : await countReports(db, where);
  return { rows, total };
}

/** Where an export batch ended: the sort key as the database prints it, and the id. */
export interface ReportCursor {
  value: string;
  objectId: string;
}

function after({ key, direction }: ReportOrder, cursor: ReportCursor): SQL {
  return direction === 'asc'
    ? sql`(${key}, ${t.objectId}) > (${cursor.value}::timestamptz, ${cursor.objectId})`
    : sql`(${key}, ${t.objectId}) < (${cursor.value}::timestamptz, ${cursor.objectId})`;
}

/** One batch of an export, read by key so every batch costs the same. */
export async function exportReportBatch(
  db: DbOrTx,
  where: SQL,
  order: ReportOrder,
  cursor: ReportCursor | null,
  size: number,
): Promise<{ rows: ReportRow[]; next: ReportCursor | null }> {
  const rows = await withReporter(db, { cursorValue: sql<string>`(${order.key})::text` })
    .where(and(where, cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === size ? { value: last.cursorValue, objectId: last.report.objectId } : null,
  };
}

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
    .select({ isDelete: accounts.isDelete })
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), eq(accounts.accountId, accountId)));
  return row;
}

/** The tenant's accounts with this mobile, for the audit of an export that shows their mobiles whole. */
export async function accountIdsWithMobile(db: DbOrTx, tenant: Tenant, mobile: string): Promise<string[]> {
  const rows = await db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(and(eq(accounts.tenant, tenant), eq(accounts.mobile, mobile)));
  return rows.map((row) => row.accountId);
}

export async function insertNotification(
  tx: DbOrTx,
  values: typeof userNotifications.$inferInsert,
): Promise<void> {
  await tx.insert(userNotifications).values(values);
}

/** Where the report's pictures are kept, by file id. */
export async function pictureFiles(
  db: DbOrTx,
  fileIds: readonly string[],
): Promise<Map<string, { storageKey: string; name: string }>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey, name: storedFiles.name })
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...fileIds]));
  return new Map(rows.map(({ id, ...file }) => [id, file]));
}

/** Removes the files' rows; answers their storage keys, for removing the bytes once the change commits. */
export async function deleteFileRows(tx: DbOrTx, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .delete(storedFiles)
    .where(inArray(storedFiles.id, [...fileIds]))
    .returning({ storageKey: storedFiles.storageKey });
  return rows.map((row) => row.storageKey);
}
