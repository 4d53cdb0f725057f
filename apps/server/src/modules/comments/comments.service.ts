import { z } from 'zod';
import { Tenant as TenantSchema, type Page, type Tenant } from '@cmp/domain';
import {
  COMMENT_ACTION_FLAGS,
  type CommentAction,
  type CommentMarkAction,
} from '@cmp/domain/comments/comment-actions';
import {
  COMMENT_SCENES,
  COMMENT_STATES,
  commentState,
  overallLevel,
  type CommentUserType,
} from '@cmp/domain/comments/comment-codes';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import { maskMobile } from '@cmp/domain/accounts/mobile-mask';
import { asc, eq } from 'drizzle-orm';
import { commentVendors } from './comments.tables.js';
import {
  CommentFilterSchema,
  type Comment,
  type CommentEnvironment,
  type CommentListQuery,
  type CommentOperationPage,
  type CommentOperationQuery,
  type CommenterAccount,
  type CommentSummary,
  type OfficialReplyCreate,
  type OfficialReplyEdit,
} from '@cmp/domain/comments/comment-contracts';
import type { CommentCallbackEvent } from '@cmp/domain/comments/comment-ingest';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationListResourceType } from '@cmp/domain/stations/operation-list-item';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { regionLabel } from '../../platform/regions/region-data.js';
import { adjustStationCounters } from '../stations/station-directory.service.js';
import type { CommentCallbacks } from './comment-callbacks.service.js';
import { COMMENT_ENTITY, commentOperations } from './comment-operations.repo.js';
import * as summaries from './comment-summaries.repo.js';
import { COMMENT_LIST_EXPORT } from './comments.export.js';
import * as repo from './comments.repo.js';

/**
 * A station's overall score in a tenant: the average rating of the comments the app shows, one decimal
 * (null without any). The tag editor shows it beside the station's tags.
 */
export const stationOverallScore = (db: DbOrTx, tenant: Tenant, resourceId: string): Promise<number | null> =>
  summaries.overallScore(db, tenant, resourceId);

/** Who acts, and whether they may see mobile numbers whole (operators) or masked (viewers). */
export interface CommentReader {
  revealMobile: boolean;
}
export interface CommentActor {
  actor: Actor;
  displayName: string;
}

/** `13812345678` → `138****5678`; shorter numbers keep only their last two digits. */
export function toComment(row: repo.CommentRow, reader: CommentReader): Comment {
  const c = row.comment;
  return {
    commentaryId: c.commentaryId,
    rating: c.rating,
    commentaryTime: c.commentaryTime.getTime(),
    commentaryText: c.commentaryText,
    commentaryTag: c.commentaryTags,
    commentaryPicture: c.pictures,
    accountId: c.accountId,
    userName: c.userName,
    userNickname: c.userNickname,
    userMobile: reader.revealMobile ? c.userMobile : maskMobile(c.userMobile),
    userType: 'user',
    userRole: c.userRole as Comment['userRole'],
    client: c.client as Comment['client'],
    resourceId: c.resourceId,
    resourceName: row.resourceName,
    resourceType: row.resourceType as OperationListResourceType,
    regionId: row.regionId,
    region: regionLabel(row.regionId),
    address: row.address,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    equipmentOwnerId: row.equipmentOwnerId,
    equipmentOwner: row.equipmentOwner,
    chargeOrder: c.chargeOrder,
    chargeStationId: c.chargeStationId,
    scene: c.scene as Comment['scene'],
    quality: c.quality as Comment['quality'],
    thumbs: c.thumbs,
    state: commentState(c),
    top: c.top,
    focused: c.focused,
    droppedByAdmin: c.droppedByAdmin,
    droppedByUser: c.droppedByUser,
    accountCancellation: c.accountCancellation,
    appVisible: c.appVisible,
    highQualityRewardSuccess: c.highQualityRewardSuccess,
    detail: c.detail,
    remark: c.remark,
    chargingSpeed: c.chargingSpeed,
    vehicleName: c.vehicleName,
    replies: row.replies.map((r) => ({
      replyId: r.replyId,
      commentaryId: r.commentaryId,
      text: r.text,
      userType: r.userType as CommentUserType,
      userName: r.userName,
      createTime: r.createdAt.getTime(),
      updateTime: r.updatedAt.getTime(),
    })),
    replyNumber: c.replyNumber,
    sourceTenantId: c.tenant,
    applicationId: c.applicationId,
    applicationName: row.applicationName,
  };
}

/** The export's query: the list's filter with the tenant and the reader's right to see mobiles whole. */
export const CommentExportFilterSchema = CommentFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type CommentExportFilter = z.infer<typeof CommentExportFilterSchema>;

/** Which flag a marking action sets, and to what. */
function flagOf(action: CommentMarkAction): { flag: repo.CommentFlag; value: boolean } {
  const [flag, value] = Object.entries(COMMENT_ACTION_FLAGS[action])[0] as [repo.CommentFlag, boolean];
  return { flag, value };
}

