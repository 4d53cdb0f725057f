import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tenant } from '@cmp/domain';
import type {
  ForumPostFilter,
  ForumReplyFilter,
  POST_SORTABLE,
  PostMark,
  REPLY_SORTABLE,
  SensitiveWordFilter,
} from '@cmp/domain/forum/forum-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList } from '../../platform/lists/define-list.js';
import { contains } from '../../platform/lists/text-match.js';
import { accountDirectory } from '../accounts/accounts.views.js';
import { forumPosts, forumReplies, forumSensitiveWords, forumSettings, forumThumbs } from './forum.tables.js';

export type PostRow = typeof forumPosts.$inferSelect;
export type NewPost = typeof forumPosts.$inferInsert;
export type ReplyRow = typeof forumReplies.$inferSelect;
export type NewReply = typeof forumReplies.$inferInsert;
export type SensitiveWordRow = typeof forumSensitiveWords.$inferSelect;
export type SettingsRow = typeof forumSettings.$inferSelect;

/** The column each moderation mark sets. */
export const MARK_COLUMNS = {
  'have-read': 'portalHaveRead',
  publish: 'publicStatus',
  recommend: 'recommendation',
  hide: 'portalHidden',
} as const satisfies Record<PostMark, keyof PostRow>;

/** The accounts of the tenant with this mobile, as a subquery a filter compares an account id with. */
const accountsWithMobile = (tenant: Tenant, mobile: string) =>
  sql`(select ${accountDirectory.accountId} from ${accountDirectory} where ${and(
    eq(accountDirectory.tenant, tenant),
    eq(accountDirectory.mobile, mobile),
  )})`;

const inTimeRange = (column: AnyPgColumn, start?: number, end?: number): (SQL | undefined)[] => [
  start !== undefined ? gte(column, new Date(start)) : undefined,
  // Stored times are finer than a millisecond: the whole end millisecond is inside.
  end !== undefined ? lt(column, new Date(end + 1)) : undefined,
];

export type PostScopedFilter = Omit<ForumPostFilter, 'sort'> & { tenant: Tenant };

function postWhere({ tenant, ...f }: PostScopedFilter): SQL {
  return and(
    eq(forumPosts.tenant, tenant),
    f.postId !== undefined ? eq(forumPosts.postId, f.postId) : undefined,
    f.postContent ? contains(forumPosts.plainText, f.postContent) : undefined,
    f.topicTitle ? contains(forumPosts.topicTitle, f.topicTitle) : undefined,
    f.postTopicId ? eq(forumPosts.postTopic, f.postTopicId) : undefined,
    f.postUserMobile
      ? sql`${forumPosts.accountId} in ${accountsWithMobile(tenant, f.postUserMobile)}`
      : undefined,
    ...inTimeRange(forumPosts.publicTime, f.publicTimeStart, f.publicTimeEnd),
    f.publicStatus !== undefined ? eq(forumPosts.publicStatus, f.publicStatus) : undefined,
    f.recommendation !== undefined ? eq(forumPosts.recommendation, f.recommendation) : undefined,
    f.selfPrivate !== undefined ? eq(forumPosts.selfPrivate, f.selfPrivate) : undefined,
    f.portalHidden !== undefined ? eq(forumPosts.portalHidden, f.portalHidden) : undefined,
    f.portalHaveRead !== undefined ? eq(forumPosts.portalHaveRead, f.portalHaveRead) : undefined,
  )!;
}

const postAccount = and(
  eq(accountDirectory.tenant, forumPosts.tenant),
  eq(accountDirectory.accountId, forumPosts.accountId),
);

/** A post with its author as the account directory has it now (null fields for an account gone). */
export interface PostNamedRow {
  post: PostRow;
  mobile: string | null;
  nickname: string | null;
}

/** The staff post list: the latest published first (spec sort public_time:desc). */
export const postList = defineList({
  table: forumPosts,
  id: forumPosts.postId,
  sort: {
    keys: {
      public_time: forumPosts.publicTime,
      post_id: forumPosts.postId,
      reply_count: forumPosts.replyCount,
      thumb_count: forumPosts.thumbCount,
    } satisfies Record<(typeof POST_SORTABLE)[number], AnyPgColumn>,
    default: 'public_time:desc',
  },
  where: postWhere,
  select: (db, cursor) =>
    db
      .select({
        ...cursor,
        post: forumPosts,
        mobile: accountDirectory.mobile,
        nickname: accountDirectory.nickName,
      })
      .from(forumPosts)
      .leftJoin(accountDirectory, postAccount)
      .$dynamic(),
});

