import { and, arrayOverlaps, asc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseSort, pageOffset } from '@cmp/domain';
import { OPERATION_LIST_SORTABLE, type OperationListQuery } from '@cmp/domain/stations/operation-list-item';
import type { DbOrTx } from '../../platform/db/database.js';
import { equipmentOwners, operators } from '../operators/operators.tables.js';
import { resourceTags, tags } from '../tags/tags.tables.js';
import { resources } from './stations.tables.js';

/** The list filter with the region text already turned into the region ids whose label contains it. */
export type OperationListCriteria = Omit<OperationListQuery, 'region'> & { regionIds?: readonly string[] };

const SORT_COLUMNS = {
  basicInfoUpdateTime: resources.basicInfoUpdateTime,
  resourceId: resources.resourceId,
  resourceName: resources.resourceName,
  commentaryNumber: resources.commentaryNumber,
  focusedCommentaryNumber: resources.focusedCommentaryNumber,
  worksheetNumber: resources.worksheetNumber,
  openWorksheetNumber: resources.openWorksheetNumber,
} satisfies Record<(typeof OPERATION_LIST_SORTABLE)[number], AnyPgColumn>;

export interface ListOrder {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

/** The requested order (checked against the sortable columns; 400 otherwise), newest update first by default. */
export function listOrder(sort: string | undefined): ListOrder {
  const order = parseSort(sort, OPERATION_LIST_SORTABLE);
  return order
    ? { column: SORT_COLUMNS[order.column], direction: order.direction }
    : { column: resources.basicInfoUpdateTime, direction: 'desc' };
}

/**
 * The resource id breaks ties, so pages never overlap. Descending is written NULLS LAST, as the indexes
 * are built (drizzle's `.desc()`): a plain DESC means NULLS FIRST, which no index matches, and the default
 * order would then sort the whole table for every page. With it, the default order reads
 * resources_update_time_idx (basic_info_update_time DESC NULLS LAST, resource_id) from the top.
 */
const orderBy = ({ column, direction }: ListOrder) => [
  direction === 'asc' ? asc(column) : sql`${column} desc nulls last`,
  asc(resources.resourceId),
];

export const contains = (column: AnyPgColumn, text: string) =>
  ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** GB/T 2260: xx0000 is a province, xxxx00 a city, anything else a district. */
export function regionCondition(regionId: string): SQL {
  if (regionId.endsWith('0000')) return eq(resources.provinceId, regionId);
  if (regionId.endsWith('00')) return eq(resources.cityId, regionId);
  return eq(resources.regionId, regionId);
}

/**
 * Every condition is on `resources` itself (names of operators and owners through id subqueries), so the
 * count needs no join and each filter can use the table's indexes.
 */
export function operationListWhere(criteria: OperationListCriteria): SQL | undefined {
  const c = criteria;
  const conditions: (SQL | undefined)[] = [];
  if (c.resourceId) conditions.push(eq(resources.resourceId, c.resourceId));
  if (c.resourceName) conditions.push(contains(resources.resourceName, c.resourceName));
  if (c.resourceType) conditions.push(inArray(resources.resourceType, c.resourceType));
  if (c.operatorId) conditions.push(eq(resources.operatorId, c.operatorId));
  if (c.operatorName) {
    conditions.push(
      inArray(
        resources.operatorId,
        sql`(select ${operators.operatorId} from ${operators} where ${contains(operators.operatorName, c.operatorName)})`,
      ),
    );
  }
  if (c.equipmentOwnerId) conditions.push(eq(resources.equipmentOwnerId, c.equipmentOwnerId));
  if (c.equipmentOwner) {
    conditions.push(
      inArray(
        resources.equipmentOwnerId,
        sql`(select ${equipmentOwners.equipmentOwnerId} from ${equipmentOwners} where ${contains(equipmentOwners.equipmentOwnerName, c.equipmentOwner)})`,
      ),
    );
  }
  if (c.recommendationCode) conditions.push(eq(resources.recommendationCode, c.recommendationCode));
  if (c.regionIds) {
    conditions.push(c.regionIds.length > 0 ? inArray(resources.regionId, [...c.regionIds]) : sql`false`);
  }
  if (c.regionId) conditions.push(regionCondition(c.regionId));
  if (c.address) conditions.push(contains(resources.address, c.address));
  if (c.active !== undefined) conditions.push(eq(resources.active, c.active));
  if (c.hasComments !== undefined) {
    conditions.push(
      c.hasComments ? sql`${resources.commentaryNumber} > 0` : eq(resources.commentaryNumber, 0),
    );
  }
  if (c.basicInfoUpdateTimeBegin !== undefined) {
    conditions.push(gte(resources.basicInfoUpdateTime, new Date(c.basicInfoUpdateTimeBegin)));
  }
  if (c.basicInfoUpdateTimeEnd !== undefined) {
    // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
    conditions.push(lt(resources.basicInfoUpdateTime, new Date(c.basicInfoUpdateTimeEnd + 1)));
  }
  const range = (column: AnyPgColumn, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) conditions.push(gte(column, min));
    if (max !== undefined) conditions.push(lte(column, max));
  };
  range(resources.focusedCommentaryNumber, c.focusedCommentaryNumberMin, c.focusedCommentaryNumberMax);
  range(resources.openWorksheetNumber, c.openWorksheetNumberMin, c.openWorksheetNumberMax);
  range(resources.worksheetNumber, c.worksheetNumberMin, c.worksheetNumberMax);
  if (c.bizScenes) conditions.push(arrayOverlaps(resources.bizSceneCodes, c.bizScenes));
  if (c.tagCode) {
    conditions.push(
      inArray(
        resources.resourceId,
        sql`(select ${resourceTags.resourceId} from ${resourceTags} join ${tags} on ${tags.tagId} = ${resourceTags.tagId} where ${tags.code} = ${c.tagCode})`,
      ),
    );
  }
  return and(...conditions);
}

