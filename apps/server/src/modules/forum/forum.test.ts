import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppIntakeResult,
  AppPostCreate,
  BulkResult,
  ForumOperation,
  ForumPost,
  ForumPostDetail,
  ForumPostPage,
  ForumReply,
  ForumReplyPage,
  SensitiveWordPage,
  SensitiveWordRule,
} from '@cmp/domain/forum/forum-contracts';
import type { ArticleContentInput } from '@cmp/domain/forum/post-content';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { buildApp } from '../../app.js';
import { signedHeaders } from '../../platform/signed-clients/client-signing.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { forumPosts } from './forum.tables.js';

const ARTICLE: ArticleContentInput = {
  cover: { url: 'https://cdn.example.com/cover.png', width: 750, height: 420 },
  sections: [
    {
      sectionType: 'text',
      content: '周末去 #川西# 自驾，@小明 一路换电',
      annotations: [
        { type: 'topic', start: 4, end: 8, value: 'T-1' },
        { type: 'mention', start: 11, end: 14, value: 'U2' },
      ],
    },
    { sectionType: 'image', image: { url: 'https://cdn.example.com/a.png', description: '雪山' } },
    {
      sectionType: 'video',
      video: { video_url: 'https://cdn.example.com/v.mp4', cover_url: 'https://cdn.example.com/v.png' },
    },
    {
      sectionType: 'poi',
      poi: { name: '康定换电站', address: '四川甘孜', longitude: 101.96, latitude: 30.05 },
    },
    { sectionType: 'power', power: { resourceId: 'PS-1', resourceName: '康定换电站', powerType: 'swap' } },
  ],
  videoList: [{ video_url: 'https://cdn.example.com/list.mp4' }],
};