export async function findPost(
  db: DbOrTx,
  tenant: Tenant,
  postId: number,
): Promise<PostNamedRow | undefined> {
  const [row] = await db
    .select({ post: forumPosts, mobile: accountDirectory.mobile, nickname: accountDirectory.nickName })
    .from(forumPosts)
    .leftJoin(accountDirectory, postAccount)
    .where(and(eq(forumPosts.tenant, tenant), eq(forumPosts.postId, postId)));
  return row;
}

export async function lockPosts(tx: DbOrTx, tenant: Tenant, postIds: readonly number[]): Promise<PostRow[]> {
  return tx
    .select()
    .from(forumPosts)
    .where(and(eq(forumPosts.tenant, tenant), inArray(forumPosts.postId, [...postIds])))
    .orderBy(asc(forumPosts.postId))
    .for('update');
}

export async function insertPost(tx: DbOrTx, values: NewPost): Promise<PostRow> {
  const [row] = await tx.insert(forumPosts).values(values).returning();
  return row!;
}

/** Sets one mark on the posts that do not have it yet; answers the ids changed. */
export async function markPosts(
  tx: DbOrTx,
  postIds: readonly number[],
  mark: PostMark,
  flag: 0 | 1,
): Promise<number[]> {
  const column = forumPosts[MARK_COLUMNS[mark]];
  const changed = await tx
    .update(forumPosts)
    .set({ [MARK_COLUMNS[mark]]: flag, version: sql`${forumPosts.version} + 1` })
    .where(and(inArray(forumPosts.postId, [...postIds]), ne(column, flag)))
    .returning({ postId: forumPosts.postId });
  return changed.map((row) => row.postId);
}

export async function addReplyCount(tx: DbOrTx, postId: number): Promise<void> {
  await tx
    .update(forumPosts)
    .set({ replyCount: sql`${forumPosts.replyCount} + 1` })
    .where(eq(forumPosts.postId, postId));
}

/** Thumbs up once per account; answers whether this one was new, and the post's count. */
export async function addThumb(
  tx: DbOrTx,
  postId: number,
  accountId: string,
): Promise<{ added: boolean; thumbCount: number }> {
  const added = await tx.insert(forumThumbs).values({ postId, accountId }).onConflictDoNothing().returning();
  const [post] = await tx
    .update(forumPosts)
    .set({ thumbCount: sql`${forumPosts.thumbCount} + ${added.length}` })
    .where(eq(forumPosts.postId, postId))
    .returning({ thumbCount: forumPosts.thumbCount });
  return { added: added.length > 0, thumbCount: post!.thumbCount };
}

// Replies.

/** A field of the account a reply answers; read apart, as the reply's author is the join's account. */
const toAccountField = (field: 'mobile' | 'nickName') =>
  sql<
    string | null
  >`(select ${accountDirectory[field]} from ${accountDirectory} where ${accountDirectory.tenant} = ${forumReplies.tenant} and ${accountDirectory.accountId} = ${forumReplies.toAccountId})`;

const replyColumns = {
  reply: forumReplies,
  postTitle: forumPosts.title,
  fromMobile: accountDirectory.mobile,
  fromNickname: accountDirectory.nickName,
  toMobile: toAccountField('mobile'),
  toNickname: toAccountField('nickName'),
};
const replyAuthor = and(
  eq(accountDirectory.tenant, forumReplies.tenant),
  eq(accountDirectory.accountId, forumReplies.fromAccountId),
);

export type ReplyScopedFilter = Omit<ForumReplyFilter, 'sort'> & { tenant: Tenant };

