import { and, asc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { pageOffset, parseSort, type Tenant } from '@cmp/domain';
import { COMMENT_SORTABLE, type CommentFilter } from '@cmp/domain/comments/comment-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { equipmentOwners, operators } from '../operators/operators.tables.js';
import { contains, regionCondition } from '../stations/operation-list.repo.js';
import { resources } from '../stations/stations.tables.js';
import { commentReplies, comments, commentTotals, commentVendors } from './comments.tables.js';

const SORT_COLUMNS = {
  commentaryTime: comments.commentaryTime,
  rating: comments.rating,
  replyNumber: comments.replyNumber,
  thumbs: comments.thumbs,
} satisfies Record<(typeof COMMENT_SORTABLE)[number], AnyPgColumn>;

export interface CommentOrder {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
}

/** The requested order (400 for a column it cannot sort by), newest comment first by default. */
export function commentOrder(sort: string | undefined): CommentOrder {
  const order = parseSort(sort, COMMENT_SORTABLE);
  return order
    ? { column: SORT_COLUMNS[order.column], direction: order.direction }
    : { column: comments.commentaryTime, direction: 'desc' };
}

/**
 * Ties go by id in the same direction, so pages never overlap. Written NULLS FIRST ascending and NULLS
 * LAST descending, as the indexes are built: a plain DESC means NULLS FIRST, which no index matches, and
 * every page would then sort the tenant's whole table (134 ms at 1,000,000 comments, against 3.4 ms).
 */
const orderBy = ({ column, direction }: CommentOrder) =>
  direction === 'asc'
    ? [sql`${column} asc nulls first`, sql`${comments.commentaryId} asc nulls first`]
    : [sql`${column} desc nulls last`, sql`${comments.commentaryId} desc nulls last`];

/**
 * The list's conditions, all on `comments`: the station's fields through one id subquery on `resources`,
 * so the count needs no join.
 */
export function commentWhere(tenant: Tenant, f: CommentFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(comments.tenant, tenant)];
  if (f.commentaryIdList)
    conditions.push(
      f.commentaryIdList.length ? inArray(comments.commentaryId, f.commentaryIdList) : sql`false`,
    );
  if (f.resourceId) conditions.push(eq(comments.resourceId, f.resourceId));
  if (f.replyNumberMin !== undefined) conditions.push(gte(comments.replyNumber, f.replyNumberMin));
  if (f.replyNumberMax !== undefined) conditions.push(lte(comments.replyNumber, f.replyNumberMax));
  if (f.hasCommentaryText !== undefined) {
    conditions.push(
      f.hasCommentaryText
        ? and(sql`${comments.commentaryText} is not null`, ne(comments.commentaryText, ''))
        : or(sql`${comments.commentaryText} is null`, eq(comments.commentaryText, '')),
    );
  }
  if (f.startTime !== undefined) conditions.push(gte(comments.commentaryTime, new Date(f.startTime)));
  // Stored times are finer than a millisecond: the whole end millisecond is inside the range.
  if (f.endTime !== undefined) conditions.push(lt(comments.commentaryTime, new Date(f.endTime + 1)));
  if (f.mobile) conditions.push(eq(comments.userMobile, f.mobile));
  if (f.accountId) conditions.push(eq(comments.accountId, f.accountId));
  if (f.client) conditions.push(eq(comments.client, f.client));
  const station: SQL[] = [];
  if (f.chargeStationOperatorId) station.push(eq(resources.operatorId, f.chargeStationOperatorId));
  if (f.equipmentOwnerId) station.push(eq(resources.equipmentOwnerId, f.equipmentOwnerId));
  if (f.chargeStationRegionId) station.push(regionCondition(f.chargeStationRegionId));
  if (f.chargeStationAddress) station.push(contains(resources.address, f.chargeStationAddress));
  if (f.chargeStationDescription) station.push(contains(resources.description, f.chargeStationDescription));
  if (station.length > 0) {
    conditions.push(
      inArray(
        comments.resourceId,
        sql`(select ${resources.resourceId} from ${resources} where ${and(...station)})`,
      ),
    );
  }
  return and(...conditions)!;
}

