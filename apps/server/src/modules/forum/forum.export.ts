import type { ForumPost, ForumReply, SensitiveWord } from '@cmp/domain/forum/forum-contracts';
import type { Locale } from '@cmp/domain/messages/format';
import { exportSheet, wallClock, type SheetTexts } from '../../platform/export/export-sheet.js';
import type { CellContext } from '../../platform/export/list-export.js';
import type { Cell } from '../../platform/export/table-file.js';

interface FlagTexts {
  yes: string;
  no: string;
  share: string;
  article: string;
}
const FLAGS: Record<Locale, FlagTexts> = {
  'zh-CN': { yes: '是', no: '否', share: '动态', article: '笔记' },
  'en-US': { yes: 'Yes', no: 'No', share: 'Dynamic', article: 'Note' },
};
const yesNo = (value: number, text: FlagTexts) => (value === 1 ? text.yes : text.no);
const who = (a: { accountId: string; nickname: string | null; mobile: string | null } | null) =>
  a ? [a.nickname, a.mobile].filter(Boolean).join(' ') || a.accountId : null;

/** The post list screen's column keys in its order. */
const POST_COLUMNS = [
  'postId',
  'postType',
  'title',
  'topicTitle',
  'plainContent',
  'author',
  'public_time',
  'publicStatus',
  'recommendation',
  'portalHidden',
  'portalHaveRead',
  'selfPrivate',
  'reply_count',
  'thumb_count',
  'illegalWords',
  'accountId',
] as const;
type PostColumn = (typeof POST_COLUMNS)[number];
type PostTexts = SheetTexts<PostColumn> & FlagTexts;

const POST_TEXT: Record<Locale, PostTexts> = {
  'zh-CN': {
    ...FLAGS['zh-CN'],
    fileName: '论坛帖子',
    sheetName: '帖子',
    headers: {
      postId: '帖子ID',
      postType: '类型',
      title: '标题',
      topicTitle: '话题',
      plainContent: '内容',
      author: '发帖人',
      public_time: '发布时间',
      publicStatus: '已发布',
      recommendation: '推荐',
      portalHidden: '已隐藏',
      portalHaveRead: '已读',
      selfPrivate: '仅自己可见',
      reply_count: '回复数',
      thumb_count: '点赞数',
      illegalWords: '敏感词',
      accountId: '账号ID',
    },
  },
  'en-US': {
    ...FLAGS['en-US'],
    fileName: 'forum-posts',
    sheetName: 'Posts',
    headers: {
      postId: 'Post ID',
      postType: 'Type',
      title: 'Title',
      topicTitle: 'Topic',
      plainContent: 'Content',
      author: 'Author',
      public_time: 'Published at',
      publicStatus: 'Published',
      recommendation: 'Recommended',
      portalHidden: 'Hidden',
      portalHaveRead: 'Read',
      selfPrivate: 'Private',
      reply_count: 'Replies',
      thumb_count: 'Thumbs',
      illegalWords: 'Sensitive words',
      accountId: 'Account ID',
    },
  },
};

const POST_CELLS: Record<PostColumn, (p: ForumPost, text: PostTexts, at: CellContext) => Cell> = {
  postId: (p) => p.postId,
  postType: (p, t) => (p.postType === 1 ? t.article : t.share),
  title: (p) => p.title,
  topicTitle: (p) => p.topicTitle,
  plainContent: (p) => (p.postType === 1 ? p.title : p.postContent),
  author: (p) => who(p.account),
  public_time: (p, _t, at) => wallClock(p.publicTime, at.timeZone),
  publicStatus: (p, t) => yesNo(p.publicStatus, t),
  recommendation: (p, t) => yesNo(p.recommendation, t),
  portalHidden: (p, t) => yesNo(p.portalHidden, t),
  portalHaveRead: (p, t) => yesNo(p.portalHaveRead, t),
  selfPrivate: (p, t) => yesNo(p.selfPrivate, t),
  reply_count: (p) => p.replyCount,
  thumb_count: (p) => p.thumbCount,
  illegalWords: (p) => p.illegalWords,
  accountId: (p) => p.account.accountId,
};

