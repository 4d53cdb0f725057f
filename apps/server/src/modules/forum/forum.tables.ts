import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A post of an app account (spec M3.6.1), entered through the signed app API. `plain_text` is what the
 * post says (a share's text, an article's text sections), which the postContent filter and the sensitive
 * words read. reply_count and thumb_count are kept with the replies and thumbs.
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    postId: bigserial('post_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    accountId: text('account_id').notNull(),
    postType: smallint('post_type').notNull().default(0),
    postTopic: text('post_topic'),
    topicTitle: text('topic_title'),
    title: text('title'),
    postContent: text('post_content').notNull(),
    plainText: text('plain_text').notNull(),
    imageList: jsonb('image_list').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<{ video_url: string; cover_url?: string }[]>().notNull().default([]),
    docs: jsonb('docs').$type<{ docUrl: string; docName: string }[]>().notNull().default([]),
    publicStatus: smallint('public_status').notNull().default(1),
    portalHaveRead: smallint('portal_have_read').notNull().default(0),
    recommendation: smallint('recommendation').notNull().default(0),
    selfPrivate: smallint('self_private').notNull().default(0),
    portalHidden: smallint('portal_hidden').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    thumbCount: integer('thumb_count').notNull().default(0),
    illegalWords: text('illegal_words'),
    publicTime: timestamp('public_time', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('forum_posts_time_idx').on(t.tenant, t.publicTime, t.postId),
    index('forum_posts_account_idx').on(t.tenant, t.accountId),
    index('forum_posts_app_read_idx')
      .on(t.tenant, t.recommendation, t.publicTime, t.postId)
      .where(sql`${t.publicStatus} = 1 and ${t.portalHidden} = 0 and ${t.selfPrivate} = 0`),
  ],
);

/** A reply to a post (level 1) or to a reply of it (level 2, from one account to another). */
export const forumReplies = pgTable(
  'forum_replies',
  {
    replyId: bigserial('reply_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    replyLevel: smallint('reply_level').notNull(),
    parentReplyId: bigint('parent_reply_id', { mode: 'number' }),
    fromAccountId: text('from_account_id').notNull(),
    toAccountId: text('to_account_id'),
    replyContent: text('reply_content').notNull(),
    replyPicture: text('reply_picture'),
    replySource: text('reply_source'),
    portalHaveRead: smallint('portal_have_read').notNull().default(0),
    selfPrivate: smallint('self_private').notNull().default(0),
    portalHidden: smallint('portal_hidden').notNull().default(0),
    illegalWords: text('illegal_words'),
    replyTime: timestamp('reply_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.postId], foreignColumns: [forumPosts.postId] }).onDelete('cascade'),
    index('forum_replies_time_idx').on(t.tenant, t.replyTime, t.replyId),
    index('forum_replies_post_idx').on(t.postId, t.replyTime, t.replyId),
  ],
);

/** Who thumbed a post up: once per account. */
export const forumThumbs = pgTable(
  'forum_thumbs',
  {
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.accountId] }),
    foreignKey({ columns: [t.postId], foreignColumns: [forumPosts.postId] }).onDelete('cascade'),
  ],
);

/** A tenant's sensitive words. */
export const forumSensitiveWords = pgTable(
  'forum_sensitive_words',
  {
    wordId: serial('word_id').primaryKey(),
    tenant: text('tenant').notNull(),
    word: text('word').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forum_sensitive_words_word_idx').on(t.tenant, sql`lower(${t.word})`),
    index('forum_sensitive_words_created_idx').on(t.tenant, t.createdAt, t.wordId),
  ],
);

/**
 * A tenant's forum settings: what a sensitive word found on intake does, and the version of its word list,
 * raised with every change of it, by which each process knows its automaton of the list is current.
 */
export const forumSettings = pgTable('forum_settings', {
  tenant: text('tenant').primaryKey(),
  matchRule: text('match_rule').notNull().default('flag'),
  wordsVersion: integer('words_version').notNull().default(0),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