const rowSelection = {
  comment: comments,
  resourceName: resources.resourceName,
  resourceType: resources.resourceType,
  regionId: resources.regionId,
  address: resources.address,
  operatorId: resources.operatorId,
  operatorName: operators.operatorName,
  equipmentOwnerId: resources.equipmentOwnerId,
  equipmentOwner: equipmentOwners.equipmentOwnerName,
  applicationName: commentVendors.applicationName,
};

export interface CommentRow {
  comment: typeof comments.$inferSelect;
  resourceName: string;
  resourceType: string;
  regionId: string | null;
  address: string | null;
  operatorId: string | null;
  operatorName: string | null;
  equipmentOwnerId: string | null;
  equipmentOwner: string | null;
  applicationName: string | null;
  replies: ReplyRow[];
}
export type ReplyRow = typeof commentReplies.$inferSelect;

/** Comments joined to their station, its operator and owner, and their vendor; with `extra` columns. */
function withStation<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(comments)
    .innerJoin(resources, eq(resources.resourceId, comments.resourceId))
    .leftJoin(operators, eq(operators.operatorId, resources.operatorId))
    .leftJoin(equipmentOwners, eq(equipmentOwners.equipmentOwnerId, resources.equipmentOwnerId))
    .leftJoin(commentVendors, eq(commentVendors.applicationId, comments.applicationId));
}

async function attachReplies(db: DbOrTx, rows: Omit<CommentRow, 'replies'>[]): Promise<CommentRow[]> {
  const withReplies = rows.filter((r) => r.comment.replyNumber > 0).map((r) => r.comment.commentaryId);
  const replies = withReplies.length
    ? await db
        .select()
        .from(commentReplies)
        .where(inArray(commentReplies.commentaryId, withReplies))
        .orderBy(asc(commentReplies.replyId))
    : [];
  return rows.map((row) => ({
    ...row,
    replies: replies.filter((reply) => reply.commentaryId === row.comment.commentaryId),
  }));
}

/** The count of a filtered list (the whole list's total is kept instead). */
export const commentCountQuery = (db: DbOrTx, where: SQL) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(comments)
    .where(where);

export async function countComments(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await commentCountQuery(db, where);
  return row?.n ?? 0;
}

/**
 * One page of comments: its ids found on `comments` alone (its indexes, its offset), then only those rows
 * joined to their stations.
 */
export function commentPageQuery(
  db: DbOrTx,
  where: SQL,
  order: CommentOrder,
  page: { pageNo: number; pageSize: number },
) {
  const ids = db
    .select({ id: comments.commentaryId })
    .from(comments)
    .where(where)
    .orderBy(...orderBy(order))
    .limit(page.pageSize)
    .offset(pageOffset(page.pageNo, page.pageSize));
  return withStation(db)
    .where(inArray(comments.commentaryId, ids))
    .orderBy(...orderBy(order));
}

/** Whether the filter narrows the tenant's comments at all (the order does not). */
const narrows = ({ sort: _sort, ...filter }: CommentFilter): boolean =>
  Object.values(filter).some((value) => value !== undefined);

/** The tenant's number of comments, as the triggers on `comments` keep it. */
async function tenantTotal(db: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await db
    .select({ total: commentTotals.total })
    .from(commentTotals)
    .where(eq(commentTotals.tenant, tenant));
  return row?.total ?? 0;
}

/**
 * One page and the total; on PostgreSQL page and total run at once. The total of the whole list is kept,
 * not counted; a filtered one is counted.
 */
export async function listCommentPage(
  db: DbOrTx,
  tenant: Tenant,
  filter: CommentFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = commentWhere(tenant, filter);
  const [rows, total] = await Promise.all([
    commentPageQuery(db, where, commentOrder(filter.sort), page),
    narrows(filter) ? countComments(db, where) : tenantTotal(db, tenant),
  ]);
  return { rows: await attachReplies(db, rows), total };
}

/** Where an export batch ended: the sort value as the database prints it and the id. */
export interface CommentCursor {
  value: string;
  commentaryId: number;
}

