import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  GroupBasicInfo,
  GroupChat,
  GroupChatCreate,
  GroupChatPage,
  GroupMember,
  GroupMemberPage,
  GroupNotifyReceipt,
} from '@cmp/domain/chats/group-chats';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { groupChatMembers, groupChatNotifications } from './group-chats.tables.js';
import { InviterIds } from './inviter-ids.js';

describe('group chats', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let client: TestAppClient;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    const db = sut.database.db;
    await insertChargeStation(db, 'CS-1', { resourceName: '世纪大道站' });
    await insertChargeStation(db, 'CS-2', { resourceName: '陆家嘴站' });
    for (const [id, nickName] of [
      ['U1', '站长'],
      ['U2', '小明'],
      ['U3', '小红'],
      ['U4', '小刚'],
    ] as const) {
      await insertAccount(db, 'nio', id, { nickName, avatar: `https://cdn.example.com/${id}.png` });
    }
    await insertAccount(db, 'nio', 'GONE', { isDelete: true });
    await insertAccount(db, 'pe', 'P1', { nickName: 'pe user' });
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    { payload, cookie = operator, tenant = 'nio', language = 'zh-CN' } = {} as {
      payload?: object;
      cookie?: string;
      tenant?: string;
      language?: string;
    },
  ) =>
    sut.app.inject({
      method,
      url: `/api/${tenant}/group-chats${path}`,
      headers: { cookie, 'accept-language': language },
      payload,
    });
  const fields = (values: Partial<GroupChatCreate> = {}): GroupChatCreate => ({
    resourceId: 'CS-1',
    clientCode: 'pe_app',
    owner: 'U1',
    groupName: '世纪大道站车友群',
    ...values,
  });
  const created = async (values: Partial<GroupChatCreate> = {}) => {
    const response = await call('POST', '', { payload: fields(values) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GroupChat>();
  };
  const join = (groupId: number, accountId: string, extra: object = {}, by = client) =>
    sendSigned(sut, by, 'POST', `/api/app/group-chats/${groupId}/members`, {
      accountId,
      clientCode: 'pe_app',
      ...extra,
    });
  const moveTo = (group: { id: number }, chatStatus: string, version: number, language = 'zh-CN') =>
    call('POST', `/${group.id}/status`, { payload: { chatStatus, version }, language });
  const opened = async () => {
    const group = await created({ chatSwitch: 1 });
    return group;
  };

  it('should create a group switched off, NORMAL, with its owner as the first member, and audit it', async () => {
    const group = await created({ groupIntro: '充电排队不再无聊' });
    expect(group).toMatchObject({
      tenantId: 'nio',
      clientCode: 'pe_app',
      resourceId: 'CS-1',
      resourceName: '世纪大道站',
      chatSwitch: 0,
      chatId: expect.stringMatching(/^g[0-9a-f]{20}$/),
      owner: 'U1',
      ownerNickname: '站长',
      groupName: '世纪大道站车友群',
      groupIntro: '充电排队不再无聊',
      groupCover: null,
      detail: { chatStatus: 'NORMAL', memberNum: 1, maxMemberNum: 500 },
      creator: 'nio-operator',
      version: 1,
    });
    const members = await call('GET', `/${group.id}/members`, { cookie: viewer });
    expect(members.json<GroupMemberPage>()).toEqual({
      items: [
        expect.objectContaining({
          accountId: 'U1',
          nickname: '站长',
          avatar: 'https://cdn.example.com/U1.png',
          owner: true,
          invitedBy: null,
        }),
      ],
      total: 1,
    });
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'group_chat'), eq(auditRecords.action, 'GROUP_CHAT_CREATE')));
    expect(audits).toHaveLength(1);
  });

  it('should keep one group per station and client', async () => {
    await created();
    const again = await call('POST', '', { payload: fields({ owner: 'U2' }), language: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Station CS-1 already has a group for pe_app');
    await created({ clientCode: 'nio_app' });
    await created({ resourceId: 'CS-2' });
    const peOperator = await sut.userWith('operator', 'pe');
    const pe = await call('POST', '', { payload: fields({ owner: 'P1' }), tenant: 'pe', cookie: peOperator });
    expect(pe.statusCode, pe.body).toBe(201);
  });

  it('should refuse a station that does not exist and an owner the tenant lacks, with field messages', async () => {
    const station = await call('POST', '', { payload: fields({ resourceId: 'NOPE' }), language: 'en-US' });
    expect(station.statusCode).toBe(422);
    expect(errorOf(station).message).toBe('Station NOPE does not exist');
    for (const owner of ['P1', 'GONE']) {
      const response = await call('POST', '', { payload: fields({ owner }) });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(`本租户没有账号 ${owner}`);
    }
    const bad = await call('POST', '', {
      payload: fields({ clientCode: 'titan_app' as 'pe_app', chatSwitch: 2 as 0, groupName: '' }),
      language: 'en-US',
    });
    expect(bad.statusCode).toBe(400);
    const details = errorOf(bad).details as { path: string; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.path, d.message]))).toEqual({
      'body.clientCode': 'Choose one of the offered values',
      'body.chatSwitch': 'Choose one of the offered values',
      'body.groupName': 'This field is required',
    });
  });

  it('should change a group from the version read, a new owner joining, never below its members', async () => {
    const group = await opened();
    expect((await join(group.id, 'U2')).statusCode).toBe(200);
    const change = (values: object, version: number) =>
      call('PUT', `/${group.id}`, {
        payload: { chatSwitch: 1, owner: 'U1', groupName: group.groupName, version, ...values },
        language: 'en-US',
      });
    const saved = await change({ owner: 'U3', groupName: '新名字' }, 1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GroupChat>()).toMatchObject({
      owner: 'U3',
      groupName: '新名字',
      detail: { memberNum: 3 },
      updater: 'nio-operator',
      version: 2,
    });
    expect((await change({}, 1)).statusCode).toBe(409);
    const tooSmall = await change({ owner: 'U3', maxMemberNum: 2 }, 2);
    expect(tooSmall.statusCode).toBe(422);
    expect(errorOf(tooSmall).message).toBe('The group has 3 members; the maximum cannot be lower');
  });

  it('should move statuses only NORMAL ⇄ INVALID and to DESTROY, refusing the rest with the spec’s messages', async () => {
    const group = await created();
    const invalid = await moveTo(group, 'INVALID', 1);
    expect(invalid.statusCode, invalid.body).toBe(200);
    expect(invalid.json<GroupChat>().detail!.chatStatus).toBe('INVALID');
    const same = await moveTo(group, 'INVALID', 2, 'en-US');
    expect(same.statusCode).toBe(409);
    expect(errorOf(same)).toMatchObject({
      code: 'illegal_operation',
      message: 'Illegal operation, wrong group type',
    });
    expect((await moveTo(group, 'NORMAL', 2)).statusCode).toBe(200);
    expect((await moveTo(group, 'DESTROY', 3)).statusCode).toBe(200);
    for (const to of ['NORMAL', 'INVALID', 'DESTROY']) {
      const refused = await moveTo(group, to, 4);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused)).toMatchObject({ code: 'im_group_not_exist', message: '群不存在或已解散' });
    }
    const lowerCase = await moveTo(group, 'illegal_operation', 4);
    expect(lowerCase.statusCode).toBe(400);
    const changeGone = await call('PUT', `/${group.id}`, {
      payload: { owner: 'U1', groupName: 'x', version: 4 },
    });
    expect(errorOf(changeGone).code).toBe('im_group_not_exist');
    const statuses = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'GROUP_CHAT_STATUS'));
    expect(
      statuses.map((a) => [a.before, a.after].map((s) => (s as { chatStatus: string }).chatStatus)),
    ).toEqual([
      ['NORMAL', 'INVALID'],
      ['INVALID', 'NORMAL'],
      ['NORMAL', 'DESTROY'],
    ]);
  });

  it('should list with the filter, with or without the detail, and export it', async () => {
    const a = await created();
    const b = await created({
      resourceId: 'CS-2',
      clientCode: 'nio_app',
      owner: 'U2',
      chatSwitch: 1,
      groupName: '陆家嘴车友群',
    });
    const list = async (query: string) => {
      const response = await call('GET', `?${query}`, { cookie: viewer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<GroupChatPage>();
    };
    const ids = async (query: string) => (await list(query)).items.map((g) => g.id);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('clientCode=pe_app')).toEqual([a.id]);
    expect(await ids('resourceId=CS-2')).toEqual([b.id]);
    expect(await ids('chatSwitch=1')).toEqual([b.id]);
    expect(await ids(`chatId=${a.chatId}`)).toEqual([a.id]);
    expect(await ids('owner=U2')).toEqual([b.id]);
    expect(await ids('tenantId=nio')).toEqual([b.id, a.id]);
    expect(await ids('tenantId=pe')).toEqual([]);
    expect((await list('needChatInfoDetail=false')).items.map((g) => g.detail)).toEqual([null, null]);
    expect((await list('needChatInfoDetail=true')).items[0]!.detail).toMatchObject({ chatStatus: 'NORMAL' });
    const one = await call('GET', '/one?resourceId=CS-2&clientCode=nio_app', { cookie: viewer });
    expect(one.json<GroupChat>().id).toBe(b.id);
    const none = await call('GET', '/one?resourceId=CS-2&clientCode=pe_app', { cookie: viewer });
    expect(errorOf(none).code).toBe('im_group_not_exist');
    const exported = await call('GET', '/export?format=csv&clientCode=nio_app', { cookie: viewer });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('陆家嘴站');
    expect(exported.body).not.toContain('世纪大道站');
  });

  it('should write appNotify to the outbox, one pending row per member, and refuse it for unusable groups', async () => {
    const group = await opened();
    await join(group.id, 'U2');
    await join(group.id, 'U3');
    const sent = await call('POST', `/${group.id}/app-notify`, {
      payload: { title: '排队提醒', content: '今晚 8 点后空闲', linkUrl: 'https://example.com/q' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const receipt = sent.json<GroupNotifyReceipt>();
    expect(receipt).toMatchObject({ recipients: 3, status: 'pending' });
    const rows = await sut.database.db
      .select()
      .from(groupChatNotifications)
      .where(eq(groupChatNotifications.batchId, receipt.batchId));
    expect(rows.map((r) => r.accountId).sort()).toEqual(['U1', 'U2', 'U3']);
    expect(rows.every((r) => r.status === 'pending' && r.deliveredAt === null && r.tenant === 'nio')).toBe(
      true,
    );
    expect(rows[0]!.payload).toEqual({
      type: 'group_chat_notice',
      groupId: group.id,
      chatId: group.chatId,
      groupName: '世纪大道站车友群',
      title: '排队提醒',
      content: '今晚 8 点后空闲',
      linkUrl: 'https://example.com/q',
    });
    const notices = await call('GET', `/${group.id}/notices`, { cookie: viewer });
    expect(notices.json()).toEqual({
      items: [
        expect.objectContaining({ batchId: receipt.batchId, title: '排队提醒', recipients: 3, pending: 3 }),
      ],
    });
    expect(
      (
        await call('POST', `/${group.id}/app-notify`, {
          payload: { title: 'x', content: 'y' },
          cookie: viewer,
        })
      ).statusCode,
    ).toBe(403);
    const empty = await call('POST', `/${group.id}/app-notify`, { payload: { title: '', content: 'y' } });
    expect(empty.statusCode).toBe(400);
    await moveTo(group, 'INVALID', 1);
    const invalid = await call('POST', `/${group.id}/app-notify`, { payload: { title: 'x', content: 'y' } });
    expect(errorOf(invalid)).toMatchObject({ code: 'illegal_operation', message: '非法操作，群类型错误' });
    await moveTo(group, 'DESTROY', 2);
    const gone = await call('POST', `/${group.id}/app-notify`, { payload: { title: 'x', content: 'y' } });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('im_group_not_exist');
    expect(await sut.database.db.select().from(groupChatNotifications)).toHaveLength(3);
  });

  it('should keep tenants apart and let viewers only read', async () => {
    const group = await created();
    expect(
      (await call('POST', '', { payload: fields({ clientCode: 'sapp' }), cookie: viewer })).statusCode,
    ).toBe(403);
    expect(await moveTo({ id: group.id }, 'INVALID', 1).then((r) => r.statusCode)).toBe(200);
    const peViewer = await sut.userWith('viewer', 'pe');
    expect((await call('GET', `/${group.id}`, { tenant: 'pe', cookie: peViewer })).statusCode).toBe(404);
    expect((await call('GET', `/${group.id}`, { cookie: peViewer })).statusCode).toBe(403);
  });

  describe('from the apps', () => {
    it('should let accounts join and leave an open group of their client, counting them', async () => {
      const group = await opened();
      const joined = await join(group.id, 'U2');
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json<GroupMember>()).toMatchObject({ accountId: 'U2', nickname: '小明', owner: false });
      expect((await join(group.id, 'U2')).statusCode).toBe(200);
      expect((await call('GET', `/${group.id}`)).json<GroupChat>().detail!.memberNum).toBe(2);
      const left = await sendSigned(sut, client, 'DELETE', `/api/app/group-chats/${group.id}/members/U2`);
      expect(left.statusCode).toBe(204);
      expect((await call('GET', `/${group.id}`)).json<GroupChat>().detail!.memberNum).toBe(1);
      const owner = await sendSigned(sut, client, 'DELETE', `/api/app/group-chats/${group.id}/members/U1`);
      expect(owner.statusCode).toBe(409);
      const one = await sendSigned(
        sut,
        client,
        'GET',
        '/api/app/group-chats/one?resourceId=CS-1&clientCode=pe_app',
      );
      expect(one.json<GroupChat>().id).toBe(group.id);
    });

    it('should refuse a closed, full, invalid, destroyed, unknown or other client’s group', async () => {
      const closed = await created({ resourceId: 'CS-2' });
      const off = await join(closed.id, 'U2');
      expect(off.statusCode).toBe(409);
      expect(errorOf(off).message).toBe('该群聊未开启');
      const group = await created({ chatSwitch: 1, maxMemberNum: 2 });
      expect((await join(group.id, 'U2')).statusCode).toBe(200);
      const full = await join(group.id, 'U3');
      expect(full.statusCode).toBe(409);
      expect(errorOf(full).message).toBe('群已满（2 人）');
      const wrongClient = await join(group.id, 'U3', { clientCode: 'nio_app' });
      expect(errorOf(wrongClient)).toMatchObject({
        code: 'illegal_operation',
        message: '非法操作，群类型错误',
      });
      expect(errorOf(await join(group.id, 'GONE')).message).toBe('本租户没有账号 GONE');
      await moveTo(group, 'INVALID', 1);
      expect(errorOf(await join(group.id, 'U3')).code).toBe('illegal_operation');
      await moveTo(group, 'DESTROY', 2);
      expect((await join(group.id, 'U3')).statusCode).toBe(404);
      expect(errorOf(await join(999_999, 'U3'))).toMatchObject({
        code: 'im_group_not_exist',
        message: '群不存在或已解散',
      });
      const pe = await createAppClient(sut, 'pe');
      expect((await join(closed.id, 'P1', {}, pe)).statusCode).toBe(404);
    });

    it('should answer the H5 group info with the inviter encrypted, and record the inviter on joining', async () => {
      const group = await opened();
      await join(group.id, 'U2');
      const info = await sendSigned(sut, client, 'POST', '/api/app/group-chats/basic-info', {
        groupId: group.id,
        inviterId: 'U2',
      });
      expect(info.statusCode, info.body).toBe(200);
      const body = info.json<GroupBasicInfo>();
      expect(body).toMatchObject({
        groupId: group.id,
        groupName: '世纪大道站车友群',
        groupCover: null,
        memberSize: 2,
        memberList: [
          { nickname: '站长', avatar: 'https://cdn.example.com/U1.png' },
          { nickname: '小明', avatar: 'https://cdn.example.com/U2.png' },
        ],
      });
      expect(body.inviterIdEncrypt).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(info.body).not.toContain('"U2"');
      expect(info.body).not.toContain('accountId');

      const joined = await join(group.id, 'U3', { inviterIdEncrypt: body.inviterIdEncrypt });
      expect(joined.json<GroupMember>().invitedBy).toBe('U2');
      const [row] = await sut.database.db
        .select()
        .from(groupChatMembers)
        .where(eq(groupChatMembers.accountId, 'U3'));
      expect(row!.invitedBy).toBe('U2');

      const tampered = `${body.inviterIdEncrypt!.slice(0, -2)}${body.inviterIdEncrypt!.endsWith('AA') ? 'BB' : 'AA'}`;
      const refused = await join(group.id, 'U4', { inviterIdEncrypt: tampered });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).message).toBe('邀请对该群无效');
      const other = await created({ resourceId: 'CS-2', chatSwitch: 1 });
      expect((await join(other.id, 'U4', { inviterIdEncrypt: body.inviterIdEncrypt })).statusCode).toBe(422);

      const notMember = await sendSigned(sut, client, 'POST', '/api/app/group-chats/basic-info', {
        groupId: group.id,
        inviterId: 'U4',
      });
      expect(notMember.statusCode).toBe(422);
      const plain = await sendSigned(sut, client, 'POST', '/api/app/group-chats/basic-info', {
        groupId: group.id,
      });
      expect(plain.json<GroupBasicInfo>().inviterIdEncrypt).toBeNull();
    });

    it('should refuse unsigned calls', async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/app/group-chats/basic-info',
        payload: { groupId: 1 },
        headers: { origin: undefined },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe('inviter ids', () => {
  let sut: TestContext;
  beforeEach(async () => {
    sut = await createTestContext();
  });
  afterEach(() => sut.app.close());

  it('should round-trip with a configured key, bound to the tenant and group, and differ every time', async () => {
    const ids = new InviterIds(sut.database.db, Buffer.alloc(32, 7).toString('base64'));
    const a = await ids.encrypt('nio', 5, 'U1');
    const b = await ids.encrypt('nio', 5, 'U1');
    expect(a).not.toBe(b);
    expect(await ids.decrypt('nio', 5, a)).toBe('U1');
    expect(await ids.decrypt('nio', 6, a)).toBeUndefined();
    expect(await ids.decrypt('pe', 5, a)).toBeUndefined();
    expect(await ids.decrypt('nio', 5, 'not a token')).toBeUndefined();
    const otherKey = new InviterIds(sut.database.db, Buffer.alloc(32, 8).toString('base64'));
    expect(await otherKey.decrypt('nio', 5, a)).toBeUndefined();
  });

  it('should derive the same key in every process from the portal key when none is configured', async () => {
    const token = await new InviterIds(sut.database.db, undefined).encrypt('nio', 1, 'U9');
    expect(await new InviterIds(sut.database.db, undefined).decrypt('nio', 1, token)).toBe('U9');
  });
});
