import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { InvitePage, InviteRecord, InviteTree } from '@cmp/domain/invitations/invitations';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createAppClient, type TestAppClient } from '../../test/app-client-fixtures.js';
import { rowValues, sheetOf } from '../../test/export-files.js';
import { sendInvitation } from '../../test/invitation-fixtures.js';
import { insertAccount } from '../../test/relation-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1);

describe('invitations for staff', () => {
  let sut: TestContext;
  let client: TestAppClient;
  let operator: string;
  let viewer: string;
  beforeEach(async () => {
    sut = await createTestContext();
    client = await createAppClient(sut, 'nio');
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    sent = 0;
  });
  afterEach(() => sut.app.close());

  let sent = 0;
  /** Each invitation a day after the one before, so the newest is the last sent. */
  const invite = async (
    inviterId: string,
    userId: string,
    more: { kind?: 'car_purchase'; inviteStatus?: string } = {},
  ) => {
    const response = await sendInvitation(sut, client, {
      inviterId,
      userId,
      createTime: T0 + ++sent * DAY,
      ...more,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const get = <T>(url: string, cookie = operator) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });
  const revealRecords = () =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'account'), eq(auditRecords.action, 'account.mobile_revealed')));

  /** A invited B, C and D; B invited E and F; E invited G. H invited B to buy a car. */
  const seedTree = async () => {
    for (const id of ['ACC1', 'ACC2', 'ACC3', 'ACC4', 'ACC5', 'ACC6', 'ACC7', 'ACC8']) {
      await insertAccount(sut.database.db, id);
    }
    await invite('ACC1', 'ACC2');
    await invite('ACC1', 'ACC3', { inviteStatus: 'rewarded' });
    await invite('ACC1', 'ACC4', { inviteStatus: 'invalid' });
    await invite('ACC2', 'ACC5');
    await invite('ACC2', 'ACC6');
    await invite('ACC5', 'ACC7');
    await invite('ACC8', 'ACC2', { kind: 'car_purchase', inviteStatus: 'ordered' });
  };

  it('should list register invitations newest first with counts and accounts, filtered as the spec says', async () => {
    await seedTree();
    const all = await get<InvitePage>('/invitations/register');
    expect(all.total).toBe(6);
    expect(all.items.map((i) => `${i.inviterId}>${i.userId}:${i.invitedCount}`)).toEqual([
      'ACC5>ACC7:0',
      'ACC2>ACC6:0',
      'ACC2>ACC5:1',
      'ACC1>ACC4:0',
      'ACC1>ACC3:0',
      'ACC1>ACC2:2',
    ]);
    expect(all.items[5]).toMatchObject({
      kind: 'register',
      inviteStatus: 'registered',
      createTime: T0 + DAY,
      account: { accountId: 'ACC2', nickname: 'Nick ACC2', name: 'Name ACC2', mobile: '13800000002' },
      inviterAccount: { accountId: 'ACC1', nickname: 'Nick ACC1' },
    });

    // The whole list's total is the kept one: a sending again updates, it adds nothing.
    const again = await sendInvitation(sut, client, {
      inviterId: 'ACC1',
      userId: 'ACC2',
      inviteStatus: 'rewarded',
      createTime: T0 + DAY,
      updateTime: T0 + 9 * DAY,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await get<InvitePage>('/invitations/register')).total).toBe(6);
    expect((await get<InvitePage>('/invitations/car-purchase')).total).toBe(1);

    const byInviter = await get<InvitePage>('/invitations/register?inviterId=ACC1&pageSize=2&pageNo=2');
    expect(byInviter.total).toBe(3);
    expect(byInviter.items.map((i) => i.userId)).toEqual(['ACC2']);
    expect(
      (await get<InvitePage>('/invitations/register?inviteeId=ACC5')).items.map((i) => i.inviterId),
    ).toEqual(['ACC2']);
    const oldestFirst = await get<InvitePage>('/invitations/register?sort=createTime:asc&pageSize=1');
    expect(oldestFirst.items[0]!.userId).toBe('ACC2');
    const badSort = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/register?sort=userId:asc',
      headers: { cookie: operator },
    });
    expect(badSort.statusCode).toBe(400);

    const purchases = await get<InvitePage>('/invitations/car-purchase');
    expect(purchases.items).toEqual([
      expect.objectContaining({
        kind: 'car_purchase',
        userId: 'ACC2',
        inviterId: 'ACC8',
        inviteStatus: 'ordered',
        invitedCount: 0,
      }),
    ]);
    const peOperator = await sut.userWith('operator', 'pe');
    const pe = await sut.app.inject({
      method: 'GET',
      url: '/api/pe/invitations/register',
      headers: { cookie: peOperator },
    });
    expect(pe.json<InvitePage>().total).toBe(0);
  });

  it('should page by 20 and count invitees only for the rows of the page', async () => {
    await insertAccount(sut.database.db, 'ACC1');
    for (let i = 0; i < 25; i++) await invite('ACC1', `ACC-${100 + i}`);
    await invite('ACC-124', 'ACC-900');
    const first = await get<InvitePage>('/invitations/register?inviterId=ACC1');
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ userId: 'ACC-124', invitedCount: 1, account: null });
    expect((await get<InvitePage>('/invitations/register?inviterId=ACC1&pageNo=2')).items).toHaveLength(5);
  });

  it('should mask mobiles for viewers and audit a search by mobile that shows them whole', async () => {
    await seedTree();
    const asViewer = await get<InvitePage>('/invitations/register?mobile=13800000005', viewer);
    expect(asViewer.items.map((i) => [i.userId, i.account?.mobile])).toEqual([['ACC5', '138****0005']]);
    expect(await revealRecords()).toEqual([]);

    const asOperator = await get<InvitePage>('/invitations/register?mobile=13800000005');
    expect(asOperator.items[0]!.account!.mobile).toBe('13800000005');
    const [record] = await revealRecords();
    expect(record).toMatchObject({
      tenant: 'nio',
      actorUserName: 'nio-operator',
      entityId: 'ACC5',
      extData: {
        via: 'invitations.register',
        query: { mobile: '13800000005' },
        accountIds: ['ACC5'],
        count: 1,
      },
    });
    // A list not filtered by mobile is not a search for one.
    await get<InvitePage>('/invitations/register');
    expect(await revealRecords()).toHaveLength(1);
    expect((await get<InvitePage>('/invitations/register?mobile=13999999999')).total).toBe(0);
    expect(await revealRecords()).toHaveLength(1);
  });

  it("should answer a user's record: who invited them, how many they invited, their account", async () => {
    await seedTree();
    expect(await get<InviteRecord>('/invitations/register/ACC2/info')).toEqual({
      kind: 'register',
      userId: 'ACC2',
      inviterId: 'ACC1',
      inviteStatus: 'registered',
      createTime: T0 + DAY,
      invitedCount: 2,
      account: { accountId: 'ACC2', nickname: 'Nick ACC2', name: 'Name ACC2', mobile: '13800000002' },
      inviterAccount: { accountId: 'ACC1', nickname: 'Nick ACC1', name: 'Name ACC1', mobile: '13800000001' },
    });
    expect(await get<InviteRecord>('/invitations/register/ACC1/info', viewer)).toMatchObject({
      inviterId: null,
      invitedCount: 3,
      account: { mobile: '138****0001' },
      inviterAccount: null,
    });
    expect(await get<InviteRecord>('/invitations/car-purchase/ACC2/info')).toMatchObject({
      inviterId: 'ACC8',
      inviteStatus: 'ordered',
      invitedCount: 0,
    });
    const unknown = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/register/ACC-NOBODY/info',
      headers: { cookie: operator },
    });
    expect(unknown.statusCode).toBe(404);
    // Users whose ids are the words of the other paths still have records.
    for (const word of ['tree', 'export']) {
      const named = await sut.app.inject({
        method: 'GET',
        url: `/api/nio/invitations/register/${word}/info`,
        headers: { cookie: operator },
      });
      expect(named.statusCode, word).toBe(404);
      expect(named.json().error.code).toBe('not_found');
    }
    const badKind = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/friends',
      headers: { cookie: operator },
    });
    expect(badKind.statusCode).toBe(400);
  });

  it("should answer an inviter's tree level by level, bounded in depth and breadth, with counts", async () => {
    await seedTree();
    // A loop the app should not have sent: G invited A back.
    await invite('ACC7', 'ACC1');
    const tree = await get<InviteTree>('/invitations/register/tree?accountId=ACC1&depth=3');
    expect(tree.root).toMatchObject({
      accountId: 'ACC1',
      invitedCount: 3,
      account: { nickname: 'Nick ACC1' },
    });
    expect(tree.nodes.map((n) => `${n.level}:${n.inviterId}>${n.userId}(${n.invitedCount})`)).toEqual([
      '1:ACC1>ACC4(0)',
      '1:ACC1>ACC3(0)',
      '1:ACC1>ACC2(2)',
      '2:ACC2>ACC6(0)',
      '2:ACC2>ACC5(1)',
      '3:ACC5>ACC7(1)',
    ]);
    expect(tree.truncated).toBe(false);
    expect(tree.nodes[1]).toMatchObject({ inviteStatus: 'rewarded', account: { accountId: 'ACC3' } });

    const narrow = await get<InviteTree>('/invitations/register/tree?accountId=ACC1&depth=1&breadth=2');
    expect(narrow.nodes.map((n) => n.userId)).toEqual(['ACC4', 'ACC3']);
    // The screen expands a node by asking for its own level below.
    const below = await get<InviteTree>('/invitations/register/tree?accountId=ACC2&depth=1', viewer);
    expect(below.nodes.map((n) => [n.userId, n.account?.mobile])).toEqual([
      ['ACC6', '138****0006'],
      ['ACC5', '138****0005'],
    ]);
    expect(
      (await get<InviteTree>('/invitations/car-purchase/tree?accountId=ACC8')).nodes.map((n) => n.userId),
    ).toEqual(['ACC2']);
    const tooDeep = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/register/tree?accountId=ACC1&depth=4',
      headers: { cookie: operator },
    });
    expect(tooDeep.statusCode).toBe(400);
  });

  it('should export a kind’s list with its filter, its status labels and its columns', async () => {
    await seedTree();
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/register/export?inviterId=ACC1&columns=userId,invitee,inviteStatus,invitedCount,createTime',
      headers: { cookie: viewer, 'accept-language': 'zh-CN' },
    });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('邀请记录'));
    const sheet = await sheetOf(response);
    expect(rowValues(sheet, 1)).toEqual(['被邀请人ID', '被邀请人', '邀请状态', '已邀请人数', '邀请时间']);
    expect(rowValues(sheet, 2)).toEqual(['ACC4', 'Nick ACC4 / Name ACC4', '无效', 0, '2026-10-04 08:00:00']);
    expect(rowValues(sheet, 4)).toEqual([
      'ACC2',
      'Nick ACC2 / Name ACC2',
      '已注册',
      2,
      '2026-10-02 08:00:00',
    ]);
    expect(sheet.rowCount).toBe(4);

    const csv = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/invitations/car-purchase/export?format=csv&columns=userId,mobile,inviteStatus',
      headers: { cookie: viewer, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Invitee ID,Invitee mobile,Status', 'ACC2,138****0002,Ordered']);
  });
});