function after({ column, direction }: CommentOrder, cursor: CommentCursor): SQL {
  const [bound, beyond, idBeyond] =
    direction === 'asc'
      ? [
          sql`${column} >= ${cursor.value}`,
          sql`${column} > ${cursor.value}`,
          sql`${comments.commentaryId} > ${cursor.commentaryId}`,
        ]
      : [
          sql`${column} <= ${cursor.value}`,
          sql`${column} < ${cursor.value}`,
          sql`${comments.commentaryId} < ${cursor.commentaryId}`,
        ];
  return and(bound, or(beyond, idBeyond))!;
}

/** One batch of an export, read by key so every batch costs the same. */
export async function exportCommentBatch(
  db: DbOrTx,
  where: SQL,
  order: CommentOrder,
  cursor: CommentCursor | null,
  size: number,
): Promise<{ rows: CommentRow[]; next: CommentCursor | null }> {
  const rows = await withStation(db, { cursorValue: sql<string>`${order.column}::text` })
    .where(and(where, cursor ? after(order, cursor) : undefined))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: await attachReplies(db, rows),
    next:
      last && rows.length === size
        ? { value: last.cursorValue, commentaryId: last.comment.commentaryId }
        : null,
  };
}

export async function findComment(
  db: DbOrTx,
  tenant: Tenant,
  commentaryId: number,
): Promise<CommentRow | undefined> {
  const rows = await withStation(db).where(
    and(eq(comments.tenant, tenant), eq(comments.commentaryId, commentaryId)),
  );
  return rows.length ? (await attachReplies(db, rows))[0] : undefined;
}

export type CommentFlag = 'top' | 'focused' | 'droppedByAdmin';

/**
 * Sets a flag on the tenant's comments of `ids` that do not have it yet, and answers those, so a batch
 * changes, records and counts each comment once however often it is asked.
 */
export async function setFlag(
  tx: DbOrTx,
  tenant: Tenant,
  ids: readonly number[],
  flag: CommentFlag,
  value: boolean,
): Promise<
  { commentaryId: number; resourceId: string; applicationId: string | null; externalId: string | null }[]
> {
  return tx
    .update(comments)
    .set({ [flag]: value, updatedAt: sql`now()` })
    .where(
      and(eq(comments.tenant, tenant), inArray(comments.commentaryId, [...ids]), ne(comments[flag], value)),
    )
    .returning({
      commentaryId: comments.commentaryId,
      resourceId: comments.resourceId,
      applicationId: comments.applicationId,
      externalId: comments.externalId,
    });
}

export async function existingIds(db: DbOrTx, tenant: Tenant, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: comments.commentaryId })
    .from(comments)
    .where(and(eq(comments.tenant, tenant), inArray(comments.commentaryId, [...ids])));
  return rows.map((r) => r.id);
}

export async function insertReply(
  tx: DbOrTx,
  reply: { commentaryId: number; text: string; userId: number | null; userName: string },
): Promise<ReplyRow | undefined> {
  const [row] = await tx.insert(commentReplies).values(reply).onConflictDoNothing().returning();
  if (row) {
    await tx
      .update(comments)
      .set({ replyNumber: sql`${comments.replyNumber} + 1`, updatedAt: sql`now()` })
      .where(eq(comments.commentaryId, reply.commentaryId));
  }
  return row;
}

/** A reply with the tenant of its comment, for the tenant check before an edit. */
export async function findReply(
  db: DbOrTx,
  replyId: number,
): Promise<
  (ReplyRow & { tenant: string; applicationId: string | null; externalId: string | null }) | undefined
> {
  const [row] = await db
    .select({
      reply: commentReplies,
      tenant: comments.tenant,
      applicationId: comments.applicationId,
      externalId: comments.externalId,
    })
    .from(commentReplies)
    .innerJoin(comments, eq(comments.commentaryId, commentReplies.commentaryId))
    .where(eq(commentReplies.replyId, replyId))
    .for('update', { of: commentReplies });
  return (
    row && { ...row.reply, tenant: row.tenant, applicationId: row.applicationId, externalId: row.externalId }
  );
}

export async function updateReply(
  tx: DbOrTx,
  replyId: number,
  change: { text: string; userId: number | null; userName: string },
): Promise<void> {
  await tx
    .update(commentReplies)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(commentReplies.replyId, replyId));
}