export const FORUM_POST_EXPORT = exportSheet<ForumPost, PostColumn, PostTexts>({
  columns: POST_COLUMNS,
  texts: POST_TEXT,
  widths: { title: 28, plainContent: 48, author: 24, public_time: 20, illegalWords: 24 },
  cells: POST_CELLS,
});

const REPLY_COLUMNS = [
  'replyId',
  'postId',
  'replyLevel',
  'replyContent',
  'fromAccount',
  'toAccount',
  'reply_time',
  'portalHidden',
  'selfPrivate',
  'illegalWords',
] as const;
type ReplyColumn = (typeof REPLY_COLUMNS)[number];
type ReplyTexts = SheetTexts<ReplyColumn> & FlagTexts & { level1: string; level2: string };

const REPLY_TEXT: Record<Locale, ReplyTexts> = {
  'zh-CN': {
    ...FLAGS['zh-CN'],
    level1: '一级回复',
    level2: '二级回复',
    fileName: '论坛回复',
    sheetName: '回复',
    headers: {
      replyId: '回复ID',
      postId: '帖子ID',
      replyLevel: '层级',
      replyContent: '回复内容',
      fromAccount: '回复人',
      toAccount: '被回复人',
      reply_time: '回复时间',
      portalHidden: '已隐藏',
      selfPrivate: '仅自己可见',
      illegalWords: '敏感词',
    },
  },
  'en-US': {
    ...FLAGS['en-US'],
    level1: 'First level',
    level2: 'Second level',
    fileName: 'forum-replies',
    sheetName: 'Replies',
    headers: {
      replyId: 'Reply ID',
      postId: 'Post ID',
      replyLevel: 'Level',
      replyContent: 'Reply',
      fromAccount: 'From',
      toAccount: 'To',
      reply_time: 'Replied at',
      portalHidden: 'Hidden',
      selfPrivate: 'Private',
      illegalWords: 'Sensitive words',
    },
  },
};

const REPLY_CELLS: Record<ReplyColumn, (r: ForumReply, text: ReplyTexts, at: CellContext) => Cell> = {
  replyId: (r) => r.replyId,
  postId: (r) => r.postId,
  replyLevel: (r, t) => (r.replyLevel === 2 ? t.level2 : t.level1),
  replyContent: (r) => r.replyContent,
  fromAccount: (r) => who(r.fromAccount),
  toAccount: (r) => who(r.toAccount),
  reply_time: (r, _t, at) => wallClock(r.replyTime, at.timeZone),
  portalHidden: (r, t) => yesNo(r.portalHidden, t),
  selfPrivate: (r, t) => yesNo(r.selfPrivate, t),
  illegalWords: (r) => r.illegalWords,
};

export const FORUM_REPLY_EXPORT = exportSheet<ForumReply, ReplyColumn, ReplyTexts>({
  columns: REPLY_COLUMNS,
  texts: REPLY_TEXT,
  widths: { replyContent: 48, fromAccount: 24, toAccount: 24, reply_time: 20, illegalWords: 24 },
  cells: REPLY_CELLS,
});

const WORD_COLUMNS = ['word', 'createdBy', 'createdAt'] as const;
type WordColumn = (typeof WORD_COLUMNS)[number];

export const SENSITIVE_WORD_EXPORT = exportSheet<SensitiveWord, WordColumn, SheetTexts<WordColumn>>({
  columns: WORD_COLUMNS,
  texts: {
    'zh-CN': {
      fileName: '敏感词',
      sheetName: '敏感词',
      headers: { word: '敏感词', createdBy: '添加人', createdAt: '添加时间' },
    },
    'en-US': {
      fileName: 'sensitive-words',
      sheetName: 'Sensitive words',
      headers: { word: 'Word', createdBy: 'Added by', createdAt: 'Added at' },
    },
  },
  widths: { word: 24, createdAt: 20 },
  cells: {
    word: (w) => w.word,
    createdBy: (w) => w.createdBy,
    createdAt: (w, _t, at) => wallClock(w.createdAt, at.timeZone),
  },
});
