import { and, eq, inArray } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { COMMENT_ACTIONS } from '@cmp/domain/comments/comment-actions';
import { auditHistory, historyConditions, type HistoryFilter } from '../../platform/audit/audit-history.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';

/** Comment operation records are the audit's records of comments (entity `comment`) of the tenant. */
export const COMMENT_ENTITY = 'comment';

/** The operations of the tenant's comments (or of one), as the history filter narrows them. */
export type CommentOperationFilter = HistoryFilter & { tenant: Tenant; commentaryId?: number };

export const commentOperations = auditHistory(
  ({ tenant, commentaryId, actions, ...filter }: CommentOperationFilter) =>
    and(
      eq(auditRecords.entityType, COMMENT_ENTITY),
      eq(auditRecords.tenant, tenant),
      commentaryId !== undefined ? eq(auditRecords.entityId, String(commentaryId)) : undefined,
      // Only the comment actions, unless some are asked for.
      actions?.length ? undefined : inArray(auditRecords.action, [...COMMENT_ACTIONS]),
      ...historyConditions({ ...filter, actions }),
    ),
);