const itemSelection = {
  resourceId: resources.resourceId,
  resourceType: resources.resourceType,
  resourceName: resources.resourceName,
  description: resources.description,
  remark: resources.remark,
  operatorId: resources.operatorId,
  operatorName: operators.operatorName,
  equipmentOwnerId: resources.equipmentOwnerId,
  equipmentOwner: equipmentOwners.equipmentOwnerName,
  recommendationCode: resources.recommendationCode,
  regionId: resources.regionId,
  address: resources.address,
  active: resources.active,
  commentaryNumber: resources.commentaryNumber,
  focusedCommentaryNumber: resources.focusedCommentaryNumber,
  worksheetNumber: resources.worksheetNumber,
  openWorksheetNumber: resources.openWorksheetNumber,
  basicInfoUpdateTime: resources.basicInfoUpdateTime,
  bizSceneCodes: resources.bizSceneCodes,
};

export interface OperationListRow {
  resourceId: string;
  resourceType: string;
  resourceName: string;
  description: string | null;
  remark: string | null;
  operatorId: string | null;
  operatorName: string | null;
  equipmentOwnerId: string | null;
  equipmentOwner: string | null;
  recommendationCode: string | null;
  regionId: string | null;
  address: string | null;
  active: boolean;
  commentaryNumber: number;
  focusedCommentaryNumber: number;
  worksheetNumber: number;
  openWorksheetNumber: number;
  basicInfoUpdateTime: Date;
  bizSceneCodes: number[];
}

export async function countOperationList(db: DbOrTx, criteria: OperationListCriteria): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(resources)
    .where(operationListWhere(criteria));
  return row?.n ?? 0;
}

/**
 * One page and the total. The page's ids are found on `resources` alone and only those rows are joined,
 * so a deep page skips its offset over the index without joining the skipped rows. On PostgreSQL the
 * page and the count run at once on two connections.
 */
export async function listOperationPage(
  db: DbOrTx,
  criteria: OperationListCriteria & { pageNo: number; pageSize: number },
  order: ListOrder,
): Promise<{ rows: OperationListRow[]; total: number }> {
  const where = operationListWhere(criteria);
  const offset = pageOffset(criteria.pageNo, criteria.pageSize);
  const page = db
    .select({ id: resources.resourceId })
    .from(resources)
    .where(where)
    .orderBy(...orderBy(order))
    .limit(criteria.pageSize)
    .offset(offset)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select(itemSelection)
      .from(page)
      .innerJoin(resources, eq(resources.resourceId, page.id))
      .leftJoin(operators, eq(operators.operatorId, resources.operatorId))
      .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, resources.equipmentOwnerId))
      .orderBy(...orderBy(order)),
    countOperationList(db, criteria),
  ]);
  return { rows, total };
}

/** Where an export batch ended: the sort value as the database prints it (full precision) and the id. */
export interface ExportCursor {
  value: string;
  resourceId: string;
}

/**
 * Rows after the cursor in the list's order. The bound on the sort column alone lets the index start at
 * the cursor; the second condition then skips the rows before it that share its value.
 */
function after({ column, direction }: ListOrder, cursor: ExportCursor): SQL {
  const bound = direction === 'asc' ? sql`${column} >= ${cursor.value}` : sql`${column} <= ${cursor.value}`;
  const beyond = direction === 'asc' ? sql`${column} > ${cursor.value}` : sql`${column} < ${cursor.value}`;
  return and(bound, or(beyond, sql`${resources.resourceId} > ${cursor.resourceId}`))!;
}

/** One batch of an export, read by key (not offset) so every batch costs the same. */
export async function exportBatch(
  db: DbOrTx,
  criteria: OperationListCriteria,
  order: ListOrder,
  cursor: ExportCursor | null,
  size: number,
): Promise<{ rows: OperationListRow[]; next: ExportCursor | null }> {
  const rows = await db
    .select({ ...itemSelection, cursorValue: sql<string>`${order.column}::text` })
    .from(resources)
    .leftJoin(operators, eq(operators.operatorId, resources.operatorId))
    .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, resources.equipmentOwnerId))
    .where(and(operationListWhere(criteria), cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === size ? { value: last.cursorValue, resourceId: last.resourceId } : null,
  };
}
