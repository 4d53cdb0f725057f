import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { CommentCallbackSchema, type CommentCallbackEvent } from '@cmp/domain/comments/comment-ingest';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { defineJobKind } from '../../platform/jobs/job-kind.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { portalSigningKey } from '../../platform/signed-clients/client-registry.js';
import { postSignedCallback } from '../../platform/signed-clients/signed-callbacks.js';
import { commentVendors } from './comments.tables.js';

export const COMMENT_CALLBACK_JOB = 'comment-callback';
/** With the runner's backoff (1 s doubling to a minute) this keeps calling for about half an hour. */
const CALLBACK_ATTEMPTS = 36;

const CallbackParams = z.object({ callback: CommentCallbackSchema });

/**
 * Tells a vendor what staff did to one of its comments: a durable job that POSTs the signed callback
 * and is tried again, with the runner's backoff, until the vendor answers 2xx. The URL and state are
 * the vendor's at the time of the call, so a corrected URL serves the retries still queued.
 */
export const commentCallbackJobKind = (db: Db) =>
  defineJobKind<z.infer<typeof CallbackParams>, null>({
    kind: COMMENT_CALLBACK_JOB,
    params: CallbackParams,
    maxAttempts: CALLBACK_ATTEMPTS,
    // A vendor that never answers holds one slot for its own callbacks, never the other vendors' or jobs'.
    concurrency: 2,
    concurrencyKey: ['callback', 'applicationId'],
    // A comment's events reach its vendor in the order staff acted, a retried one before any later one.
    orderKey: ['callback', 'commentaryId'],
    step: async ({ params: { callback } }) => {
      const [vendor] = await db
        .select()
        .from(commentVendors)
        .where(eq(commentVendors.applicationId, callback.applicationId));
      if (!vendor?.callbackUrl || vendor.state !== 'enabled') {
        return {
          result: { counts: { calls: 0 }, files: [] },
          message: 'the vendor has no callback URL or is disabled',
        };
      }
      const status = await postSignedCallback(await portalSigningKey(db), vendor.callbackUrl, callback);
      if (status < 200 || status > 299) throw new Error(`the vendor's callback answered ${status}`);
      return { result: { counts: { calls: 1 }, files: [] }, message: `the vendor answered ${status}` };
    },
  });

export class CommentCallbacks {
  constructor(private readonly jobs: Jobs) {}

  /** Queues the callback in the change's transaction, for comments a vendor sent (none for others). */
  async queue(
    tx: DbOrTx,
    tenant: Tenant,
    actor: Actor,
    comment: { commentaryId: number; applicationId: string | null; externalId: string | null },
    event: CommentCallbackEvent,
    reply: { replyId: number; text: string } | null,
  ): Promise<void> {
    if (!comment.applicationId || !comment.externalId || actor.userId === null) return;
    await this.jobs.enqueue(
      {
        kind: COMMENT_CALLBACK_JOB,
        tenant,
        createdBy: { userId: actor.userId, userName: actor.userName ?? '' },
        params: {
          callback: {
            event,
            applicationId: comment.applicationId,
            externalId: comment.externalId,
            commentaryId: comment.commentaryId,
            reply: reply && { replyId: reply.replyId, text: reply.text },
            occurredAt: Date.now(),
          },
        },
      },
      tx,
    );
  }
}
