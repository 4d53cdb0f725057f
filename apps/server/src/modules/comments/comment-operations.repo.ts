import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type Tenant } from '@cmp/domain';
import { COMMENT_ACTIONS } from '@cmp/domain/comments/comment-actions';
import type { CommentOperationQuery } from '@cmp/domain/comments/comment-contracts';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import type { DbOrTx } from '../../platform/db/database.js';

/** Comment operation records are the audit's records of comments (entity `comment`) of the tenant. */
export const COMMENT_ENTITY = 'comment';

function operationWhere(tenant: Tenant, q: CommentOperationQuery): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(auditRecords.entityType, COMMENT_ENTITY),
    eq(auditRecords.tenant, tenant),
    inArray(auditRecords.action, q.actions?.length ? q.actions : [...COMMENT_ACTIONS]),
  ];
  if (q.commentaryId !== undefined) conditions.push(eq(auditRecords.entityId, String(q.commentaryId)));
  if (q.userId !== undefined) conditions.push(eq(auditRecords.actorUserId, q.userId));
  if (q.userType) conditions.push(eq(auditRecords.actorType, q.userType));
  if (q.operationTimeBegin !== undefined) {
    conditions.push(gte(auditRecords.occurredAt, new Date(q.operationTimeBegin)));
  }
  if (q.operationTimeEnd !== undefined) {
    conditions.push(lt(auditRecords.occurredAt, new Date(q.operationTimeEnd + 1)));
  }
  return and(...conditions)!;
}

/**
 * Newest first. With `lastRecordId` the page continues after that record whatever `pageNo` says (a
 * cursor stays right while new records arrive); without it `pageNo` pages by offset.
 */
export async function listCommentOperations(db: DbOrTx, tenant: Tenant, q: CommentOperationQuery) {
  const where = operationWhere(tenant, q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditRecords)
      .where(q.lastRecordId !== undefined ? and(where, lt(auditRecords.id, q.lastRecordId)) : where)
      .orderBy(desc(auditRecords.id))
      .limit(q.pageSize)
      .offset(q.lastRecordId !== undefined ? 0 : pageOffset(q.pageNo, q.pageSize)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditRecords)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
