import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  ForumPostFilterSchema,
  ForumReplyFilterSchema,
  PUBLIC_POST_REPLIES,
  SensitiveWordFilterSchema,
  type AppIntakeResult,
  type AppPost,
  type AppPostCreateFields,
  type AppPostListQuery,
  type AppReply,
  type AppReplyCreateFields,
  type BulkResult,
  type Flag,
  type ForumAccount,
  type ForumOperation,
  type ForumPost,
  type ForumPostDetail,
  type ForumPostListQuery,
  type ForumPostPage,
  type ForumReply,
  type ForumReplyListQuery,
  type ForumReplyPage,
  type MatchRule,
  type PostMark,
  type PostType,
  type PublicPost,
  type ReplyLevel,
  type SensitiveWord,
  type SensitiveWordListQuery,
  type SensitiveWordPage,
  type SensitiveWordRule,
} from '@cmp/domain/forum/forum-contracts';
import { articleText, parseArticle } from '@cmp/domain/forum/post-content';
import { splitIllegalWords } from '@cmp/domain/forum/sensitive-word-matcher';
import { ruleMessage } from '@cmp/domain/messages/format';
import type { Page } from '@cmp/domain/platform/paging';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { writeAudit, writeAudits, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { FORUM_POST_EXPORT, FORUM_REPLY_EXPORT, SENSITIVE_WORD_EXPORT } from './forum.export.js';
import {
  forumOperations,
  markAction,
  FORUM_POST_ENTITY,
  FORUM_REPLY_ENTITY,
  FORUM_WORD_ENTITY,
} from './forum-operations.js';
import type { SensitiveWordIndex } from './sensitive-word-index.js';
import * as repo from './forum.repo.js';

/** Who reads a list: operators see mobiles whole, viewers masked (platform/auth/mobile-reveal.ts). */
export interface ForumReader {
  revealMobile: boolean;
  actor: Actor;
}

export const ForumPostExportFilterSchema = ForumPostFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type ForumPostExportFilter = z.infer<typeof ForumPostExportFilterSchema>;
export const ForumReplyExportFilterSchema = ForumReplyFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type ForumReplyExportFilter = z.infer<typeof ForumReplyExportFilterSchema>;
export const SensitiveWordExportFilterSchema = SensitiveWordFilterSchema.extend({ tenant: TenantSchema });

const flagOf = (value: number): Flag => (value === 1 ? 1 : 0);

const account = (
  accountId: string,
  mobile: string | null,
  nickname: string | null,
  reveal: boolean,
): ForumAccount => ({
  accountId,
  mobile: mobileFor(mobile, reveal),
  nickname,
});

function toPost(row: repo.PostNamedRow, reveal: boolean): ForumPost {
  const { post } = row;
  return {
    postId: post.postId,
    postType: post.postType as PostType,
    postTopic: post.postTopic,
    topicTitle: post.topicTitle,
    title: post.title,
    postContent: post.postContent,
    publicTime: post.publicTime.getTime(),
    imageList: post.imageList,
    videos: post.videos,
    docs: post.docs,
    publicStatus: flagOf(post.publicStatus),
    portalHaveRead: flagOf(post.portalHaveRead),
    recommendation: flagOf(post.recommendation),
    selfPrivate: flagOf(post.selfPrivate),
    portalHidden: flagOf(post.portalHidden),
    replyCount: post.replyCount,
    thumbCount: post.thumbCount,
    illegalWords: post.illegalWords,
    illegalWordArr: splitIllegalWords(post.illegalWords),
    account: account(post.accountId, row.mobile, row.nickname, reveal),
    version: post.version,
  };
}

function toReply(row: repo.ReplyNamedRow, reveal: boolean): ForumReply {
  const { reply } = row;
  return {
    replyId: reply.replyId,
    replyLevel: reply.replyLevel as ReplyLevel,
    postId: reply.postId,
    postTitle: row.postTitle,
    parentReplyId: reply.parentReplyId,
    replyTime: reply.replyTime.getTime(),
    replyContent: reply.replyContent,
    replyText: reply.replyContent,
    portalHaveRead: flagOf(reply.portalHaveRead),
    selfPrivate: flagOf(reply.selfPrivate),
    portalHidden: flagOf(reply.portalHidden),
    illegalWords: reply.illegalWords,
    illegalWordArr: splitIllegalWords(reply.illegalWords),
    fromAccount: account(reply.fromAccountId, row.fromMobile, row.fromNickname, reveal),
    toAccount: reply.toAccountId ? account(reply.toAccountId, row.toMobile, row.toNickname, reveal) : null,
    accountId: reply.fromAccountId,
    replySource: reply.replySource,
    replyPicture: reply.replyPicture,
  };
}

const toWord = (row: repo.SensitiveWordRow): SensitiveWord => ({
  wordId: row.wordId,
  word: row.word,
  createdBy: row.createdBy,
  createdAt: row.createdAt.getTime(),
});

const postNotFound = (postId: number) =>
  new AppError(
    404,
    'forum_post_not_found',
    'forum.postNotFound',
    undefined,
    undefined,
    ruleMessage('forum.postNotFound', { postId }),
  );
const replyNotFound = (replyId: number) =>
  new AppError(
    404,
    'forum_reply_not_found',
    'forum.replyNotFound',
    undefined,
    undefined,
    ruleMessage('forum.replyNotFound', { replyId }),
  );

/**
 * The forum (marketing spec §3 "Forum", §4, §7): posts, replies and thumbs entered by the apps' back end,
 * each post and reply matched against the tenant's sensitive words on intake (its rule holding or only
 * flagging what matches); staff lists, detail and the moderation marks, one at a time or on a selection,
 * each audited; the apps' read of what moderation allows.
 */
export class ForumService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
    private readonly words: SensitiveWordIndex,
  ) {}

  // Staff: posts.

  async posts(tenant: Tenant, query: ForumPostListQuery, reader: ForumReader): Promise<ForumPostPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.postList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    if (reader.revealMobile && filter.postUserMobile) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: 'forum.posts',
        query: { postUserMobile: filter.postUserMobile },
        accountIds: [...new Set(page.rows.map((row) => row.post.accountId))],
      });
    }
    return { items: page.rows.map((row) => toPost(row, reader.revealMobile)), total: page.total };
  }

  readonly exportPosts = listExport({
    list: 'forum.posts',
    query: ForumPostExportFilterSchema,
    sheet: FORUM_POST_EXPORT,
    rows: repo.postList,
    items: (rows, query) => rows.map((row) => toPost(row, query.revealMobile)),
  });

  async post(tenant: Tenant, postId: number, reader: ForumReader): Promise<ForumPostDetail> {
    const row = await repo.findPost(this.db, tenant, postId);
    if (!row) throw postNotFound(postId);
    const post = toPost(row, reader.revealMobile);
    return { ...post, article: post.postType === 1 ? parseArticle(post.postContent) : null };
  }

  async operations(tenant: Tenant, postId: number): Promise<{ items: ForumOperation[] }> {
    if (!(await repo.findPost(this.db, tenant, postId))) throw postNotFound(postId);
    const page = await forumOperations.page(this.db, { tenant, postId }, { pageNo: 1, pageSize: 100 });
    return {
      items: page.rows.map((record) => {
        const after = record.after as { flag?: number } | null;
        const ext = record.extData as { bulk?: boolean } | null;
        return {
          recordId: record.id,
          action: record.action,
          flag: after?.flag === undefined ? null : flagOf(after.flag),
          bulk: ext?.bulk === true,
          operator: record.actorUserName,
          operatedAt: record.occurredAt.getTime(),
        };
      }),
    };
  }

  /** One mark on one post (spec `{postId}/{flag}`); the post as it is after. */
  async markPost(
    tenant: Tenant,
    postId: number,
    mark: PostMark,
    flag: Flag,
    actor: Actor,
    reader: ForumReader,
  ): Promise<ForumPost> {
    await this.db.transaction(async (tx) => {
      const [stored] = await repo.lockPosts(tx, tenant, [postId]);
      if (!stored) throw postNotFound(postId);
      const changed = await repo.markPosts(tx, [postId], mark, flag);
      if (changed.length > 0) {
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: FORUM_POST_ENTITY,
          entityId: String(postId),
          action: markAction(mark),
          before: { flag: stored[repo.MARK_COLUMNS[mark]] },
          after: { flag },
        });
      }
    });
    const row = await repo.findPost(this.db, tenant, postId);
    return toPost(row!, reader.revealMobile);
  }

  /** One mark on a selection: all of the posts exist in the tenant (404 naming the first that does not). */
  async markPosts(
    tenant: Tenant,
    postIds: readonly number[],
    mark: PostMark,
    flag: Flag,
    actor: Actor,
  ): Promise<BulkResult> {
    const ids = [...new Set(postIds)];
    return this.db.transaction(async (tx) => {
      const stored = await repo.lockPosts(tx, tenant, ids);
      const missing = ids.find((id) => !stored.some((row) => row.postId === id));
      if (missing !== undefined) throw postNotFound(missing);
      const changed = await repo.markPosts(tx, ids, mark, flag);
      await writeAudits(
        tx,
        changed.map((postId) => ({
          actor,
          tenant,
          entityType: FORUM_POST_ENTITY,
          entityId: String(postId),
          action: markAction(mark),
          before: { flag: 1 - flag },
          after: { flag },
          extData: { bulk: true, selection: ids.length },
        })),
      );
      return { changed: changed.length, unchanged: ids.length - changed.length };
    });
  }

  // Staff: replies.

  async replies(tenant: Tenant, query: ForumReplyListQuery, reader: ForumReader): Promise<ForumReplyPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.replyList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    if (reader.revealMobile && (filter.replyFromMobile || filter.replyToMobile)) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: 'forum.replies',
        query: { replyFromMobile: filter.replyFromMobile, replyToMobile: filter.replyToMobile },
        accountIds: [
          ...new Set(
            page.rows.flatMap((row) => [row.reply.fromAccountId, row.reply.toAccountId ?? []].flat()),
          ),
        ],
      });
    }
    return { items: page.rows.map((row) => toReply(row, reader.revealMobile)), total: page.total };
  }

  readonly exportReplies = listExport({
    list: 'forum.replies',
    query: ForumReplyExportFilterSchema,
    sheet: FORUM_REPLY_EXPORT,
    rows: repo.replyList,
    items: (rows, query) => rows.map((row) => toReply(row, query.revealMobile)),
  });

  /** Hides (1) or shows again (0) replies; each changed one audited on its reply and on its post. */
  async hideReplies(
    tenant: Tenant,
    replyIds: readonly number[],
    flag: Flag,
    actor: Actor,
    bulk: boolean,
  ): Promise<BulkResult> {
    const ids = [...new Set(replyIds)];
    return this.db.transaction(async (tx) => {
      const existing = await repo.existingReplies(tx, tenant, ids);
      const missing = ids.find((id) => !existing.includes(id));
      if (missing !== undefined) throw replyNotFound(missing);
      const changed = await repo.hideReplies(tx, tenant, ids, flag);
      await writeAudits(
        tx,
        changed.map(({ replyId, postId }) => ({
          actor,
          tenant,
          entityType: FORUM_REPLY_ENTITY,
          entityId: String(replyId),
          action: 'FORUM_REPLY_HIDE',
          before: { flag: 1 - flag },
          after: { flag },
          extData: { postId, bulk, ...(bulk ? { selection: ids.length } : {}) },
        })),
      );
      return { changed: changed.length, unchanged: ids.length - changed.length };
    });
  }

  async reply(tenant: Tenant, replyId: number, reader: ForumReader): Promise<ForumReply> {
    const page = await repo.replyList.page(this.db, { tenant, replyId }, { pageNo: 1, pageSize: 1 });
    const row = page.rows[0];
    if (!row) throw replyNotFound(replyId);
    return toReply(row, reader.revealMobile);
  }

  // Staff: sensitive words.

  async sensitiveWords(tenant: Tenant, query: SensitiveWordListQuery): Promise<SensitiveWordPage> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.sensitiveWordList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map((row) => toWord(row.word)), total: page.total };
  }

  readonly exportWords = listExport({
    list: 'forum.sensitive-words',
    query: SensitiveWordExportFilterSchema,
    sheet: SENSITIVE_WORD_EXPORT,
    rows: repo.sensitiveWordList,
    items: (rows) => rows.map((row) => toWord(row.word)),
  });

  async addWord(tenant: Tenant, word: string, actor: Actor): Promise<SensitiveWord> {
    const added = await this.db.transaction(async (tx) => {
      const [row] = await repo.insertWords(tx, tenant, [word], actor.userName);
      if (!row) throw AppError.conflict(ruleMessage('forum.wordTaken', { word }));
      await repo.bumpWordsVersion(tx, tenant);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: FORUM_WORD_ENTITY,
        entityId: String(row.wordId),
        action: 'FORUM_WORD_ADD',
        after: { word },
      });
      return row;
    });
    await this.words.changed(tenant);
    return toWord(added);
  }

  async addWords(
    tenant: Tenant,
    words: readonly string[],
    actor: Actor,
  ): Promise<{ added: number; existing: number }> {
    const distinct = [...new Map(words.map((w) => [w.toLowerCase(), w])).values()];
    const added = await this.db.transaction(async (tx) => {
      const rows = await repo.insertWords(tx, tenant, distinct, actor.userName);
      if (rows.length === 0) return rows;
      await repo.bumpWordsVersion(tx, tenant);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: FORUM_WORD_ENTITY,
        entityId: `${rows.length} words`,
        action: 'FORUM_WORD_BULK_ADD',
        after: { words: rows.slice(0, 100).map((row) => row.word), count: rows.length },
      });
      return rows;
    });
    if (added.length > 0) await this.words.changed(tenant);
    return { added: added.length, existing: words.length - added.length };
  }

  async deleteWord(tenant: Tenant, wordId: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteWord(tx, tenant, wordId);
      if (!row) {
        throw new AppError(
          404,
          'forum_word_not_found',
          'forum.wordNotFound',
          undefined,
          undefined,
          ruleMessage('forum.wordNotFound', { wordId }),
        );
      }
      await repo.bumpWordsVersion(tx, tenant);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: FORUM_WORD_ENTITY,
        entityId: String(wordId),
        action: 'FORUM_WORD_DELETE',
        before: { word: row.word },
      });
    });
    await this.words.changed(tenant);
  }

  async rule(tenant: Tenant): Promise<SensitiveWordRule> {
    const [settings, words] = await Promise.all([
      repo.settingsOf(this.db, tenant),
      repo.countWords(this.db, tenant),
    ]);
    return {
      matchRule: (settings?.matchRule ?? 'flag') as MatchRule,
      words,
      updatedBy: settings?.updatedBy ?? null,
      updatedAt: settings?.updatedBy ? settings.updatedAt.getTime() : null,
    };
  }

  async changeRule(tenant: Tenant, matchRule: MatchRule, actor: Actor): Promise<SensitiveWordRule> {
    await this.db.transaction(async (tx) => {
      const before = await repo.settingsOf(tx, tenant);
      await repo.saveMatchRule(tx, tenant, matchRule, actor.userName);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: FORUM_WORD_ENTITY,
        entityId: 'rule',
        action: 'FORUM_RULE_CHANGE',
        before: { matchRule: before?.matchRule ?? 'flag' },
        after: { matchRule },
      });
    });
    return this.rule(tenant);
  }

  // The apps' back end: intake.

  private async assertAccount(tenant: Tenant, accountId: string): Promise<void> {
    const found = await this.accounts.find(tenant, accountId);
    if (!found || found.isDelete) {
      throw new AppError(
        422,
        'user_not_found',
        'forum.unknownAccount',
        undefined,
        undefined,
        ruleMessage('forum.unknownAccount', { accountId }),
      );
    }
  }

  /** The words of the text the tenant's list holds, and whether its rule lets the text be shown. */
  private async screen(tenant: Tenant, text: string): Promise<{ found: string[]; shown: boolean }> {
    const { rule, matcher } = await this.words.current(this.db, tenant);
    const found = matcher.find(text);
    return { found, shown: found.length === 0 || rule === 'flag' };
  }

  async createPost(tenant: Tenant, fields: AppPostCreateFields): Promise<AppIntakeResult> {
    await this.assertAccount(tenant, fields.accountId);
    const isArticle = typeof fields.postContent !== 'string';
    const body =
      typeof fields.postContent === 'string' ? fields.postContent : articleText(fields.postContent);
    const plainText = [fields.title, body].filter(Boolean).join('\n');
    const { found, shown } = await this.screen(
      tenant,
      [fields.topicTitle, plainText].filter(Boolean).join('\n'),
    );
    const row = await repo.insertPost(this.db, {
      tenant,
      accountId: fields.accountId,
      postType: fields.postType,
      postTopic: fields.postTopic ?? null,
      topicTitle: fields.topicTitle ?? null,
      title: fields.title ?? null,
      postContent: isArticle ? JSON.stringify(fields.postContent) : (fields.postContent as string),
      plainText,
      imageList: fields.imageList,
      videos: fields.videos,
      docs: fields.docs,
      selfPrivate: fields.selfPrivate,
      publicStatus: shown ? 1 : 0,
      illegalWords: found.length > 0 ? found.join(',') : null,
    });
    return { id: row.postId, illegalWordArr: found, shown };
  }

  async createReply(tenant: Tenant, postId: number, fields: AppReplyCreateFields): Promise<AppIntakeResult> {
    await this.assertAccount(tenant, fields.accountId);
    const post = await repo.findPost(this.db, tenant, postId);
    if (!post) throw postNotFound(postId);
    let toAccountId: string | null = null;
    if (fields.parentReplyId !== undefined) {
      const parent = await repo.findReply(this.db, tenant, fields.parentReplyId);
      if (!parent || parent.postId !== postId) throw replyNotFound(fields.parentReplyId);
      toAccountId = fields.toAccount ?? parent.fromAccountId;
      if (fields.toAccount) await this.assertAccount(tenant, fields.toAccount);
    } else if (fields.toAccount) {
      throw new AppError(
        422,
        'forum_reply_target',
        'forum.toAccountNeedsParent',
        undefined,
        undefined,
        ruleMessage('forum.toAccountNeedsParent'),
      );
    }
    const { found, shown } = await this.screen(tenant, fields.replyContent);
    const row = await this.db.transaction(async (tx) => {
      const reply = await repo.insertReply(tx, {
        tenant,
        postId,
        replyLevel: toAccountId === null ? 1 : 2,
        parentReplyId: fields.parentReplyId ?? null,
        fromAccountId: fields.accountId,
        toAccountId,
        replyContent: fields.replyContent,
        replyPicture: fields.replyPicture ?? null,
        replySource: fields.replySource ?? null,
        selfPrivate: fields.selfPrivate,
        // A reply held for review waits hidden: staff show it with hide-reply/{replyId}/0.
        portalHidden: shown ? 0 : 1,
        illegalWords: found.length > 0 ? found.join(',') : null,
      });
      await repo.addReplyCount(tx, postId);
      return reply;
    });
    return { id: row.replyId, illegalWordArr: found, shown };
  }

  async thumb(tenant: Tenant, postId: number, accountId: string) {
    await this.assertAccount(tenant, accountId);
    if (!(await repo.findVisiblePost(this.db, tenant, postId))) throw postNotFound(postId);
    const result = await this.db.transaction((tx) => repo.addThumb(tx, postId, accountId));
    return { postId, ...result };
  }

  // The apps' back end: reading.

  async appPosts(tenant: Tenant, query: AppPostListQuery): Promise<Page<AppPost>> {
    const page = await repo.appPostPage(this.db, tenant, {
      recommendedFirst: query.recommendedFirst === 1,
      postTopicId: query.postTopicId,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    });
    return { items: page.rows.map(toAppPost), total: page.total };
  }

  async appPost(tenant: Tenant, postId: number): Promise<AppPost> {
    const row = await repo.findVisiblePost(this.db, tenant, postId);
    if (!row) throw postNotFound(postId);
    return toAppPost(row);
  }

  /** The in-app post page: the post the apps show and its first replies. */
  async publicPost(tenant: Tenant, postId: number): Promise<PublicPost> {
    const post = await this.appPost(tenant, postId);
    const replies = await this.appReplies(tenant, postId, { pageNo: 1, pageSize: PUBLIC_POST_REPLIES });
    return { post, replies: replies.items, replyTotal: replies.total };
  }

  async appReplies(
    tenant: Tenant,
    postId: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<Page<AppReply>> {
    if (!(await repo.findVisiblePost(this.db, tenant, postId))) throw postNotFound(postId);
    const result = await repo.appReplyPage(this.db, postId, page);
    return {
      items: result.rows.map(({ reply, fromNickname, toNickname }) => ({
        replyId: reply.replyId,
        replyLevel: reply.replyLevel as ReplyLevel,
        parentReplyId: reply.parentReplyId,
        replyTime: reply.replyTime.getTime(),
        replyContent: reply.replyContent,
        replyPicture: reply.replyPicture,
        fromAccount: { accountId: reply.fromAccountId, nickname: fromNickname },
        toAccount: reply.toAccountId ? { accountId: reply.toAccountId, nickname: toNickname } : null,
      })),
      total: result.total,
    };
  }
}

function toAppPost({ post, nickname }: { post: repo.PostRow; nickname: string | null }): AppPost {
  return {
    postId: post.postId,
    postType: post.postType as PostType,
    postTopic: post.postTopic,
    topicTitle: post.topicTitle,
    title: post.title,
    postContent: post.postContent,
    publicTime: post.publicTime.getTime(),
    imageList: post.imageList,
    videos: post.videos,
    docs: post.docs,
    recommendation: flagOf(post.recommendation),
    replyCount: post.replyCount,
    thumbCount: post.thumbCount,
    account: { accountId: post.accountId, nickname },
  };
}
