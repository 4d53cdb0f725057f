import { z } from 'zod';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { INT8, id, idParam, integerParam, isWebLink, text, trimmedText } from '../shared/input.js';
import { EpochMs } from '../stations/contract-fields.js';
import { ArticleContentSchema, VideoSchema } from './post-content.js';

/** Forum yes/no flags (spec M3.6.9): 1 yes, 0 no. */
export const FlagSchema = z.union([z.literal(0), z.literal(1)], { error: 'form.invalidOption' });
export type Flag = z.infer<typeof FlagSchema>;
const FlagParam = integerParam({ min: 0, max: 1 });

/** postType (spec M3.6.2): 0 share, shown as dynamic; 1 article, shown as note. */
export const POST_TYPES = [0, 1] as const;
export const PostTypeSchema = z.union([z.literal(0), z.literal(1)], { error: 'form.invalidOption' });
export type PostType = z.infer<typeof PostTypeSchema>;

/** replyLevel (spec M3.6.7): 1 a reply to the post, 2 a reply to a reply, from one account to another. */
export const ReplyLevelSchema = z.union([z.literal(1), z.literal(2)], { error: 'form.invalidOption' });
export type ReplyLevel = z.infer<typeof ReplyLevelSchema>;

/**
 * What a sensitive word found on intake does (docs/decisions.md "Forum"): `hold` keeps the post unpublished
 * (a reply hidden) until staff publish it (show it); `flag` publishes it, only marked.
 */
export const MATCH_RULES = ['hold', 'flag'] as const;
export const MatchRuleSchema = z.enum(MATCH_RULES, { error: 'form.invalidOption' });
export type MatchRule = z.infer<typeof MatchRuleSchema>;
export const DEFAULT_MATCH_RULE: MatchRule = 'flag';

const AccountId = trimmedText(64).min(1, { error: 'form.required' });
const WebLink = text(1024).refine(isWebLink, { error: 'forum.badLink' });

/** An account as a post or a reply shows it; the mobile masked for viewers. */
export const ForumAccountSchema = z.object({
  accountId: z.string(),
  mobile: z.string().nullable(),
  nickname: z.string().nullable(),
});
export type ForumAccount = z.infer<typeof ForumAccountSchema>;

export const DocSchema = z.object({ docUrl: WebLink, docName: trimmedText(128).min(1) });