describe('forum', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let client: TestAppClient;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    for (const [id, nickName, mobile] of [
      ['U1', '车主甲', '13800000001'],
      ['U2', '小明', '13800000002'],
      ['U3', '小红', '13800000003'],
    ] as const) {
      await insertAccount(db, 'nio', id, { nickName, mobile });
    }
    await insertAccount(db, 'nio', 'GONE', { isDelete: true });
    await insertAccount(db, 'pe', 'P1', { nickName: 'pe user', mobile: '13900000001' });
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { payload, cookie = operator, tenant = 'nio' } = {} as {
      payload?: object;
      cookie?: string;
      tenant?: string;
    },
  ) => sut.app.inject({ method, url: `/api/${tenant}/forum${path}`, headers: { cookie }, payload });

  const post = async (values: Partial<AppPostCreate> = {}, by = client) => {
    const response = await sendSigned(sut, by, 'POST', '/api/app/forum/posts', {
      accountId: 'U1',
      postContent: '今天在世纪大道站充电很快',
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AppIntakeResult>();
  };
  const reply = async (postId: number, values: object = {}) => {
    const response = await sendSigned(sut, client, 'POST', `/api/app/forum/posts/${postId}/replies`, {
      accountId: 'U2',
      replyContent: '同感',
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AppIntakeResult>();
  };
  const list = async (query = '', cookie = operator) => {
    const response = await call('GET', `/posts${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ForumPostPage>();
  };
  const replies = async (query = '', cookie = operator) => {
    const response = await call('GET', `/replies${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ForumReplyPage>();
  };
  const appRead = async (query = '') => {
    const response = await sendSigned(sut, client, 'GET', `/api/app/forum/posts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { postId: number }[]; total: number }>();
  };
  const setTime = (postId: number, iso: string) =>
    sut.database.db
      .update(forumPosts)
      .set({ publicTime: new Date(iso) })
      .where(eq(forumPosts.postId, postId));
  const addWords = async (words: string[]) => {
    const response = await call('POST', '/sensitive-words/bulk', { payload: { words } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const setRule = async (matchRule: 'hold' | 'flag') => {
    const response = await call('PUT', '/sensitive-word-rule', { payload: { matchRule } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('should take a share and an article through the signed app API and show them to staff', async () => {
    const share = await post({
      topicTitle: '充电日常',
      postTopic: 'T-9',
      imageList: ['https://cdn.example.com/1.png'],
    });
    const note = await post({
      accountId: 'U2',
      postType: 1,
      title: '川西换电之旅',
      postContent: ARTICLE as never,
      videos: [{ video_url: 'https://cdn.example.com/v.mp4', cover_url: 'https://cdn.example.com/v.png' }],
      docs: [{ docUrl: 'https://cdn.example.com/route.pdf', docName: '路线.pdf' }],
    });
    expect(share).toEqual({ id: expect.any(Number), illegalWordArr: [], shown: true });
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.items.map((p) => p.postId)).toEqual([note.id, share.id]);
    expect(page.items[1]).toMatchObject({
      postType: 0,
      postTopic: 'T-9',
      topicTitle: '充电日常',
      postContent: '今天在世纪大道站充电很快',
      imageList: ['https://cdn.example.com/1.png'],
      publicStatus: 1,
      portalHaveRead: 0,
      recommendation: 0,
      selfPrivate: 0,
      portalHidden: 0,
      replyCount: 0,
      thumbCount: 0,
      illegalWords: null,
      illegalWordArr: [],
      account: { accountId: 'U1', nickname: '车主甲', mobile: '13800000001' },
    });
    const detail = await call('GET', `/posts/${note.id}`, { cookie: viewer });
    const body = detail.json<ForumPostDetail>();
    expect(body.postType).toBe(1);
    expect(body.account.mobile).toBe('138****0002');
    expect(body.docs).toEqual([{ docUrl: 'https://cdn.example.com/route.pdf', docName: '路线.pdf' }]);
    expect(body.article?.sections.map((s) => s.sectionType)).toEqual([
      'text',
      'image',
      'video',
      'poi',
      'power',
    ]);
    expect(body.article?.cover?.url).toBe('https://cdn.example.com/cover.png');
    expect(body.article?.videoList).toEqual([{ video_url: 'https://cdn.example.com/list.mp4' }]);
  });

  it('should refuse malformed sections, a share with sections, an unknown account and another tenant’s account', async () => {
    const bad = await sendSigned(sut, client, 'POST', '/api/app/forum/posts', {
      accountId: 'U1',
      postType: 1,
      postContent: { sections: [{ sectionType: 'poi', poi: { name: 'x', longitude: 500, latitude: 0 } }] },
    });
    expect(bad.statusCode).toBe(400);
    const unknownType = await sendSigned(sut, client, 'POST', '/api/app/forum/posts', {
      accountId: 'U1',
      postType: 1,
      postContent: { sections: [{ sectionType: 'music', content: 'x' }] },
    });
    expect(unknownType.statusCode).toBe(400);
    const annotation = await sendSigned(sut, client, 'POST', '/api/app/forum/posts', {
      accountId: 'U1',
      postType: 1,
      postContent: {
        sections: [{ sectionType: 'text', content: 'ab', annotations: [{ type: 'bold', start: 0, end: 9 }] }],
      },
    });
    expect(annotation.statusCode).toBe(400);
    const shareWithSections = await sendSigned(sut, client, 'POST', '/api/app/forum/posts', {
      accountId: 'U1',
      postContent: ARTICLE,
    });
    expect(shareWithSections.statusCode).toBe(400);
    for (const accountId of ['NOPE', 'GONE', 'P1']) {
      const refused = await sendSigned(sut, client, 'POST', '/api/app/forum/posts', {
        accountId,
        postContent: 'hi',
      });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).code).toBe('user_not_found');
    }
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/forum/posts',
      payload: { accountId: 'U1', postContent: 'hi' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await list()).total).toBe(0);
  });

  it('should filter the post list by every field of the spec, newest first, in pages of 20', async () => {
    const a = await post({ postContent: '换电站排队好久', topicTitle: '换电体验', postTopic: 'T-1' });
    const b = await post({
      accountId: 'U2',
      postContent: '充电桩很新',
      topicTitle: '充电日常',
      postTopic: 'T-2',
      selfPrivate: 1,
    });
    const c = await post({ accountId: 'U3', postType: 1, title: '长途', postContent: ARTICLE as never });
    await setTime(a.id, '2025-03-01T00:00:00Z');
    await setTime(b.id, '2025-03-02T00:00:00Z');
    await setTime(c.id, '2025-03-03T00:00:00Z');
    await call('POST', `/recommend-post/${a.id}/1`);
    await call('POST', `/hide-post/${b.id}/1`);
    await call('POST', `/post-have-read/${c.id}/1`);
    await call('POST', `/publish-post/${c.id}/0`);
    const ids = async (query: string) => (await list(query)).items.map((p) => p.postId);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?sort=public_time:asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?postContent=排队')).toEqual([a.id]);
    expect(await ids('?postContent=川西')).toEqual([c.id]);
    expect(await ids(`?postId=${b.id}`)).toEqual([b.id]);
    expect(await ids('?topicTitle=充电')).toEqual([b.id]);
    expect(await ids('?postTopicId=T-1')).toEqual([a.id]);
    expect(await ids('?postUserMobile=13800000003')).toEqual([c.id]);
    expect(await ids('?postUserMobile=13900000001')).toEqual([]);
    const start = Date.parse('2025-03-02T00:00:00Z');
    expect(await ids(`?publicTimeStart=${start}&publicTimeEnd=${start}`)).toEqual([b.id]);
    expect(await ids(`?publicTimeStart=${start}`)).toEqual([c.id, b.id]);
    expect(await ids('?publicStatus=0')).toEqual([c.id]);
    expect(await ids('?recommendation=1')).toEqual([a.id]);
    expect(await ids('?selfPrivate=1')).toEqual([b.id]);
    expect(await ids('?portalHidden=1')).toEqual([b.id]);
    expect(await ids('?portalHaveRead=1')).toEqual([c.id]);
    expect(await ids('?pageNo=2&pageSize=2')).toEqual([a.id]);
    const defaults = await list();
    expect(defaults.items).toHaveLength(3);
    for (const bad of ['?sort=plain_text:asc', '?publicStatus=2', '?postId=abc', '?pageSize=0']) {
      expect((await call('GET', `/posts${bad}`)).statusCode).toBe(400);
    }
    const exported = await call('GET', '/posts/export?format=csv&topicTitle=换电', { cookie: viewer });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('换电站排队好久');
    expect(exported.body).toContain('138****0001');
    expect(exported.body).not.toContain('充电桩很新');
  });

  it('should set and take back each mark, audit it as the post’s history, and refuse viewers and other tenants', async () => {
    const { id } = await post();
    for (const path of ['post-have-read', 'publish-post', 'recommend-post', 'hide-post']) {
      expect((await call('POST', `/${path}/${id}/1`, { cookie: viewer })).statusCode).toBe(403);
    }
    const read = await call('POST', `/post-have-read/${id}/1`);
    expect(read.json<ForumPost>().portalHaveRead).toBe(1);
    const recommended = await call('POST', `/recommend-post/${id}/1`);
    expect(recommended.json<ForumPost>()).toMatchObject({ recommendation: 1, portalHaveRead: 1 });
    const hidden = await call('POST', `/hide-post/${id}/1`);
    expect(hidden.json<ForumPost>().portalHidden).toBe(1);
    const again = await call('POST', `/hide-post/${id}/1`);
    expect(again.statusCode).toBe(200);
    const shown = await call('POST', `/hide-post/${id}/0`);
    expect(shown.json<ForumPost>().portalHidden).toBe(0);
    const withdrawn = await call('POST', `/publish-post/${id}/0`);
    expect(withdrawn.json<ForumPost>().publicStatus).toBe(0);
    const history = await call('GET', `/posts/${id}/operations`, { cookie: viewer });
    expect(
      history.json<{ items: ForumOperation[] }>().items.map((o) => [o.action, o.flag, o.operator]),
    ).toEqual([
      ['FORUM_POST_PUBLISH', 0, 'nio-operator'],
      ['FORUM_POST_HIDE', 0, 'nio-operator'],
      ['FORUM_POST_HIDE', 1, 'nio-operator'],
      ['FORUM_POST_RECOMMEND', 1, 'nio-operator'],
      ['FORUM_POST_HAVE_READ', 1, 'nio-operator'],
    ]);
    expect((await call('POST', `/hide-post/${id}/2`)).statusCode).toBe(400);
    expect((await call('POST', `/hide-post/0/1`)).statusCode).toBe(400);
    const missing = await call('POST', `/hide-post/${id + 100}/1`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('forum_post_not_found');
    const peOperator = await sut.userWith('operator', 'pe');
    const otherTenant = await call('POST', `/hide-post/${id}/1`, { cookie: peOperator, tenant: 'pe' });
    expect(otherTenant.statusCode).toBe(404);
    expect((await call('GET', `/posts/${id}`, { cookie: peOperator })).statusCode).toBe(403);
  });

  it('should mark a selection in one change, counting what had the mark, and change nothing when one is missing', async () => {
    const a = await post();
    const b = await post();
    const c = await post();
    await call('POST', `/hide-post/${c.id}/1`);
    const bulk = await call('POST', '/posts/marks', {
      payload: { mark: 'hide', flag: 1, postIds: [a.id, b.id, c.id] },
    });
    expect(bulk.json<BulkResult>()).toEqual({ changed: 2, unchanged: 1 });
    expect((await list('?portalHidden=1')).total).toBe(3);
    const refused = await call('POST', '/posts/marks', {
      payload: { mark: 'hide', flag: 0, postIds: [a.id, 999_999] },
    });
    expect(refused.statusCode).toBe(404);
    expect((await list('?portalHidden=1')).total).toBe(3);
    expect(
      (
        await call('POST', '/posts/marks', {
          payload: { mark: 'hide', flag: 0, postIds: [a.id] },
          cookie: viewer,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/posts/marks', { payload: { mark: 'delete', flag: 1, postIds: [a.id] } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/posts/marks', { payload: { mark: 'hide', flag: 1, postIds: [] } })).statusCode,
    ).toBe(400);
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'forum_post'), eq(auditRecords.action, 'FORUM_POST_HIDE')));
    expect(audits).toHaveLength(3);
    expect(audits.filter((r) => (r.extData as { bulk?: boolean } | null)?.bulk)).toHaveLength(2);
  });

  it('should take first- and second-level replies, keep the counts, filter the reply list and hide replies', async () => {
    const { id } = await post();
    const first = await reply(id, { replyPicture: 'https://cdn.example.com/r.png', replySource: 'app' });
    const second = await reply(id, { accountId: 'U1', replyContent: '谢谢', parentReplyId: first.id });
    const third = await reply(id, {
      accountId: 'U3',
      replyContent: '我也去过',
      parentReplyId: first.id,
      toAccount: 'U1',
      selfPrivate: 1,
    });
    const page = await replies();
    expect(page.items.map((r) => r.replyId)).toEqual([third.id, second.id, first.id]);
    expect(page.items[1]).toMatchObject({
      replyLevel: 2,
      postId: id,
      parentReplyId: first.id,
      replyContent: '谢谢',
      replyText: '谢谢',
      accountId: 'U1',
      fromAccount: { accountId: 'U1', nickname: '车主甲', mobile: '13800000001' },
      toAccount: { accountId: 'U2', nickname: '小明', mobile: '13800000002' },
    });
    expect(page.items[2]).toMatchObject({
      replyLevel: 1,
      toAccount: null,
      replyPicture: 'https://cdn.example.com/r.png',
      replySource: 'app',
    });
    expect((await list()).items[0]).toMatchObject({ replyCount: 3 });
    const ids = async (query: string) => (await replies(query)).items.map((r) => r.replyId);
    expect(await ids('?replyContent=谢')).toEqual([second.id]);
    expect(await ids(`?postId=${id}&replyLevel=1`)).toEqual([first.id]);
    expect(await ids(`?replyId=${third.id}`)).toEqual([third.id]);
    expect(await ids('?replyFromMobile=13800000003')).toEqual([third.id]);
    expect(await ids('?replyToMobile=13800000001')).toEqual([third.id]);
    expect(await ids('?selfPrivate=1')).toEqual([third.id]);
    expect(await ids('?sort=reply_time:asc')).toEqual([first.id, second.id, third.id]);
    const now = Date.now();
    expect(await ids(`?publicTimeStart=${now + 60_000}`)).toEqual([]);
    expect(await ids(`?publicTimeEnd=${now + 60_000}`)).toHaveLength(3);
    const masked = await replies('', viewer);
    expect(masked.items[0]!.fromAccount.mobile).toBe('138****0003');

    const hidden = await call('POST', `/hide-reply/${first.id}/1`);
    expect(hidden.json<ForumReply>().portalHidden).toBe(1);
    expect(await ids('?portalHidden=1')).toEqual([first.id]);
    expect((await call('POST', `/hide-reply/${first.id}/1`, { cookie: viewer })).statusCode).toBe(403);
    const bulk = await call('POST', '/replies/hide', {
      payload: { flag: 1, replyIds: [first.id, second.id] },
    });
    expect(bulk.json<BulkResult>()).toEqual({ changed: 1, unchanged: 1 });
    const history = await call('GET', `/posts/${id}/operations`);
    expect(history.json<{ items: ForumOperation[] }>().items.map((o) => [o.action, o.flag, o.bulk])).toEqual([
      ['FORUM_REPLY_HIDE', 1, true],
      ['FORUM_REPLY_HIDE', 1, false],
    ]);
    const exported = await call('GET', `/replies/export?format=csv&postId=${id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('我也去过');

    const badParent = await sendSigned(sut, client, 'POST', `/api/app/forum/posts/${id}/replies`, {
      accountId: 'U2',
      replyContent: 'x',
      parentReplyId: 999_999,
    });
    expect(badParent.statusCode).toBe(404);
    const toWithoutParent = await sendSigned(sut, client, 'POST', `/api/app/forum/posts/${id}/replies`, {
      accountId: 'U2',
      replyContent: 'x',
      toAccount: 'U1',
    });
    expect(toWithoutParent.statusCode).toBe(422);
    const noPost = await sendSigned(sut, client, 'POST', '/api/app/forum/posts/999999/replies', {
      accountId: 'U2',
      replyContent: 'x',
    });
    expect(errorOf(noPost).code).toBe('forum_post_not_found');
  });

  it('should count a thumb once per account', async () => {
    const { id } = await post();
    const thumb = (accountId: string) =>
      sendSigned(sut, client, 'POST', `/api/app/forum/posts/${id}/thumbs`, { accountId });
    expect((await thumb('U2')).json()).toEqual({ postId: id, thumbCount: 1, added: true });
    expect((await thumb('U2')).json()).toEqual({ postId: id, thumbCount: 1, added: false });
    expect((await thumb('U3')).json()).toEqual({ postId: id, thumbCount: 2, added: true });
    expect((await thumb('NOPE')).statusCode).toBe(422);
    expect((await list()).items[0]!.thumbCount).toBe(2);
  });

  it('should flag sensitive words on intake and publish under the flag rule', async () => {
    await addWords(['代充', 'VX', '刷单']);
    const rule = await call('GET', '/sensitive-word-rule', { cookie: viewer });
    expect(rule.json<SensitiveWordRule>()).toMatchObject({ matchRule: 'flag', words: 3 });
    const flagged = await post({ postContent: '低价代充，加vx联系' });
    expect(flagged).toEqual({ id: flagged.id, illegalWordArr: ['代充', 'VX'], shown: true });
    const [item] = (await list()).items;
    expect(item).toMatchObject({ publicStatus: 1, illegalWords: '代充,VX', illegalWordArr: ['代充', 'VX'] });
    const replied = await reply(flagged.id, { replyContent: '我也要刷单' });
    expect(replied).toMatchObject({ illegalWordArr: ['刷单'], shown: true });
    expect((await replies()).items[0]).toMatchObject({ portalHidden: 0, illegalWords: '刷单' });
    expect((await appRead()).items.map((p) => p.postId)).toEqual([flagged.id]);
  });

  it('should hold what matches under the hold rule until staff publish the post or show the reply', async () => {
    await call('POST', '/sensitive-words', { payload: { word: '代充' } });
    await setRule('hold');
    const clean = await post({ postContent: '正常分享' });
    const held = await post({ postType: 1, title: '代充优惠', postContent: ARTICLE as never });
    expect(held).toMatchObject({ illegalWordArr: ['代充'], shown: false });
    expect(clean.shown).toBe(true);
    expect((await list('?publicStatus=0')).items.map((p) => p.postId)).toEqual([held.id]);
    expect((await appRead()).items.map((p) => p.postId)).toEqual([clean.id]);
    const heldReply = await reply(clean.id, { replyContent: '找我代充' });
    expect(heldReply.shown).toBe(false);
    const appReplies = () => sendSigned(sut, client, 'GET', `/api/app/forum/posts/${clean.id}/replies`);
    expect((await appReplies()).json()).toEqual({ items: [], total: 0 });

    await call('POST', `/publish-post/${held.id}/1`);
    expect((await appRead()).items.map((p) => p.postId)).toEqual([held.id, clean.id]);
    await call('POST', `/hide-reply/${heldReply.id}/0`);
    expect((await appReplies()).json<{ total: number }>().total).toBe(1);
  });

  it('should match the list as it is now: a word added or deleted applies from the next intake', async () => {
    expect((await post({ postContent: '黄牛票' })).illegalWordArr).toEqual([]);
    const added = await call('POST', '/sensitive-words', { payload: { word: '黄牛' } });
    expect(added.statusCode).toBe(201);
    expect((await post({ postContent: '黄牛票' })).illegalWordArr).toEqual(['黄牛']);
    const taken = await call('POST', '/sensitive-words', { payload: { word: '黄牛' } });
    expect(taken.statusCode).toBe(409);
    const wordId = added.json<{ wordId: number }>().wordId;
    expect((await call('DELETE', `/sensitive-words/${wordId}`, { cookie: viewer })).statusCode).toBe(403);
    expect((await call('DELETE', `/sensitive-words/${wordId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/sensitive-words/${wordId}`)).statusCode).toBe(404);
    expect((await post({ postContent: '黄牛票' })).illegalWordArr).toEqual([]);
  });

  it('should match in another process against the list as changed in this one', async () => {
    const other = await buildApp({ config: sut.config, database: sut.database, logger: false });
    try {
      await other.ready();
      const intake = async () => {
        const body = JSON.stringify({ accountId: 'U1', postContent: '出黄牛票' });
        const path = '/api/app/forum/posts';
        const response = await other.inject({
          method: 'POST',
          url: path,
          headers: {
            'content-type': 'application/json',
            ...signedHeaders(client, { method: 'POST', path, body }),
          },
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<AppIntakeResult>().illegalWordArr;
      };
      expect(await intake()).toEqual([]);
      await addWords(['黄牛']);
      expect(await intake()).toEqual(['黄牛']);
    } finally {
      await other.close();
    }
  });

  it('should list, find, bulk add and export sensitive words, per tenant, audited', async () => {
    await addWords(['代充', '刷单', '代充', '外挂']);
    const bulk = await call('POST', '/sensitive-words/bulk', { payload: { words: ['外挂', '黄牛'] } });
    expect(bulk.json()).toEqual({ added: 1, existing: 1 });
    const page = await call('GET', '/sensitive-words?word=代', { cookie: viewer });
    expect(page.json<SensitiveWordPage>().items.map((w) => w.word)).toEqual(['代充']);
    const all = await call('GET', '/sensitive-words?pageSize=2');
    expect(all.json<SensitiveWordPage>()).toMatchObject({ total: 4 });
    const exported = await call('GET', '/sensitive-words/export?format=csv');
    expect(exported.body).toContain('黄牛');
    expect((await call('POST', '/sensitive-words', { payload: { word: 'a,b' } })).statusCode).toBe(400);
    expect((await call('POST', '/sensitive-words', { payload: { word: '  ' } })).statusCode).toBe(400);
    expect((await call('PUT', '/sensitive-word-rule', { payload: { matchRule: 'drop' } })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PUT', '/sensitive-word-rule', { payload: { matchRule: 'hold' }, cookie: viewer }))
        .statusCode,
    ).toBe(403);
    const peOperator = await sut.userWith('operator', 'pe');
    const pe = await call('GET', '/sensitive-words', { cookie: peOperator, tenant: 'pe' });
    expect(pe.json<SensitiveWordPage>().total).toBe(0);
    const peClient = await createAppClient(sut, 'pe');
    expect((await post({ accountId: 'P1', postContent: '代充' }, peClient)).illegalWordArr).toEqual([]);
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityType, 'forum_sensitive_word'));
    expect(audits.map((a) => a.action).sort()).toEqual(['FORUM_WORD_BULK_ADD', 'FORUM_WORD_BULK_ADD']);
  });

  it('should give the apps only published, shown, public posts, recommended first when asked, and drop a post once hidden', async () => {
    const a = await post({ postContent: 'A' });
    const b = await post({ postContent: 'B' });
    const c = await post({ postContent: 'C', selfPrivate: 1 });
    await setTime(a.id, '2025-01-01T00:00:00Z');
    await setTime(b.id, '2025-01-02T00:00:00Z');
    await setTime(c.id, '2025-01-03T00:00:00Z');
    await call('POST', `/recommend-post/${a.id}/1`);
    await reply(b.id);
    expect((await appRead()).items.map((p) => p.postId)).toEqual([b.id, a.id]);
    expect((await appRead('?recommendedFirst=1')).items.map((p) => p.postId)).toEqual([a.id, b.id]);
    const one = await sendSigned(sut, client, 'GET', `/api/app/forum/posts/${b.id}`);
    expect(one.json()).toMatchObject({
      postId: b.id,
      replyCount: 1,
      account: { accountId: 'U1', nickname: '车主甲' },
    });
    expect(one.json()).not.toHaveProperty('illegalWords');

    await call('POST', `/hide-post/${b.id}/1`);
    expect((await appRead()).items.map((p) => p.postId)).toEqual([a.id]);
    expect((await sendSigned(sut, client, 'GET', `/api/app/forum/posts/${b.id}`)).statusCode).toBe(404);
    expect((await sendSigned(sut, client, 'GET', `/api/app/forum/posts/${b.id}/replies`)).statusCode).toBe(
      404,
    );
    expect((await sendSigned(sut, client, 'GET', `/api/app/forum/posts/${c.id}`)).statusCode).toBe(404);

    const peClient = await createAppClient(sut, 'pe');
    const pe = await sendSigned(sut, peClient, 'GET', '/api/app/forum/posts');
    expect(pe.json()).toEqual({ items: [], total: 0 });
  });

  it('should show the in-app post page a shown post with its shown replies, publicly, and nothing else', async () => {
    const { id } = await post({ postContent: '公开的帖子' });
    await reply(id, { replyContent: '第一条' });
    const hidden = await reply(id, { replyContent: '被隐藏' });
    await call('POST', `/hide-reply/${hidden.id}/1`);
    const page = await sut.app.inject({
      method: 'GET',
      url: `/api/public/forum/posts/${id}?tenant=nio`,
      headers: { cookie: '' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      post: { postId: id, postContent: '公开的帖子', replyCount: 2 },
      replies: [{ replyContent: '第一条' }],
      replyTotal: 1,
    });
    expect(
      (await sut.app.inject({ method: 'GET', url: `/api/public/forum/posts/${id}?tenant=pe` })).statusCode,
    ).toBe(404);
    expect(
      (await sut.app.inject({ method: 'GET', url: `/api/public/forum/posts/${id}?tenant=xx` })).statusCode,
    ).toBe(400);
    await call('POST', `/hide-post/${id}/1`);
    expect(
      (await sut.app.inject({ method: 'GET', url: `/api/public/forum/posts/${id}?tenant=nio` })).statusCode,
    ).toBe(404);
  });
});
