import { and, eq, or, sql } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { PostMark } from '@cmp/domain/forum/forum-contracts';
import { auditHistory } from '../../platform/audit/audit-history.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';

export const FORUM_POST_ENTITY = 'forum_post';
export const FORUM_REPLY_ENTITY = 'forum_reply';
export const FORUM_WORD_ENTITY = 'forum_sensitive_word';

const MARK_ACTIONS = {
  'have-read': 'FORUM_POST_HAVE_READ',
  publish: 'FORUM_POST_PUBLISH',
  recommend: 'FORUM_POST_RECOMMEND',
  hide: 'FORUM_POST_HIDE',
} as const satisfies Record<PostMark, string>;

export const markAction = (mark: PostMark): string => MARK_ACTIONS[mark];

/** A post's operation history: the marks set on it and the hiding of its replies, newest first. */
export const forumOperations = auditHistory(({ tenant, postId }: { tenant: Tenant; postId: number }) =>
  and(
    eq(auditRecords.tenant, tenant),
    or(
      and(eq(auditRecords.entityType, FORUM_POST_ENTITY), eq(auditRecords.entityId, String(postId))),
      and(
        eq(auditRecords.entityType, FORUM_REPLY_ENTITY),
        sql`${auditRecords.extData}->>'postId' = ${String(postId)}`,
      ),
    ),
  ),
);