/** A post (spec M3.6.1); postContent is the article's JSON for a note. */
export const ForumPostSchema = z.object({
  postId: z.number().int(),
  postType: PostTypeSchema,
  postTopic: z.string().nullable(),
  topicTitle: z.string().nullable(),
  title: z.string().nullable(),
  postContent: z.string(),
  publicTime: EpochMs,
  imageList: z.array(z.string()),
  videos: z.array(z.object({ video_url: z.string(), cover_url: z.string().optional() })),
  docs: z.array(z.object({ docUrl: z.string(), docName: z.string() })),
  publicStatus: FlagSchema,
  portalHaveRead: FlagSchema,
  recommendation: FlagSchema,
  selfPrivate: FlagSchema,
  portalHidden: FlagSchema,
  replyCount: z.number().int(),
  thumbCount: z.number().int(),
  illegalWords: z.string().nullable(),
  illegalWordArr: z.array(z.string()),
  account: ForumAccountSchema,
  version: z.number().int(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;
export const ForumPostPageSchema = pageOf(ForumPostSchema);
export type ForumPostPage = z.infer<typeof ForumPostPageSchema>;

/** The post detail: the post with its article read back (null for a share). */
export const ForumPostDetailSchema = ForumPostSchema.extend({ article: ArticleContentSchema.nullable() });
export type ForumPostDetail = z.infer<typeof ForumPostDetailSchema>;

/** A reply (spec M3.6.6); toAccount only for a second-level reply. */
export const ForumReplySchema = z.object({
  replyId: z.number().int(),
  replyLevel: ReplyLevelSchema,
  postId: z.number().int(),
  postTitle: z.string().nullable(),
  parentReplyId: z.number().int().nullable(),
  replyTime: EpochMs,
  replyContent: z.string(),
  replyText: z.string(),
  portalHaveRead: FlagSchema,
  selfPrivate: FlagSchema,
  portalHidden: FlagSchema,
  illegalWords: z.string().nullable(),
  illegalWordArr: z.array(z.string()),
  fromAccount: ForumAccountSchema,
  toAccount: ForumAccountSchema.nullable(),
  accountId: z.string(),
  replySource: z.string().nullable(),
  replyPicture: z.string().nullable(),
});
export type ForumReply = z.infer<typeof ForumReplySchema>;
export const ForumReplyPageSchema = pageOf(ForumReplySchema);
export type ForumReplyPage = z.infer<typeof ForumReplyPageSchema>;

const PageFields = {
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
};
const TimeParam = integerParam({ min: 0, max: 253_402_300_799_999 });
const Mobile = trimmedText(20);

export const POST_SORTABLE = ['public_time', 'post_id', 'reply_count', 'thumb_count'] as const;
export const DEFAULT_POST_SORT = 'public_time:desc';

/** The post filter (spec M3.6.5); times are epoch milliseconds, the end inclusive. */
export const ForumPostFilterSchema = z.object({
  postContent: trimmedText(100).optional(),
  postId: integerParam({ min: 1, max: INT8.max }).optional(),
  topicTitle: trimmedText(100).optional(),
  postTopicId: trimmedText(64).optional(),
  postUserMobile: Mobile.optional(),
  publicTimeStart: TimeParam.optional(),
  publicTimeEnd: TimeParam.optional(),
  publicStatus: FlagParam.optional(),
  recommendation: FlagParam.optional(),
  selfPrivate: FlagParam.optional(),
  portalHidden: FlagParam.optional(),
  portalHaveRead: FlagParam.optional(),
  sort: text(100).optional(),
});
export type ForumPostFilter = z.infer<typeof ForumPostFilterSchema>;
export const ForumPostListQuerySchema = ForumPostFilterSchema.extend(PageFields);
export type ForumPostListQuery = z.infer<typeof ForumPostListQuerySchema>;
export type ForumPostListRequest = z.input<typeof ForumPostListQuerySchema>;

export const REPLY_SORTABLE = ['reply_time', 'reply_id'] as const;
export const DEFAULT_REPLY_SORT = 'reply_time:desc';

/** The reply filter (spec M3.6.8). */
export const ForumReplyFilterSchema = z.object({
  replyContent: trimmedText(100).optional(),
  postId: integerParam({ min: 1, max: INT8.max }).optional(),
  replyId: integerParam({ min: 1, max: INT8.max }).optional(),
  replyLevel: integerParam({ min: 1, max: 2 }).optional(),
  replyFromMobile: Mobile.optional(),
  replyToMobile: Mobile.optional(),
  publicTimeStart: TimeParam.optional(),
  publicTimeEnd: TimeParam.optional(),
  selfPrivate: FlagParam.optional(),
  portalHidden: FlagParam.optional(),
  sort: text(100).optional(),
});
export type ForumReplyFilter = z.infer<typeof ForumReplyFilterSchema>;
export const ForumReplyListQuerySchema = ForumReplyFilterSchema.extend(PageFields);
export type ForumReplyListQuery = z.infer<typeof ForumReplyListQuerySchema>;
export type ForumReplyListRequest = z.input<typeof ForumReplyListQuerySchema>;

/**
 * The moderation marks (spec post-have-read, publish-post, recommend-post, hide-post; hide-reply), each set
 * to 1 or back to 0 in any order (docs/decisions.md "Forum").
 */
export const POST_MARKS = ['have-read', 'publish', 'recommend', 'hide'] as const;
export type PostMark = (typeof POST_MARKS)[number];
export const PostMarkSchema = z.enum(POST_MARKS, { error: 'form.invalidOption' });

/** `{a}/{b}` of the spec's calls: the post (or reply) and the flag it gets. */
export const PostMarkParamsSchema = z.object({ postId: idParam(INT8), flag: FlagParam });
export const ReplyMarkParamsSchema = z.object({ replyId: idParam(INT8), flag: FlagParam });
export const PostParamsSchema = z.object({ postId: idParam(INT8) });

export const BULK_LIMIT = 200;
const Ids = z.array(id(INT8)).min(1, { error: 'form.required' }).max(BULK_LIMIT);

/** A mark on a selection of posts, all in one transaction. */
export const BulkPostMarkSchema = z.object({ mark: PostMarkSchema, flag: FlagSchema, postIds: Ids });
export type BulkPostMark = z.infer<typeof BulkPostMarkSchema>;
export const BulkReplyHideSchema = z.object({ flag: FlagSchema, replyIds: Ids });
export type BulkReplyHide = z.infer<typeof BulkReplyHideSchema>;
export const BulkResultSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** An entry of a post's operation history: who set which mark when. */
export const ForumOperationSchema = z.object({
  recordId: z.number().int(),
  action: z.string(),
  flag: FlagSchema.nullable(),
  bulk: z.boolean(),
  operator: z.string().nullable(),
  operatedAt: EpochMs,
});
export type ForumOperation = z.infer<typeof ForumOperationSchema>;
export const ForumOperationListSchema = z.object({ items: z.array(ForumOperationSchema) });

// Sensitive words.

/** A word as staff enter it: no comma (illegalWords is comma-separated), no surrounding space. */
export const SensitiveWordText = trimmedText(64)
  .min(1, { error: 'form.required' })
  .refine((w) => !w.includes(','), { error: 'forum.wordComma' });

export const SensitiveWordSchema = z.object({
  wordId: z.number().int(),
  word: z.string(),
  createdBy: z.string().nullable(),
  createdAt: EpochMs,
});
export type SensitiveWord = z.infer<typeof SensitiveWordSchema>;
export const SensitiveWordPageSchema = pageOf(SensitiveWordSchema);
export type SensitiveWordPage = z.infer<typeof SensitiveWordPageSchema>;

export const SensitiveWordFilterSchema = z.object({
  word: trimmedText(64).optional(),
  sort: text(100).optional(),
});
export type SensitiveWordFilter = z.infer<typeof SensitiveWordFilterSchema>;
export const SensitiveWordListQuerySchema = SensitiveWordFilterSchema.extend(PageFields);
export type SensitiveWordListQuery = z.infer<typeof SensitiveWordListQuerySchema>;

export const SensitiveWordCreateSchema = z.object({ word: SensitiveWordText });
export const SENSITIVE_WORD_BULK_LIMIT = 5_000;
export const SensitiveWordBulkSchema = z.object({
  words: z.array(SensitiveWordText).min(1, { error: 'form.required' }).max(SENSITIVE_WORD_BULK_LIMIT),
});
export const SensitiveWordBulkResultSchema = z.object({
  added: z.number().int(),
  existing: z.number().int(),
});
export const SensitiveWordParamsSchema = z.object({ wordId: idParam() });

export const SensitiveWordRuleSchema = z.object({
  matchRule: MatchRuleSchema,
  words: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: EpochMs.nullable(),
});
export type SensitiveWordRule = z.infer<typeof SensitiveWordRuleSchema>;
export const SensitiveWordRuleChangeSchema = z.object({ matchRule: MatchRuleSchema });

// The apps' back end (signed app API).

/** `POST /api/app/forum/posts`: an account's post; postContent is a share's text or an article's JSON. */
export const AppPostCreateSchema = z
  .object({
    accountId: AccountId,
    postType: PostTypeSchema.default(0),
    postTopic: trimmedText(64).optional(),
    topicTitle: trimmedText(100).optional(),
    title: trimmedText(100).optional(),
    postContent: z.union([text(10_000), ArticleContentSchema]),
    imageList: z.array(WebLink).max(9).default([]),
    videos: z.array(VideoSchema).max(9).default([]),
    docs: z.array(DocSchema).max(9).default([]),
    selfPrivate: FlagSchema.default(0),
  })
  .superRefine((post, ctx) => {
    const isArticle = typeof post.postContent !== 'string';
    if (post.postType === 1 && !isArticle) {
      ctx.addIssue({ code: 'custom', message: 'forum.articleContent', path: ['postContent'] });
    }
    if (post.postType === 0 && isArticle) {
      ctx.addIssue({ code: 'custom', message: 'forum.shareContent', path: ['postContent'] });
    }
  });
export type AppPostCreate = z.input<typeof AppPostCreateSchema>;
export type AppPostCreateFields = z.output<typeof AppPostCreateSchema>;

/** `POST /api/app/forum/posts/:postId/replies`: a reply to the post, or (with parentReplyId) to a reply. */
export const AppReplyCreateSchema = z.object({
  accountId: AccountId,
  replyContent: trimmedText(2_000).min(1, { error: 'form.required' }),
  parentReplyId: id(INT8).optional(),
  /** The account answered, for a second-level reply; the parent reply's author when not given. */
  toAccount: AccountId.optional(),
  replyPicture: WebLink.optional(),
  replySource: trimmedText(32).optional(),
  selfPrivate: FlagSchema.default(0),
});
export type AppReplyCreate = z.input<typeof AppReplyCreateSchema>;
export type AppReplyCreateFields = z.output<typeof AppReplyCreateSchema>;

export const AppThumbSchema = z.object({ accountId: AccountId });
export const AppThumbResultSchema = z.object({
  postId: z.number().int(),
  thumbCount: z.number().int(),
  added: z.boolean(),
});

/** What intake did with a post or a reply: its id, the words found and whether it is shown. */
export const AppIntakeResultSchema = z.object({
  id: z.number().int(),
  illegalWordArr: z.array(z.string()),
  shown: z.boolean(),
});
export type AppIntakeResult = z.infer<typeof AppIntakeResultSchema>;

/** The apps' read of posts: only what moderation allows. */
export const AppPostListQuerySchema = z.object({
  recommendedFirst: FlagParam.default(0),
  postTopicId: trimmedText(64).optional(),
  ...PageFields,
});
export type AppPostListQuery = z.infer<typeof AppPostListQuerySchema>;

/** A post as the apps read it: no moderation marks, no words found. */
export const AppPostSchema = ForumPostSchema.pick({
  postId: true,
  postType: true,
  postTopic: true,
  topicTitle: true,
  title: true,
  postContent: true,
  publicTime: true,
  imageList: true,
  videos: true,
  docs: true,
  recommendation: true,
  replyCount: true,
  thumbCount: true,
}).extend({ account: z.object({ accountId: z.string(), nickname: z.string().nullable() }) });
export type AppPost = z.infer<typeof AppPostSchema>;
export const AppPostPageSchema = pageOf(AppPostSchema);

export const AppReplySchema = z.object({
  replyId: z.number().int(),
  replyLevel: ReplyLevelSchema,
  parentReplyId: z.number().int().nullable(),
  replyTime: EpochMs,
  replyContent: z.string(),
  replyPicture: z.string().nullable(),
  fromAccount: z.object({ accountId: z.string(), nickname: z.string().nullable() }),
  toAccount: z.object({ accountId: z.string(), nickname: z.string().nullable() }).nullable(),
});
export type AppReply = z.infer<typeof AppReplySchema>;
export const AppReplyPageSchema = pageOf(AppReplySchema);
export const AppReplyListQuerySchema = z.object(PageFields);

// The in-app post page (the H5 bundle, public).

export const PublicPostQuerySchema = z.object({
  tenant: z.enum(['nio', 'pe', 'rsc'], { error: 'form.invalidOption' }),
});

/** Replies the post page shows at most, the earliest first. */
export const PUBLIC_POST_REPLIES = 50;

/** A post the apps show, with its first replies, for the in-app post page. */
export const PublicPostSchema = z.object({
  post: AppPostSchema,
  replies: z.array(AppReplySchema),
  replyTotal: z.number().int(),
});
export type PublicPost = z.infer<typeof PublicPostSchema>;