function replyWhere({ tenant, ...f }: ReplyScopedFilter): SQL {
  return and(
    eq(forumReplies.tenant, tenant),
    f.replyId !== undefined ? eq(forumReplies.replyId, f.replyId) : undefined,
    f.postId !== undefined ? eq(forumReplies.postId, f.postId) : undefined,
    f.replyLevel !== undefined ? eq(forumReplies.replyLevel, f.replyLevel) : undefined,
    f.replyContent ? contains(forumReplies.replyContent, f.replyContent) : undefined,
    f.replyFromMobile
      ? sql`${forumReplies.fromAccountId} in ${accountsWithMobile(tenant, f.replyFromMobile)}`
      : undefined,
    f.replyToMobile
      ? sql`${forumReplies.toAccountId} in ${accountsWithMobile(tenant, f.replyToMobile)}`
      : undefined,
    ...inTimeRange(forumReplies.replyTime, f.publicTimeStart, f.publicTimeEnd),
    f.selfPrivate !== undefined ? eq(forumReplies.selfPrivate, f.selfPrivate) : undefined,
    f.portalHidden !== undefined ? eq(forumReplies.portalHidden, f.portalHidden) : undefined,
  )!;
}

const repliesNamed = (db: DbOrTx) =>
  db
    .select(replyColumns)
    .from(forumReplies)
    .innerJoin(forumPosts, eq(forumPosts.postId, forumReplies.postId))
    .leftJoin(accountDirectory, replyAuthor);
export type ReplyNamedRow = Awaited<ReturnType<ReturnType<typeof repliesNamed>['execute']>>[number];

/** The staff reply list: the latest first (spec sort reply_time:desc). */
export const replyList = defineList({
  table: forumReplies,
  id: forumReplies.replyId,
  sort: {
    keys: {
      reply_time: forumReplies.replyTime,
      reply_id: forumReplies.replyId,
    } satisfies Record<(typeof REPLY_SORTABLE)[number], AnyPgColumn>,
    default: 'reply_time:desc',
  },
  where: replyWhere,
  select: (db, cursor) =>
    db
      .select({ ...cursor, ...replyColumns })
      .from(forumReplies)
      .innerJoin(forumPosts, eq(forumPosts.postId, forumReplies.postId))
      .leftJoin(accountDirectory, replyAuthor)
      .$dynamic(),
});

export async function findReply(db: DbOrTx, tenant: Tenant, replyId: number): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(forumReplies)
    .where(and(eq(forumReplies.tenant, tenant), eq(forumReplies.replyId, replyId)));
  return row;
}

export async function insertReply(tx: DbOrTx, values: NewReply): Promise<ReplyRow> {
  const [row] = await tx.insert(forumReplies).values(values).returning();
  return row!;
}

/** Hides or shows the tenant's replies that are not so yet; answers those changed. */
export async function hideReplies(
  tx: DbOrTx,
  tenant: Tenant,
  replyIds: readonly number[],
  flag: 0 | 1,
): Promise<{ replyId: number; postId: number }[]> {
  return tx
    .update(forumReplies)
    .set({ portalHidden: flag })
    .where(
      and(
        eq(forumReplies.tenant, tenant),
        inArray(forumReplies.replyId, [...replyIds]),
        ne(forumReplies.portalHidden, flag),
      ),
    )
    .returning({ replyId: forumReplies.replyId, postId: forumReplies.postId });
}

export async function existingReplies(
  db: DbOrTx,
  tenant: Tenant,
  replyIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .select({ replyId: forumReplies.replyId })
    .from(forumReplies)
    .where(and(eq(forumReplies.tenant, tenant), inArray(forumReplies.replyId, [...replyIds])));
  return rows.map((row) => row.replyId);
}

// What the apps read.

/** Posts the apps show: published, not hidden, not self-private. */
const visiblePost = (tenant: Tenant): SQL =>
  and(
    eq(forumPosts.tenant, tenant),
    eq(forumPosts.publicStatus, 1),
    eq(forumPosts.portalHidden, 0),
    eq(forumPosts.selfPrivate, 0),
  )!;

export async function appPostPage(
  db: DbOrTx,
  tenant: Tenant,
  query: { recommendedFirst: boolean; postTopicId?: string; pageNo: number; pageSize: number },
) {
  const where = and(
    visiblePost(tenant),
    query.postTopicId ? eq(forumPosts.postTopic, query.postTopicId) : undefined,
  );
  const order = [
    ...(query.recommendedFirst ? [desc(forumPosts.recommendation)] : []),
    desc(forumPosts.publicTime),
    desc(forumPosts.postId),
  ];
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: forumPosts, nickname: accountDirectory.nickName })
      .from(forumPosts)
      .leftJoin(accountDirectory, postAccount)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.pageSize * (query.pageNo - 1)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(forumPosts)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findVisiblePost(db: DbOrTx, tenant: Tenant, postId: number) {
  const [row] = await db
    .select({ post: forumPosts, nickname: accountDirectory.nickName })
    .from(forumPosts)
    .leftJoin(accountDirectory, postAccount)
    .where(and(visiblePost(tenant), eq(forumPosts.postId, postId)));
  return row;
}

