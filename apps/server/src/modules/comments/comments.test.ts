import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Comment,
  CommentOperationPage,
  CommenterAccount,
  CommentSummary,
} from '@cmp/domain/comments/comment-contracts';
import type { OperationListPage } from '@cmp/domain/stations/operation-list-item';
import { createVendor, sendComment, type TestVendor } from '../../test/comment-fixtures.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { eq } from 'drizzle-orm';
import { resources } from '../stations/stations.tables.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { insertAccount } from '../../test/account-fixtures.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 2);

describe('comments for staff', () => {
  let sut: TestContext;
  let viewer: string;
  let operator: string;
  let vendor: TestVendor;
  /** commentaryId by the vendor's external id. */
  const ids: Record<string, number> = {};

  beforeEach(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
    operator = await sut.userWith('operator', 'nio');
    const admin = await sut.userWith('admin', 'nio');
    const db = sut.database.db;
    await insertOperator(db, { operatorId: 'OP-A', equipmentOwnerId: 'OWN-A' });
    await insertOperator(db, { operatorId: 'OP-B', equipmentOwnerId: 'OWN-B' });
    await insertChargeStation(db, 'CS-SH', {
      operatorId: 'OP-A',
      equipmentOwnerId: 'OWN-A',
      description: '地下车库 B2',
    });
    await insertChargeStation(db, 'CS-BJ', {
      operatorId: 'OP-B',
      equipmentOwnerId: 'OWN-B',
      regionId: '110105',
      cityId: '110100',
      provinceId: '110000',
      address: '朝阳路 8 号',
    });
    await insertSwapStation(db, 'PS-SH');
    vendor = await createVendor(sut, admin);
    const send = async (externalId: string, resourceId: string, more: object) => {
      const response = await sendComment(sut, vendor, { externalId, resourceId, ...more });
      expect(response.statusCode).toBe(201);
      ids[externalId] = response.json<{ commentaryId: number }>().commentaryId;
    };
    await send('c1', 'CS-SH', {
      rating: 5,
      commentaryTime: T0,
      commentaryText: '很快',
      commentaryTag: ['充电快'],
      userMobile: '13800000001',
      client: 'nio_app',
      thumbs: 3,
    });
    await send('c2', 'CS-SH', {
      rating: 3,
      commentaryTime: T0 + DAY,
      commentaryTag: ['充电快', '车位少'],
      userMobile: '13800000002',
      client: 'pe_app',
      accountId: 'ACC-2',
    });
    await send('c3', 'CS-BJ', {
      rating: 1,
      commentaryTime: T0 + 2 * DAY,
      commentaryText: '排队太久',
      userMobile: '13800000003',
      client: 'nio_app',
      accountId: 'ACC-2',
      userName: '李四',
    });
    await send('c4', 'PS-SH', {
      rating: 4,
      commentaryTime: T0 + 3 * DAY,
      commentaryText: '',
      client: 'other',
      thumbs: 9,
    });
  });
  afterEach(() => sut.app.close());

  const search = async (body: object, cookie = viewer) => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/search',
      headers: { cookie },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Comment[]; total: number }>();
  };
  const found = async (body: object) => (await search(body)).items.map((c) => c.commentaryId);
  const mark = (commentaryId: number, action: string, cookie = operator) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/nio/comments/${commentaryId}/mark`,
      headers: { cookie },
      payload: { action },
    });

  it('should list newest first with the station, operator, region and user of each comment', async () => {
    const page = await search({});
    expect(page.total).toBe(4);
    expect(page.items.map((c) => c.commentaryId)).toEqual([ids.c4, ids.c3, ids.c2, ids.c1]);
    expect(page.items[1]).toMatchObject({
      rating: 1,
      commentaryText: '排队太久',
      userName: '李四',
      resourceId: 'CS-BJ',
      resourceType: 'ChargeStation',
      operatorName: 'operator OP-B',
      equipmentOwner: 'owner OWN-B',
      address: '朝阳路 8 号',
      client: 'nio_app',
      scene: 'charge',
      replyNumber: 0,
      replies: [],
    });
    expect(page.items[1]!.region).toContain('朝阳');
  });

  it.each([
    ['commentaryIdList', () => ({ commentaryIdList: [ids.c1!, ids.c3!] }), ['c3', 'c1']],
    ['hasCommentaryText true', () => ({ hasCommentaryText: true }), ['c3', 'c1']],
    ['hasCommentaryText false', () => ({ hasCommentaryText: false }), ['c4', 'c2']],
    ['chargeStationOperatorId', () => ({ chargeStationOperatorId: 'OP-B' }), ['c3']],
    ['equipmentOwnerId', () => ({ equipmentOwnerId: 'OWN-A' }), ['c2', 'c1']],
    ['chargeStationRegionId (province)', () => ({ chargeStationRegionId: '110000' }), ['c3']],
    ['chargeStationRegionId (district)', () => ({ chargeStationRegionId: '310101' }), ['c4', 'c2', 'c1']],
    ['startTime and endTime', () => ({ startTime: T0 + DAY, endTime: T0 + 2 * DAY }), ['c3', 'c2']],
    ['chargeStationAddress', () => ({ chargeStationAddress: '朝阳' }), ['c3']],
    ['chargeStationDescription', () => ({ chargeStationDescription: 'b2' }), ['c2', 'c1']],
    ['mobile', () => ({ mobile: '13800000002' }), ['c2']],
    ['resourceId', () => ({ resourceId: 'PS-SH' }), ['c4']],
    ['client', () => ({ client: 'nio_app' }), ['c3', 'c1']],
    ['accountId', () => ({ accountId: 'ACC-2' }), ['c3', 'c2']],
  ])('should filter by %s', async (_name, filter, expected) => {
    expect(await found(filter())).toEqual(expected.map((key) => ids[key]));
  });

  it('should filter by the reply count once staff replied', async () => {
    await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/official-replies',
      headers: { cookie: operator },
      payload: { commentaryId: ids.c2, text: '已安排增加车位' },
    });
    expect(await found({ replyNumberMin: 1 })).toEqual([ids.c2]);
    expect(await found({ replyNumberMax: 0 })).toEqual([ids.c4, ids.c3, ids.c1]);
  });

  it.each([
    ['rating:asc', ['c3', 'c2', 'c4', 'c1']],
    ['thumbs:desc', ['c4', 'c1', 'c3', 'c2']],
    ['commentaryTime:asc', ['c1', 'c2', 'c3', 'c4']],
  ])('should sort by %s', async (sort, expected) => {
    expect(await found({ sort })).toEqual(expected.map((key) => ids[key]));
  });

  it('should page with the total of the whole filter, and refuse a column it cannot sort by', async () => {
    const second = await search({ pageNo: 2, pageSize: 3 });
    expect(second.total).toBe(4);
    expect(second.items.map((c) => c.commentaryId)).toEqual([ids.c1]);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/search',
      headers: { cookie: viewer },
      payload: { sort: 'userMobile:asc' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('should keep the total of the whole list exact as comments come and go', async () => {
    expect((await search({})).total).toBe(4);
    await sut.database.db.delete(resources).where(eq(resources.resourceId, 'CS-SH'));
    expect((await search({})).total).toBe(2);
    expect((await search({ client: 'nio_app' })).total).toBe(1);
    const pe = await sut.userWith('admin', 'pe');
    const peVendor = await createVendor(sut, pe, {}, 'pe');
    expect((await sendComment(sut, peVendor, { externalId: 'p1', resourceId: 'PS-SH' })).statusCode).toBe(
      201,
    );
    expect((await search({})).total).toBe(2);
  });

  it('should mask mobile numbers for viewers and show them whole to operators', async () => {
    expect((await search({ commentaryIdList: [ids.c1!] })).items[0]!.userMobile).toBe('138****0001');
    expect((await search({ commentaryIdList: [ids.c1!] }, operator)).items[0]!.userMobile).toBe(
      '13800000001',
    );
  });

  it("should export the filtered list with the screen's columns, mobiles masked for viewers", async () => {
    const exportOf = (cookie: string) =>
      sut.app.inject({
        method: 'GET',
        url: `/api/nio/comments/export?client=nio_app&sort=commentaryTime:asc&columns=commentaryId,rating,station,actions,userMobile,state`,
        headers: { cookie, 'accept-language': 'zh-CN' },
      });
    const sheet = await sheetOf(await exportOf(viewer));
    expect(rowValues(sheet, 1)).toEqual(['评论ID', '评分', '站点', '手机号', '状态']);
    expect(rowValues(sheet, 2)).toEqual([ids.c1, 5, 'station CS-SH (CS-SH)', '138****0001', '展示中']);
    expect(rowValues(sheet, 3)).toEqual([ids.c3, 1, 'station CS-BJ (CS-BJ)', '138****0003', '展示中']);
    expect(sheet.rowCount).toBe(3);
    expect(rowValues(await sheetOf(await exportOf(operator)), 2)[3]).toBe('13800000001');
  });

  it('should keep each tenant to its own comments', async () => {
    const pe = await sut.userWith('operator', 'pe');
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/pe/comments/search',
      headers: { cookie: pe },
      payload: {},
    });
    expect(response.json()).toEqual({ items: [], total: 0 });
    expect(
      (await sut.app.inject({ method: 'GET', url: `/api/pe/comments/${ids.c1}`, headers: { cookie: pe } }))
        .statusCode,
    ).toBe(404);
    const marked = await sut.app.inject({
      method: 'POST',
      url: `/api/pe/comments/${ids.c1}/mark`,
      headers: { cookie: pe },
      payload: { action: 'TOP_COMMENT' },
    });
    expect(marked.statusCode).toBe(404);
  });

  it('should mark a comment, record the change once, and refuse viewers', async () => {
    const topped = await mark(ids.c1!, 'TOP_COMMENT');
    expect(topped.statusCode).toBe(200);
    expect(topped.json<Comment>()).toMatchObject({ top: true, state: 'visible' });
    expect((await mark(ids.c1!, 'TOP_COMMENT')).statusCode).toBe(200);
    const hidden = await mark(ids.c1!, 'HIDE_COMMENT');
    expect(hidden.json<Comment>()).toMatchObject({ droppedByAdmin: true, state: 'hidden_by_admin' });
    expect((await mark(ids.c1!, 'FOCUSED', viewer)).statusCode).toBe(403);

    const history = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/operations',
      headers: { cookie: viewer },
      payload: { commentaryId: ids.c1 },
    });
    const page = history.json<CommentOperationPage>();
    expect(page.total).toBe(2);
    expect(page.items.map((r) => [r.action, r.before, r.after, r.userName, r.userType])).toEqual([
      ['HIDE_COMMENT', { droppedByAdmin: false }, { droppedByAdmin: true }, 'nio-operator', 'staff'],
      ['TOP_COMMENT', { top: false }, { top: true }, 'nio-operator', 'staff'],
    ]);
  });

  it('should batch mark, count what changed, and keep the stations focused counts', async () => {
    await mark(ids.c1!, 'FOCUSED');
    const batch = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/batch-mark',
      headers: { cookie: operator },
      payload: { commentaryIds: [ids.c1, ids.c2, ids.c3], action: 'FOCUSED' },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual({ changed: 2, unchanged: 1 });
    const stations = async (filter: string) =>
      (
        await sut.app.inject({
          method: 'GET',
          url: `/api/nio/stations?${filter}`,
          headers: { cookie: viewer },
        })
      ).json<OperationListPage>();
    const all = await stations('sort=resourceId:asc');
    expect(all.items.map((s) => [s.resourceId, s.commentaryNumber, s.focusedCommentaryNumber])).toEqual([
      ['CS-BJ', 1, 1],
      ['CS-SH', 2, 2],
      ['PS-SH', 1, 0],
    ]);
    expect((await stations('focusedCommentaryNumberMin=1')).total).toBe(2);
    expect((await stations('hasComments=true')).total).toBe(3);

    await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/batch-mark',
      headers: { cookie: operator },
      payload: { commentaryIds: [ids.c1, ids.c2], action: 'CANCEL_FOCUSED' },
    });
    expect((await stations('focusedCommentaryNumberMin=1')).items.map((s) => s.resourceId)).toEqual([
      'CS-BJ',
    ]);

    const unknown = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/batch-mark',
      headers: { cookie: operator },
      payload: { commentaryIds: [ids.c4, 999_999], action: 'HIDE_COMMENT' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await search({ commentaryIdList: [ids.c4!] })).items[0]!.droppedByAdmin).toBe(false);
  });

  it('should write one official reply, refuse a second, and record its edit with before and after', async () => {
    const reply = (cookie = operator, text = '感谢反馈，我们会尽快处理') =>
      sut.app.inject({
        method: 'POST',
        url: '/api/nio/comments/official-replies',
        headers: { cookie, 'accept-language': 'zh-CN' },
        payload: { commentaryId: ids.c3, text },
      });
    expect((await reply(viewer)).statusCode).toBe(403);
    const created = await reply();
    expect(created.statusCode).toBe(201);
    const comment = created.json<Comment>();
    expect(comment.replyNumber).toBe(1);
    expect(comment.replies).toEqual([
      expect.objectContaining({
        text: '感谢反馈，我们会尽快处理',
        userName: 'nio-operator',
        userType: 'staff',
      }),
    ]);
    const second = await reply();
    expect(second.statusCode).toBe(422);
    expect(errorOf(second).message).toBe('该评论已有官方回复，请编辑该回复');
    const empty = await reply(operator, '   ');
    expect(empty.statusCode).toBe(400);

    const edited = await sut.app.inject({
      method: 'PUT',
      url: `/api/nio/comments/official-replies/${comment.replies[0]!.replyId}`,
      headers: { cookie: operator },
      payload: { text: '已联系场站增加引导' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Comment>().replies[0]!.text).toBe('已联系场站增加引导');

    const history = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/operations',
      headers: { cookie: viewer },
      payload: { commentaryId: ids.c3, actions: ['UPDATE_REPLY'] },
    });
    expect(history.json<CommentOperationPage>().items).toEqual([
      expect.objectContaining({
        action: 'UPDATE_REPLY',
        before: { text: '感谢反馈，我们会尽快处理' },
        after: { text: '已联系场站增加引导' },
      }),
    ]);
  });

  it('should page operation records by lastRecordId and filter them by user and time', async () => {
    for (const action of ['TOP_COMMENT', 'FOCUSED', 'HIDE_COMMENT', 'CANCEL_TOP_COMMENT', 'CANCEL_FOCUSED']) {
      await mark(ids.c1!, action);
    }
    const operations = async (body: object) =>
      (
        await sut.app.inject({
          method: 'POST',
          url: '/api/nio/comments/operations',
          headers: { cookie: viewer },
          payload: body,
        })
      ).json<CommentOperationPage>();
    const first = await operations({ pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((r) => r.action)).toEqual(['CANCEL_FOCUSED', 'CANCEL_TOP_COMMENT']);
    const next = await operations({ pageSize: 2, lastRecordId: first.lastRecordId });
    expect(next.items.map((r) => r.action)).toEqual(['HIDE_COMMENT', 'FOCUSED']);
    const last = await operations({ pageSize: 2, lastRecordId: next.lastRecordId });
    expect(last.items.map((r) => r.action)).toEqual(['TOP_COMMENT']);
    expect(last.lastRecordId).toBeNull();
    expect((await operations({ actions: ['FOCUSED', 'CANCEL_FOCUSED'] })).total).toBe(2);
    expect((await operations({ userType: 'system' })).total).toBe(0);
    expect((await operations({ userId: first.items[0]!.userId })).total).toBe(5);
    expect((await operations({ operationTimeEnd: Date.now() - 3_600_000 })).total).toBe(0);
  });

  it("should give one comment's details and history by page, and refuse other tenants and bad ids", async () => {
    for (const action of ['TOP_COMMENT', 'FOCUSED', 'CANCEL_TOP_COMMENT']) await mark(ids.c1!, action);
    await mark(ids.c2!, 'FOCUSED');
    const get = (url: string, cookie = viewer) => sut.app.inject({ method: 'GET', url, headers: { cookie } });
    const operations = (body: object, tenant = 'nio', cookie = viewer) =>
      sut.app.inject({
        method: 'POST',
        url: `/api/${tenant}/comments/operations`,
        headers: { cookie },
        payload: body,
      });

    const detail = await get(`/api/nio/comments/${ids.c1}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Comment>()).toMatchObject({
      commentaryId: ids.c1,
      rating: 5,
      commentaryText: '很快',
      resourceId: 'CS-SH',
      focused: true,
      top: false,
    });
    const second = (
      await operations({ commentaryId: ids.c1, pageNo: 2, pageSize: 2 })
    ).json<CommentOperationPage>();
    expect(second.total).toBe(3);
    expect(second.items.map((r) => r.action)).toEqual(['TOP_COMMENT']);
    const filtered = (
      await operations({ commentaryId: ids.c1, actions: ['FOCUSED', 'CANCEL_FOCUSED'], userType: 'staff' })
    ).json<CommentOperationPage>();
    expect(filtered.items.map((r) => [r.commentaryId, r.action])).toEqual([[ids.c1, 'FOCUSED']]);

    const pe = await sut.userWith('operator', 'pe');
    expect((await get(`/api/nio/comments/${ids.c1}`, pe)).statusCode).toBe(403);
    expect((await operations({ commentaryId: ids.c1 }, 'nio', pe)).statusCode).toBe(403);
    expect((await get(`/api/pe/comments/${ids.c1}`, pe)).statusCode).toBe(404);
    const theirs = await operations({ commentaryId: ids.c1 }, 'pe', pe);
    expect(theirs.json<CommentOperationPage>()).toMatchObject({ items: [], total: 0 });
    const missing = await get('/api/nio/comments/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
    for (const bad of ['abc', '-1', '99999999999999999999', '1%20OR%201=1']) {
      expect((await get(`/api/nio/comments/${bad}`)).statusCode).toBe(400);
    }
    expect((await operations({ commentaryId: ids.c1, actions: ['DROP_TABLE'] })).statusCode).toBe(400);
    expect((await operations({ commentaryId: ids.c1, operationTimeBegin: 'yesterday' })).statusCode).toBe(
      400,
    );
  });

  it('should sum up a station by scene with its shown comments and tags', async () => {
    await mark(ids.c2!, 'HIDE_COMMENT');
    const summary = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/comments/summary?resource_id=CS-SH',
      headers: { cookie: viewer },
    });
    expect(summary.json<CommentSummary>()).toEqual({
      resourceId: 'CS-SH',
      overallScore: 5,
      overallLevel: 'excellent',
      times: 1,
      // The hidden one stays in the list for moderation; the summary says it left it out.
      notShown: 1,
      scenes: [
        {
          sceneName: 'charge',
          averageScore: 5,
          times: 1,
          tags: [{ id: '充电快', name: '充电快', amount: 1 }],
        },
      ],
    });
    await mark(ids.c2!, 'CANCEL_HIDE_COMMENT');
    const both = (
      await sut.app.inject({
        method: 'GET',
        url: '/api/nio/comments/summary?resource_id=CS-SH',
        headers: { cookie: viewer },
      })
    ).json<CommentSummary>();
    expect(both).toMatchObject({ overallScore: 4, overallLevel: 'good', times: 2, notShown: 0 });
    expect(both.scenes[0]!.tags).toEqual([
      { id: '充电快', name: '充电快', amount: 2 },
      { id: '车位少', name: '车位少', amount: 1 },
    ]);
    const tags = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/stations/CS-SH/tags',
      headers: { cookie: viewer },
    });
    expect(tags.json()).toMatchObject({ overallScore: 4, overallLevel: 'good' });
  });

  it('should offer the clients, scenes, states and vendors to choose from', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/comments/environment',
      headers: { cookie: viewer },
    });
    expect(response.json()).toEqual({
      clients: ['nio_app', 'pe_app', 'titan_app', 'pe_wx_mini', 'pe_alipay_mini', 'rsc_feishu_mini', 'other'],
      scenes: ['charge', 'swap', 'other'],
      states: ['visible', 'deleted_by_user', 'hidden_by_admin', 'account_cancelled', 'not_in_app'],
      vendors: [
        { applicationId: vendor.clientId, applicationName: 'Reviews Inc.', sourceId: expect.any(String) },
      ],
    });
  });

  it('should tell a commenter account from its comments, and list them', async () => {
    const account = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/comments/accounts/ACC-2',
      headers: { cookie: viewer },
    });
    expect(account.json<CommenterAccount>()).toMatchObject({
      accountId: 'ACC-2',
      userName: '李四',
      userMobile: '138****0003',
      client: 'nio_app',
      commentCount: 2,
      hiddenCount: 0,
      averageRating: 2,
      firstCommentTime: T0 + DAY,
      lastCommentTime: T0 + 2 * DAY,
    });
    expect(
      (
        await sut.app.inject({
          method: 'GET',
          url: '/api/nio/comments/accounts/NOBODY',
          headers: { cookie: viewer },
        })
      ).statusCode,
    ).toBe(404);
    const list = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/account',
      headers: { cookie: viewer },
      payload: { accountId: 'ACC-2', pageSize: 1 },
    });
    expect(list.json()).toMatchObject({ total: 2, items: [{ commentaryId: ids.c3 }] });
  });

  it('should name a commenter by their platform account when the tenant has it', async () => {
    await insertAccount(sut.database.db, 'nio', 'ACC-2', {
      name: '王五',
      nickName: '蔚蓝',
      mobile: '13912345678',
    });
    await insertAccount(sut.database.db, 'pe', 'ACC-1', { name: '别的租户' });
    const commenter = (accountId: string) =>
      sut.app.inject({
        method: 'GET',
        url: `/api/nio/comments/accounts/${accountId}`,
        headers: { cookie: viewer },
      });
    expect((await commenter('ACC-2')).json<CommenterAccount>()).toMatchObject({
      accountId: 'ACC-2',
      userName: '王五',
      userNickname: '蔚蓝',
      userMobile: '139****5678',
      commentCount: 2,
    });
    // Without an account of the tenant (pe's ACC-1 is another person), what the comments say.
    expect((await commenter('ACC-1')).json<CommenterAccount>()).toMatchObject({
      userName: null,
      commentCount: 2,
    });
  });
});
