import { afterEach, describe, expect, it } from 'vitest';
import type { GroupBasicInfo, GroupChat } from '@cmp/domain/chats/group-chats';
import type { WechatSignature } from '@cmp/domain/share-page/share-page';
import type { AppShareTemplate, ShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { insertAccount } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned } from '../../test/app-client-fixtures.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { wechatSignature } from './wechat-signature.js';

const TICKET = 'kgt8ON7yVITDhtdwci0qeRcffiIxT6WhVPSCI71bAxbvoPmGGwvbCoIfmXddrYgdfVXg2x8XWZ2DO9thlEoaBQ';

describe('the H5 share page', () => {
  let sut: TestContext;
  afterEach(() => sut.app.close());

  const start = async (wechat = true) => {
    sut = await createTestContext(
      wechat
        ? {
            wechatAppId: 'wx0123456789abcdef',
            wechatJsapiTicket: TICKET,
            publicUrl: 'https://cmp.example.com',
          }
        : {},
    );
  };
  const post = (url: string, payload: object | string, contentType = 'application/json') =>
    sut.app.inject({
      method: 'POST',
      url: `/api/public/share${url}`,
      headers: { 'content-type': contentType },
      payload,
    });

  it('should read a template by tenant, type and id without a session, and 404 another type or tenant', async () => {
    await start(false);
    const operator = await sut.userWith('operator', 'pe');
    const created = await sut.app.inject({
      method: 'POST',
      url: '/api/pe/share-templates',
      headers: { cookie: operator },
      payload: {
        shareType: 'group_invite',
        shareInfoId: 'station-group',
        shareTitle: '加入车友群',
        description: '和附近车主一起充电',
        landingPage: 'https://example.com/group',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ShareTemplate>().shareTempletId;
    const read = (query: string) =>
      sut.app.inject({ method: 'GET', url: `/api/public/share/template?${query}` });

    const found = await read(`tenant=pe&share_type=group_invite&share_templet_id=${id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<AppShareTemplate>()).toEqual({
      shareTempletId: id,
      shareType: 'group_invite',
      shareInfoId: 'station-group',
      sharePic: [],
      shareTitle: '加入车友群',
      description: '和附近车主一起充电',
      landingPage: 'https://example.com/group',
    });
    expect((await read(`tenant=pe&share_type=activity&share_templet_id=${id}`)).statusCode).toBe(404);
    expect((await read(`tenant=nio&share_type=group_invite&share_templet_id=${id}`)).statusCode).toBe(404);
    const bad = await read('tenant=pe&share_type=group_invite&share_templet_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toEqual([expect.objectContaining({ path: 'querystring.share_templet_id' })]);
  });

  it("should open a group's info only with an inviter token made for that group", async () => {
    await start(false);
    const db = sut.database.db;
    await insertChargeStation(db, 'CS-1', { resourceName: '世纪大道站' });
    await insertAccount(db, 'nio', 'U1', { nickName: '站长', avatar: 'https://cdn.example.com/U1.png' });
    await insertAccount(db, 'nio', 'U2', { nickName: '小明' });
    const operator = await sut.userWith('operator', 'nio');
    const groups = await Promise.all(
      ['CS-1', 'CS-1'].map(async (resourceId, index) => {
        const response = await sut.app.inject({
          method: 'POST',
          url: '/api/nio/group-chats',
          headers: { cookie: operator },
          payload: {
            resourceId,
            clientCode: index === 0 ? 'pe_app' : 'nio_app',
            owner: 'U1',
            groupName: `车友群 ${index}`,
            chatSwitch: 1,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<GroupChat>();
      }),
    );
    const app = await createAppClient(sut, 'nio');
    const invitation = await sendSigned(sut, app, 'POST', '/api/app/group-chats/basic-info', {
      groupId: groups[0]!.id,
      inviterId: 'U1',
    });
    const token = invitation.json<GroupBasicInfo>().inviterIdEncrypt!;

    const opened = await post('/group-info', {
      tenant: 'nio',
      groupId: groups[0]!.id,
      inviterIdEncrypt: token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<GroupBasicInfo>()).toMatchObject({
      groupName: '车友群 0',
      memberSize: 1,
      memberList: [{ nickname: '站长', avatar: 'https://cdn.example.com/U1.png' }],
    });
    expect(opened.body).not.toContain('"U1"');
    for (const [tenant, groupId, inviterIdEncrypt] of [
      ['nio', groups[1]!.id, token],
      ['pe', groups[0]!.id, token],
      ['nio', groups[0]!.id, `${token.slice(0, -4)}AAAA`],
    ] as const) {
      expect((await post('/group-info', { tenant, groupId, inviterIdEncrypt })).statusCode).toBe(404);
    }
  });

  it('should sign the messenger share over the ticket for a page of the portal, from a form', async () => {
    await start();
    const url = 'https://cmp.example.com/h5/share?share_type=group_invite&share_templet_id=3';
    const form = new URLSearchParams({ url: `${url}#top`, tenant: 'pe', device_id: 'd-1', terminal: 'h5' });
    const signed = await post('/wechat-sign', form.toString(), 'application/x-www-form-urlencoded');
    expect(signed.statusCode, signed.body).toBe(200);
    const body = signed.json<WechatSignature>();
    expect(body.appId).toBe('wx0123456789abcdef');
    expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(body.signature).toBe(
      wechatSignature({ ticket: TICKET, nonceStr: body.nonceStr, timestamp: body.timestamp, url }),
    );
    expect(signed.body).not.toContain(TICKET);

    const foreign = await post('/wechat-sign', { url: 'https://evil.example.com/h5/share', tenant: 'pe' });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).message).toBe('只能为本平台的分享页签名');
    const notWeb = await post('/wechat-sign', { url: 'javascript:alert(1)', tenant: 'pe' });
    expect(notWeb.statusCode).toBe(400);
  });

  it('should say signing is not configured, in the reader language, when the ticket is not set', async () => {
    await start(false);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/public/share/wechat-sign',
      headers: { 'accept-language': 'en-US' },
      payload: { url: 'https://cmp.example.com/h5/share', tenant: 'pe' },
    });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toMatchObject({
      code: 'not_configured',
      message: 'Messenger share signing is not configured (WECHAT_APP_ID, WECHAT_JSAPI_TICKET)',
    });
  });
});