/** What a vendor hears of: hiding and showing again, and the official reply. */
const CALLBACK_OF: Partial<Record<CommentAction, CommentCallbackEvent>> = {
  HIDE_COMMENT: 'comment_hidden',
  CANCEL_HIDE_COMMENT: 'comment_unhidden',
  CREATE_REPLY: 'reply_created',
  UPDATE_REPLY: 'reply_updated',
};

/** Where a commenter's account is read from (the accounts module). */
export interface AccountDirectory {
  find(
    tenant: Tenant,
    accountId: string,
  ): Promise<{ name: string | null; nickName: string | null; mobile: string | null } | undefined>;
}

/**
 * Comments of the tenant (their source tenant): the list, marks, official replies, their history (the
 * audit's records of comments) and what they say of a station and of a commenter.
 */
export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly callbacks: CommentCallbacks,
    private readonly accounts: AccountDirectory,
  ) {}

  async list(tenant: Tenant, query: CommentListQuery, reader: CommentReader): Promise<Page<Comment>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.commentList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: await this.items(page.rows, reader), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter, order and items, read batch by batch by key. */
  readonly export = listExport({
    list: 'comments.list',
    query: CommentExportFilterSchema,
    sheet: COMMENT_LIST_EXPORT,
    rows: repo.commentList,
    items: (rows, { revealMobile }) => this.items(rows, { revealMobile }),
  });

  /** The list's rows as comments, with their official replies. */
  private async items(rows: repo.CommentListRow[], reader: CommentReader): Promise<Comment[]> {
    return (await repo.attachReplies(this.db, rows)).map((row) => toComment(row, reader));
  }

  async get(
    tenant: Tenant,
    commentaryId: number,
    reader: CommentReader,
    db: DbOrTx = this.db,
  ): Promise<Comment> {
    const row = await repo.findComment(db, tenant, commentaryId);
    if (!row) throw AppError.notFound('comment', commentaryId);
    return toComment(row, reader);
  }

  async mark(
    tenant: Tenant,
    commentaryId: number,
    action: CommentMarkAction,
    acting: CommentActor,
    reader: CommentReader,
  ): Promise<Comment> {
    return this.db.transaction(async (tx) => {
      if ((await repo.existingIds(tx, tenant, [commentaryId])).length === 0) {
        throw AppError.notFound('comment', commentaryId);
      }
      await this.applyMark(tx, tenant, [commentaryId], action, acting);
      return this.get(tenant, commentaryId, reader, tx);
    });
  }

  /** Marks every listed comment of the tenant; unknown ids are refused before anything changes. */
  async batchMark(
    tenant: Tenant,
    commentaryIds: readonly number[],
    action: CommentMarkAction,
    acting: CommentActor,
  ): Promise<{ changed: number; unchanged: number }> {
    const ids = [...new Set(commentaryIds)];
    return this.db.transaction(async (tx) => {
      const known = new Set(await repo.existingIds(tx, tenant, ids));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw AppError.notFound('comments', unknown.join(', '));
      const changed = await this.applyMark(tx, tenant, ids, action, acting);
      return { changed, unchanged: ids.length - changed };
    });
  }

  /** Sets the action's flag where it is not set yet, records each change, counts focus, tells vendors. */
  private async applyMark(
    tx: Tx,
    tenant: Tenant,
    ids: readonly number[],
    action: CommentMarkAction,
    acting: CommentActor,
  ): Promise<number> {
    const { flag, value } = flagOf(action);
    const changed = await repo.setFlag(tx, tenant, ids, flag, value);
    for (const comment of changed) {
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: COMMENT_ENTITY,
        entityId: comment.commentaryId,
        action,
        before: { [flag]: !value },
        after: { [flag]: value },
        extData: { resource_id: comment.resourceId },
      });
      const event = CALLBACK_OF[action];
      if (event) await this.callbacks.queue(tx, tenant, acting.actor, comment, event, null);
    }
    if (flag === 'focused') {
      const perStation = new Map<string, number>();
      for (const { resourceId } of changed) perStation.set(resourceId, (perStation.get(resourceId) ?? 0) + 1);
      for (const [resourceId, n] of perStation) {
        await adjustStationCounters(tx, resourceId, { focusedCommentaryNumber: value ? n : -n });
      }
    }
    return changed.length;
  }

  async reply(
    tenant: Tenant,
    input: OfficialReplyCreate,
    acting: CommentActor,
    reader: CommentReader,
  ): Promise<Comment> {
    return this.db.transaction(async (tx) => {
      const comment = await repo.findComment(tx, tenant, input.commentaryId);
      if (!comment) throw AppError.notFound('comment', input.commentaryId);
      const reply = await repo.insertReply(tx, {
        commentaryId: input.commentaryId,
        text: input.text,
        userId: acting.actor.userId,
        userName: acting.displayName,
      });
      if (!reply) throw new RuleError(ruleMessage('comment.replyExists'));
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: COMMENT_ENTITY,
        entityId: input.commentaryId,
        action: 'CREATE_REPLY',
        before: null,
        after: { text: reply.text },
        extData: { reply_id: reply.replyId },
      });
      await this.callbacks.queue(tx, tenant, acting.actor, comment.comment, 'reply_created', reply);
      return this.get(tenant, input.commentaryId, reader, tx);
    });
  }

  async editReply(
    tenant: Tenant,
    replyId: number,
    input: OfficialReplyEdit,
    acting: CommentActor,
    reader: CommentReader,
  ): Promise<Comment> {
    return this.db.transaction(async (tx) => {
      const reply = await repo.findReply(tx, replyId);
      if (!reply || reply.tenant !== tenant) throw AppError.notFound('reply', replyId);
      if (reply.text !== input.text) {
        await repo.updateReply(tx, replyId, {
          text: input.text,
          userId: acting.actor.userId,
          userName: acting.displayName,
        });
        await writeAudit(tx, {
          actor: acting.actor,
          tenant,
          entityType: COMMENT_ENTITY,
          entityId: reply.commentaryId,
          action: 'UPDATE_REPLY',
          before: { text: reply.text },
          after: { text: input.text },
          extData: { reply_id: replyId },
        });
        await this.callbacks.queue(
          tx,
          tenant,
          acting.actor,
          {
            commentaryId: reply.commentaryId,
            applicationId: reply.applicationId,
            externalId: reply.externalId,
          },
          'reply_updated',
          { replyId, text: input.text },
        );
      }
      return this.get(tenant, reply.commentaryId, reader, tx);
    });
  }

  async operations(tenant: Tenant, query: CommentOperationQuery): Promise<CommentOperationPage> {
    const { pageNo, pageSize, lastRecordId, ...filter } = query;
    const { rows, total, next } = await commentOperations.page(
      this.db,
      { ...filter, tenant },
      { pageNo, pageSize, lastRecordId },
    );
    return {
      items: rows.map((r) => ({
        recordId: r.id,
        commentaryId: Number(r.entityId),
        action: r.action as CommentAction,
        userId: r.actorUserId,
        userName: r.actorUserName,
        userType: r.actorType as CommentUserType,
        operationTime: r.occurredAt.getTime(),
        before: (r.before as Record<string, unknown> | null) ?? null,
        after: (r.after as Record<string, unknown> | null) ?? null,
      })),
      total,
      lastRecordId: next,
    };
  }

  /** The account's own names and mobile when the tenant's accounts know it; else what its comments say. */
  async commenter(tenant: Tenant, accountId: string, reader: CommentReader): Promise<CommenterAccount> {
    const [found, account] = await Promise.all([
      summaries.commenterOf(this.db, tenant, accountId),
      this.accounts.find(tenant, accountId),
    ]);
    if (!found) throw AppError.notFound('commenter account', accountId);
    const userMobile = account?.mobile ?? found.userMobile;
    return {
      accountId,
      userName: account?.name ?? found.userName,
      userNickname: account?.nickName ?? found.userNickname,
      userMobile: reader.revealMobile ? userMobile : maskMobile(userMobile),
      userRole: found.userRole as CommenterAccount['userRole'],
      client: found.client as CommenterAccount['client'],
      commentCount: found.commentCount,
      hiddenCount: found.hiddenCount,
      averageRating: found.averageRating,
      firstCommentTime: found.firstCommentTime.getTime(),
      lastCommentTime: found.lastCommentTime.getTime(),
    };
  }

  async environment(tenant: Tenant): Promise<CommentEnvironment> {
    const vendors = await this.db
      .select({
        applicationId: commentVendors.applicationId,
        applicationName: commentVendors.applicationName,
        sourceId: commentVendors.sourceId,
      })
      .from(commentVendors)
      .where(eq(commentVendors.tenant, tenant))
      .orderBy(asc(commentVendors.applicationName));
    return { clients: [...CLIENT_CODES], scenes: [...COMMENT_SCENES], states: [...COMMENT_STATES], vendors };
  }

  async summary(tenant: Tenant, resourceId: string): Promise<CommentSummary> {
    const [scores, tags, overall, notShown] = await Promise.all([
      summaries.sceneScores(this.db, tenant, resourceId),
      summaries.sceneTags(this.db, tenant, resourceId),
      summaries.overallScore(this.db, tenant, resourceId),
      summaries.notShownCount(this.db, tenant, resourceId),
    ]);
    return {
      resourceId,
      overallScore: overall,
      overallLevel: overall === null ? null : overallLevel(overall),
      times: scores.reduce((sum, s) => sum + s.times, 0),
      notShown,
      scenes: scores.map((s) => ({
        sceneName: s.scene as CommentSummary['scenes'][number]['sceneName'],
        averageScore: s.averageScore,
        times: s.times,
        tags: tags
          .filter((t) => t.scene === s.scene)
          .map((t) => ({ id: t.tag, name: t.tag, amount: t.amount })),
      })),
    };
  }
}
