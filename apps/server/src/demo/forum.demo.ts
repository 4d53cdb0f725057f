import { eq } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { MatchRule } from '@cmp/domain/forum/forum-contracts';
import { articleText, type ArticleContentInput } from '@cmp/domain/forum/post-content';
import { SensitiveWordMatcher } from '@cmp/domain/forum/sensitive-word-matcher';
import {
  forumPosts,
  forumReplies,
  forumSensitiveWords,
  forumSettings,
} from '../modules/forum/forum.tables.js';
import { demoAccountId } from './accounts.demo.js';
import type { DemoContext } from './demo-context.js';

const HOUR = 3_600_000;
const POSTS_PER_TENANT = 24;
const WORDS = ['代充', '刷单', '加微信', '外挂', '黄牛', '返现', '私下交易', '低价转让'];
const RULES: Record<Tenant, MatchRule> = { nio: 'flag', pe: 'hold', rsc: 'flag' };

const SHARES = [
  '今天在世纪大道站充电，十分钟就满了，点赞！',
  '换电站排队有点久，建议高峰时段多开一个工位。',
  '夜间谷电真便宜，推荐大家晚上来充。',
  '有人需要代充吗？价格好商量，加微信私聊。',
  '第一次用换电，三分钟搞定，体验很好。',
  '高速服务区的充电桩终于修好了。',
  '低价转让充电卡，返现多多，私下交易更优惠。',
  '周末带娃去郊游，顺路充电，站里的休息室很干净。',
];
const TOPICS = [
  ['T-100', '充电日常'],
  ['T-200', '换电体验'],
  ['T-300', '自驾游记'],
] as const;
const REPLIES = ['同感！', '请问具体是哪个站？', '我也去过，确实不错', '刷单的别来', '谢谢分享', '求路线'];

/** A text section with its runs annotated where they occur. */
const annotated = (
  content: string,
  runs: { text: string; type: 'topic' | 'mention' | 'bold'; value?: string }[],
) => ({
  sectionType: 'text' as const,
  content,
  annotations: runs.map(({ text, type, value }) => {
    const start = content.indexOf(text);
    return { type, start, end: start + text.length, ...(value ? { value } : {}) };
  }),
});

const article = (n: number): ArticleContentInput => ({
  cover: { url: `https://picsum.photos/seed/forum-cover-${n}/750/420`, width: 750, height: 420 },
  sections: [
    annotated(`周末从上海出发去 #川西# 自驾，一路换电 ${3 + (n % 4)} 次，@小明 也一起去了。`, [
      { text: '#川西#', type: 'topic', value: 'T-300' },
      { text: '@小明', type: 'mention', value: demoAccountId(2) },
    ]),
    {
      sectionType: 'image',
      image: {
        url: `https://picsum.photos/seed/forum-${n}/750/500`,
        width: 750,
        height: 500,
        description: '路上的雪山',
      },
    },
    {
      sectionType: 'poi',
      poi: { name: '康定情歌广场', address: '四川省甘孜州康定市', longitude: 101.96, latitude: 30.05 },
    },
    {
      sectionType: 'power',
      power: {
        resourceId: 'PS-DEMO-1',
        resourceName: '康定换电站',
        powerType: 'swap',
        address: '康定市炉城镇',
      },
    },
    annotated(n % 3 === 0 ? '有需要代充的可以找我，返现多多。' : '全程补能顺利，推荐这条线路。', [
      { text: n % 3 === 0 ? '有需要' : '全程补能', type: 'bold' },
    ]),
    {
      sectionType: 'video',
      video: {
        video_url: 'https://media.w3.org/2010/05/sintel/trailer.mp4',
        cover_url: `https://picsum.photos/seed/forum-video-${n}/750/420`,
      },
    },
  ],
  videoList: [{ video_url: 'https://media.w3.org/2010/05/bunny/trailer.mp4' }],
});

/**
 * Every tenant's forum: its sensitive words and rule (pe holds a match for review, the others only flag),
 * shares and notes of its demo accounts matched as intake would, some read, recommended, hidden or
 * private, with first- and second-level replies.
 */
export async function seedForum({ tx, random, now }: DemoContext): Promise<void> {
  const matcher = new SensitiveWordMatcher(WORDS);
  for (const tenant of TENANTS) {
    await tx
      .insert(forumSensitiveWords)
      .values(WORDS.map((word) => ({ tenant, word, createdBy: `${tenant}-operator` })));
    await tx
      .insert(forumSettings)
      .values({ tenant, matchRule: RULES[tenant], wordsVersion: 1, updatedBy: `${tenant}-operator` });
    for (let n = 0; n < POSTS_PER_TENANT; n++) {
      const isArticle = n % 4 === 1;
      const content = isArticle ? article(n) : SHARES[n % SHARES.length]!;
      const title = isArticle ? `川西换电自驾第 ${n} 天` : null;
      const [topicId, topicTitle] = TOPICS[n % TOPICS.length]!;
      const body = typeof content === 'string' ? content : articleText(content as never);
      const plainText = [title, body].filter(Boolean).join('\n');
      const found = matcher.find(`${topicTitle}\n${plainText}`);
      const shown = found.length === 0 || RULES[tenant] === 'flag';
      const [post] = await tx
        .insert(forumPosts)
        .values({
          tenant,
          accountId: demoAccountId(n % 12),
          postType: isArticle ? 1 : 0,
          postTopic: topicId,
          topicTitle,
          title,
          postContent: typeof content === 'string' ? content : JSON.stringify(content),
          plainText,
          imageList: isArticle
            ? []
            : Array.from({ length: n % 4 }, (_, i) => `https://picsum.photos/seed/forum-${n}-${i}/600/600`),
          publicStatus: shown ? 1 : 0,
          portalHaveRead: n % 3 === 0 ? 1 : 0,
          recommendation: n % 7 === 2 ? 1 : 0,
          selfPrivate: n % 11 === 5 ? 1 : 0,
          portalHidden: n % 9 === 8 ? 1 : 0,
          illegalWords: found.length > 0 ? found.join(',') : null,
          publicTime: new Date(now.getTime() - (POSTS_PER_TENANT - n) * 5 * HOUR),
          thumbCount: Math.floor(random() * 40),
        })
        .returning({ postId: forumPosts.postId });
      const replyCount = Math.floor(random() * 4);
      let first: number | undefined;
      for (let r = 0; r < replyCount; r++) {
        const replyContent = REPLIES[(n + r) % REPLIES.length]!;
        const words = matcher.find(replyContent);
        const from = demoAccountId(20 + ((n + r) % 10));
        const [reply] = await tx
          .insert(forumReplies)
          .values({
            tenant,
            postId: post!.postId,
            replyLevel: first === undefined ? 1 : 2,
            parentReplyId: first ?? null,
            fromAccountId: from,
            toAccountId: first === undefined ? null : demoAccountId(20 + (n % 10)),
            replyContent,
            replySource: 'app',
            portalHidden: words.length > 0 && RULES[tenant] === 'hold' ? 1 : 0,
            illegalWords: words.length > 0 ? words.join(',') : null,
            replyTime: new Date(now.getTime() - (POSTS_PER_TENANT - n) * 5 * HOUR + (r + 1) * HOUR),
          })
          .returning({ replyId: forumReplies.replyId });
        first ??= reply!.replyId;
      }
      if (replyCount > 0) {
        await tx.update(forumPosts).set({ replyCount }).where(eq(forumPosts.postId, post!.postId));
      }
    }
  }
}
