import { and, asc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_COMMENT_SORT,
  type COMMENT_SORTABLE,
  type CommentFilter,
} from '@cmp/domain/comments/comment-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, narrows } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { regionCondition } from '../../platform/regions/region-condition.js';
import { equipmentOwnerNames, operatorNames } from '../operators/operators.views.js';
import { stationDirectory } from '../stations/stations.views.js';
import { commentReplies, comments, commentTotals, commentVendors } from './comments.tables.js';

/** The comment list's filter in one tenant (and, for its export, whether mobiles show whole). */
export type CommentListFilter = Omit<CommentFilter, 'sort'> & { tenant: Tenant; revealMobile?: boolean };

/** What scopes the list without narrowing it: the tenant's kept total answers for it. */
const SCOPE = ['tenant', 'revealMobile'];

/**
 * The list's conditions, all on `comments`: the station's fields through one id subquery on the stations'
 * directory, so the count needs no join.
 */
export function commentWhere({ tenant, ...f }: CommentListFilter): SQL {
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
  if (f.chargeStationOperatorId) station.push(eq(stationDirectory.operatorId, f.chargeStationOperatorId));
  if (f.equipmentOwnerId) station.push(eq(stationDirectory.equipmentOwnerId, f.equipmentOwnerId));
  if (f.chargeStationRegionId) station.push(regionCondition(stationDirectory, f.chargeStationRegionId));
  if (f.chargeStationAddress) station.push(contains(stationDirectory.address, f.chargeStationAddress));
  if (f.chargeStationDescription) {
    station.push(contains(stationDirectory.description, f.chargeStationDescription));
  }
  if (station.length > 0) {
    conditions.push(
      inArray(
        comments.resourceId,
        sql`(select ${stationDirectory.resourceId} from ${stationDirectory} where ${and(...station)})`,
      ),
    );
  }
  return and(...conditions)!;
}

const rowSelection = {
  comment: comments,
  resourceName: stationDirectory.resourceName,
  resourceType: stationDirectory.resourceType,
  regionId: stationDirectory.regionId,
  address: stationDirectory.address,
  operatorId: stationDirectory.operatorId,
  operatorName: operatorNames.operatorName,
  equipmentOwnerId: stationDirectory.equipmentOwnerId,
  equipmentOwner: equipmentOwnerNames.equipmentOwnerName,
  applicationName: commentVendors.applicationName,
};

/** A comment as the list reads it, before its replies are attached. */
export interface CommentListRow {
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
}
export type CommentRow = CommentListRow & { replies: ReplyRow[] };
export type ReplyRow = typeof commentReplies.$inferSelect;

/** Comments joined to their station, its operator and owner, and their vendor; with `extra` columns. */
function withStation<E extends SelectedFields>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowSelection, ...extra })
    .from(comments)
    .innerJoin(stationDirectory, eq(stationDirectory.resourceId, comments.resourceId))
    .leftJoin(operatorNames, eq(operatorNames.operatorId, stationDirectory.operatorId))
    .leftJoin(
      equipmentOwnerNames,
      eq(equipmentOwnerNames.equipmentOwnerId, stationDirectory.equipmentOwnerId),
    )
    .leftJoin(commentVendors, eq(commentVendors.applicationId, comments.applicationId));
}

/** The rows with their official replies, read at once for all of them. */
export async function attachReplies(db: DbOrTx, rows: CommentListRow[]): Promise<CommentRow[]> {
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

/** The tenant's number of comments, as the triggers on `comments` keep it. */
async function tenantTotal(db: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await db
    .select({ total: commentTotals.total })
    .from(commentTotals)
    .where(eq(commentTotals.tenant, tenant));
  return row?.total ?? 0;
}

/**
 * The comment list of a tenant, newest first. Its indexes are built `.desc()` (DESC NULLS LAST): a plain
 * DESC means NULLS FIRST, which no index matches, and every page would then sort the tenant's whole table
 * (134 ms at 1,000,000 comments, against 3.4 ms). The total of the whole list is kept, not counted.
 */
export const commentList = defineList({
  table: comments,
  id: comments.commentaryId,
  sort: {
    keys: {
      commentaryTime: comments.commentaryTime,
      rating: comments.rating,
      replyNumber: comments.replyNumber,
      thumbs: comments.thumbs,
    } satisfies Record<(typeof COMMENT_SORTABLE)[number], AnyPgColumn>,
    default: DEFAULT_COMMENT_SORT,
    nulls: 'low',
  },
  where: commentWhere,
  select: (db, cursor) => withStation(db, cursor).$dynamic(),
  keptTotal: (db, filter) => (narrows(filter, SCOPE) ? undefined : tenantTotal(db, filter.tenant)),
});

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