/** A visible post's replies the apps show (not hidden, not self-private), the earliest first. */
export async function appReplyPage(db: DbOrTx, postId: number, page: { pageNo: number; pageSize: number }) {
  const where = and(
    eq(forumReplies.postId, postId),
    eq(forumReplies.portalHidden, 0),
    eq(forumReplies.selfPrivate, 0),
  );
  const [rows, [total]] = await Promise.all([
    repliesNamed(db)
      .where(where)
      .orderBy(asc(forumReplies.replyTime), asc(forumReplies.replyId))
      .limit(page.pageSize)
      .offset(page.pageSize * (page.pageNo - 1)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(forumReplies)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Sensitive words and settings.

export type WordScopedFilter = Omit<SensitiveWordFilter, 'sort'> & { tenant: Tenant };

export const sensitiveWordList = defineList({
  table: forumSensitiveWords,
  id: forumSensitiveWords.wordId,
  sort: {
    keys: { createdAt: forumSensitiveWords.createdAt, wordId: forumSensitiveWords.wordId },
    default: 'createdAt:desc',
  },
  where: ({ tenant, word }: WordScopedFilter) =>
    and(eq(forumSensitiveWords.tenant, tenant), word ? contains(forumSensitiveWords.word, word) : undefined),
  select: (db, cursor) =>
    db
      .select({ ...cursor, word: forumSensitiveWords })
      .from(forumSensitiveWords)
      .$dynamic(),
});

export async function allWords(db: DbOrTx, tenant: Tenant): Promise<string[]> {
  const rows = await db
    .select({ word: forumSensitiveWords.word })
    .from(forumSensitiveWords)
    .where(eq(forumSensitiveWords.tenant, tenant));
  return rows.map((row) => row.word);
}

/** Adds the words not in yet (in any ASCII case); answers those added. */
export async function insertWords(
  tx: DbOrTx,
  tenant: Tenant,
  words: readonly string[],
  createdBy: string | null,
): Promise<SensitiveWordRow[]> {
  const added: SensitiveWordRow[] = [];
  for (let at = 0; at < words.length; at += 1000) {
    added.push(
      ...(await tx
        .insert(forumSensitiveWords)
        .values(words.slice(at, at + 1000).map((word) => ({ tenant, word, createdBy })))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return added;
}

export async function deleteWord(
  tx: DbOrTx,
  tenant: Tenant,
  wordId: number,
): Promise<SensitiveWordRow | undefined> {
  const [row] = await tx
    .delete(forumSensitiveWords)
    .where(and(eq(forumSensitiveWords.tenant, tenant), eq(forumSensitiveWords.wordId, wordId)))
    .returning();
  return row;
}

export async function countWords(db: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(forumSensitiveWords)
    .where(eq(forumSensitiveWords.tenant, tenant));
  return row?.n ?? 0;
}

export async function settingsOf(db: DbOrTx, tenant: Tenant): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(forumSettings).where(eq(forumSettings.tenant, tenant));
  return row;
}

/** Raises the version of the tenant's word list (every process then builds its automaton again). */
export async function bumpWordsVersion(tx: DbOrTx, tenant: Tenant): Promise<number> {
  const [row] = await tx
    .insert(forumSettings)
    .values({ tenant, wordsVersion: 1 })
    .onConflictDoUpdate({
      target: forumSettings.tenant,
      set: { wordsVersion: sql`${forumSettings.wordsVersion} + 1` },
    })
    .returning({ wordsVersion: forumSettings.wordsVersion });
  return row!.wordsVersion;
}

export async function saveMatchRule(
  tx: DbOrTx,
  tenant: Tenant,
  matchRule: string,
  updatedBy: string | null,
): Promise<SettingsRow> {
  const [row] = await tx
    .insert(forumSettings)
    .values({ tenant, matchRule, updatedBy })
    .onConflictDoUpdate({
      target: forumSettings.tenant,
      set: { matchRule, updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
