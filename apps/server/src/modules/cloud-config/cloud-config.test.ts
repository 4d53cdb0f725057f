import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppConfig,
  ConfigItems,
  ConfigNamespaceList,
  ReleaseDetail,
  ReleaseDiff,
  ReleaseList,
  ReleaseSummary,
} from '@cmp/domain/cloud-config/cloud-config';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { signedHeaders } from '../../platform/signed-clients/client-signing.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

const COMMENTS = JSON.stringify(['充电很快', '车位好找']);
const ONLINE = JSON.stringify({ online: true, stationIds: [] });

describe('cloud configuration', () => {
  let sut: TestContext;
  let admin: string;
  let operator: string;
  let viewer: string;

  // Long enough that a poll the test releases for is not answered by its timeout on a slow machine.
  const start = async (longPollSeconds = 20) => {
    sut = await createTestContext({ cloudConfigLongPollSeconds: longPollSeconds });
    admin = await sut.userWith('admin', 'nio');
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
  };
  beforeEach(() => start());
  afterEach(() => sut.app.close());

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    sut.app.inject({
      method,
      url: `/api/nio/cloud-config${url}`,
      headers: { cookie, ...headers },
      ...(payload ? { payload } : {}),
    });
  const createNamespace = async (namespaceName = 'application') => {
    const response = await api('POST', '/namespaces', admin, { namespaceName, comment: '通用' });
    expect(response.statusCode, response.body).toBe(204);
  };
  const save = (body: object, cookie = operator, namespace = 'application') =>
    api('PUT', `/namespaces/${namespace}/items`, cookie, body);
  const saved = async (body: object) => {
    const response = await save(body);
    expect(response.statusCode, response.body).toBe(204);
  };
  const items = async (cookie = viewer) => {
    const response = await api('GET', '/namespaces/application/items', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConfigItems>();
  };
  const itemOf = async (key: string) => (await items()).items.find((item) => item.key === key)!;
  const release = (releaseTitle: string, cookie = operator) =>
    api('POST', '/namespaces/application/releases', cookie, { releaseTitle, releaseComment: '说明' });
  const released = async (releaseTitle: string) => {
    const response = await release(releaseTitle);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ReleaseSummary>();
  };

  describe('items', () => {
    beforeEach(() => createNamespace());

    it('should save an item with the signed-in user as its editor, whatever the body names', async () => {
      await saved({
        key: 'recommended_comments',
        value: COMMENTS,
        comment: '评论短语',
        dataChangeLastModifiedBy: 'someone-else',
      });

      expect(await itemOf('recommended_comments')).toMatchObject({
        value: COMMENTS,
        comment: '评论短语',
        version: 1,
        modifiedBy: 'nio-operator',
        change: 'added',
      });
      const [audit] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'CONFIG_ITEM_CREATE'));
      expect(audit).toMatchObject({
        actorUserName: 'nio-operator',
        entityId: 'application/recommended_comments',
      });
    });

    it('should refuse text that is not JSON at the value field, in Chinese and in English', async () => {
      const zh = await save({ key: 'anything', value: '{"a":' });
      const en = await api(
        'PUT',
        '/namespaces/application/items',
        operator,
        { key: 'anything', value: '{"a":' },
        { 'accept-language': 'en-US' },
      );

      expect(zh.statusCode).toBe(400);
      expect(errorOf(zh).details).toEqual([
        expect.objectContaining({ path: 'body.value', message: '请输入合法的 JSON' }),
      ]);
      expect(errorOf(en).details).toEqual([
        expect.objectContaining({ path: 'body.value', message: 'Enter valid JSON' }),
      ]);
    });

    it.each([
      ['share_templates', '[{"shareTempletId":1,"shareType":"x","title":"t","pictures":[]}]', '{}'],
      ['poster_pictures', '[{"position":"home","pictureUrl":"/files/a.png"}]', '[{"position":"home"}]'],
      [
        'profile_recommend',
        '[{"title":"t","pictureUrl":"/a.png","linkUrl":"https://e.com","sort":1}]',
        '[{"title":"t","pictureUrl":"/a.png","linkUrl":"https://e.com","sort":-1}]',
      ],
      [
        'qrcode_backgrounds',
        '[{"backgroundUrl":"/bg.png","qrX":10,"qrY":10,"qrSize":100}]',
        '[{"backgroundUrl":"/bg.png","qrX":800,"qrY":10,"qrSize":100}]',
      ],
      [
        'car_purchase_invite',
        '{"enabled":true,"title":"t","posterUrl":"/p.png","rules":[]}',
        '{"enabled":"yes","title":"t","posterUrl":"/p.png","rules":[]}',
      ],
      ['recommended_comments', COMMENTS, '[""]'],
      ['virtual_station_online', ONLINE, '{"online":true}'],
    ])('should hold %s to its shape', async (key, valid, invalid) => {
      expect((await save({ key, value: valid })).statusCode).toBe(204);
      const refused = await save({ key: `${key}`, value: invalid, version: 1 });

      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe('validation_failed');
      const details = errorOf(refused).details as { path: string; message: string }[];
      expect(details.every((d) => d.path.startsWith('body.value'))).toBe(true);
      expect(details[0]!.message).not.toBe('');
    });

    it('should name the place inside the value and its limit', async () => {
      const value = JSON.stringify([
        { shareTempletId: 1, shareType: 'x', title: 't', pictures: Array(6).fill('/files/a.png') },
      ]);
      const response = await save({ key: 'share_templates', value });

      expect(errorOf(response).details).toEqual([
        expect.objectContaining({ path: 'body.value.0.pictures', message: '分享图片最多5张' }),
      ]);
    });

    it('should answer a failed save with its error and keep the item as it was (no success on failure)', async () => {
      await saved({ key: 'virtual_station_online', value: ONLINE });
      await saved({ key: 'virtual_station_online', value: '{"online":false,"stationIds":[]}', version: 1 });

      const stale = await save({ key: 'virtual_station_online', value: ONLINE, version: 1 });
      const twice = await save({ key: 'virtual_station_online', value: ONLINE });

      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toBe('该配置项已被他人修改，请刷新后重新操作');
      expect(twice.statusCode).toBe(409);
      expect(await itemOf('virtual_station_online')).toMatchObject({
        value: '{"online":false,"stationIds":[]}',
        version: 2,
      });
    });

    it('should delete an item from the version read', async () => {
      await saved({ key: 'a', value: '1' });

      expect((await api('DELETE', '/namespaces/application/items/a?version=2', operator)).statusCode).toBe(
        409,
      );
      expect((await api('DELETE', '/namespaces/application/items/a?version=1', operator)).statusCode).toBe(
        204,
      );
      expect((await items()).items).toEqual([]);
    });

    it('should let viewers read and refuse them every change', async () => {
      await saved({ key: 'a', value: '1' });

      expect((await save({ key: 'b', value: '1' }, viewer)).statusCode).toBe(403);
      expect((await api('DELETE', '/namespaces/application/items/a?version=1', viewer)).statusCode).toBe(403);
      expect((await release('v1', viewer)).statusCode).toBe(403);
      expect((await api('POST', '/namespaces', operator, { namespaceName: 'x' })).statusCode).toBe(403);
      expect((await items(viewer)).items).toHaveLength(1);
    });

    it("should keep each tenant's app apart", async () => {
      await saved({ key: 'a', value: '1' });
      const peAdmin = await sut.userWith('admin', 'pe');

      const peRead = await sut.app.inject({
        method: 'GET',
        url: '/api/pe/cloud-config/namespaces/application/items',
        headers: { cookie: peAdmin },
      });
      const nioByPe = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/cloud-config/namespaces/application/items',
        headers: { cookie: peAdmin },
      });

      expect(peRead.statusCode).toBe(404);
      expect(nioByPe.statusCode).toBe(403);
      const namespaces = await api('GET', '/namespaces', viewer);
      expect(namespaces.json<ConfigNamespaceList>().items).toEqual([
        expect.objectContaining({
          appId: 'nio_app',
          namespaceName: 'application',
          itemCount: 1,
          unreleasedChanges: 1,
        }),
      ]);
    });
  });

  describe('releases', () => {
    beforeEach(async () => {
      await createNamespace();
      await saved({ key: 'recommended_comments', value: COMMENTS, comment: '评论' });
      await saved({ key: 'virtual_station_online', value: ONLINE });
    });

    it('should release a snapshot by the signed-in user, and refuse a release of nothing new', async () => {
      const first = await released('首次发布');
      const again = await release('again');

      expect(first).toMatchObject({ notificationId: 1, releasedBy: 'nio-operator', itemCount: 2 });
      expect(first.releaseKey).toMatch(/^\d{14}-[0-9a-f]{16}$/);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe('自上次发布以来没有修改，无需发布');
      expect((await items()).items.map((i) => i.change)).toEqual(['unchanged', 'unchanged']);
    });

    it('should mark changes since the release and keep the release as it was', async () => {
      const first = await released('v1');
      await saved({ key: 'recommended_comments', value: '["很好"]', comment: '评论', version: 1 });
      await api('DELETE', '/namespaces/application/items/virtual_station_online?version=1', operator);
      await saved({ key: 'new_flag', value: 'true' });

      const now = await items();
      const detail = await api('GET', `/namespaces/application/releases/${first.releaseId}`, viewer);

      expect(now.items.map((i) => [i.key, i.change])).toEqual([
        ['new_flag', 'added'],
        ['recommended_comments', 'changed'],
      ]);
      expect(now.removedItems).toEqual([{ key: 'virtual_station_online', value: ONLINE, comment: null }]);
      expect(detail.json<ReleaseDetail>().items).toEqual([
        { key: 'recommended_comments', value: COMMENTS, comment: '评论' },
        { key: 'virtual_station_online', value: ONLINE, comment: null },
      ]);
    });

    it('should diff two releases and a release with the working items', async () => {
      const first = await released('v1');
      await saved({ key: 'recommended_comments', value: '["很好"]', comment: '评论', version: 1 });
      await api('DELETE', '/namespaces/application/items/virtual_station_online?version=1', operator);
      await saved({ key: 'new_flag', value: 'true' });
      const second = await released('v2');
      await saved({ key: 'later', value: '1' });

      const diff = await api(
        'GET',
        `/namespaces/application/diff?fromReleaseId=${first.releaseId}&toReleaseId=${second.releaseId}`,
        viewer,
      );
      const toWorking = await api(
        'GET',
        `/namespaces/application/diff?fromReleaseId=${second.releaseId}`,
        viewer,
      );

      expect(diff.statusCode, diff.body).toBe(200);
      expect(diff.json<ReleaseDiff>()).toMatchObject({
        from: { releaseId: first.releaseId },
        to: { releaseId: second.releaseId, notificationId: 2 },
        unchangedCount: 0,
        changes: [
          { key: 'new_flag', change: 'added', oldValue: null, newValue: 'true' },
          { key: 'recommended_comments', change: 'changed', oldValue: COMMENTS, newValue: '["很好"]' },
          { key: 'virtual_station_online', change: 'removed', oldValue: ONLINE, newValue: null },
        ],
      });
      expect(toWorking.json<ReleaseDiff>()).toMatchObject({
        to: null,
        unchangedCount: 2,
        changes: [{ key: 'later', change: 'added' }],
      });
    });

    it('should roll back as a new release equal to the one named, with the working items set to it', async () => {
      const first = await released('v1');
      await saved({ key: 'recommended_comments', value: '["很好"]', version: 1 });
      await released('v2');
      await saved({ key: 'unreleased', value: '1' });

      const response = await api(
        'POST',
        `/namespaces/application/releases/${first.releaseId}/rollback`,
        operator,
        {
          releaseTitle: '回滚到 v1',
        },
      );

      expect(response.statusCode, response.body).toBe(201);
      const rollback = response.json<ReleaseSummary>();
      expect(rollback).toMatchObject({ notificationId: 3, rollbackOfReleaseId: first.releaseId });
      const detail = await api('GET', `/namespaces/application/releases/${rollback.releaseId}`, viewer);
      const firstDetail = await api('GET', `/namespaces/application/releases/${first.releaseId}`, viewer);
      expect(detail.json<ReleaseDetail>().items).toEqual(firstDetail.json<ReleaseDetail>().items);
      const now = await items();
      expect(now.items.map((i) => [i.key, i.value, i.change])).toEqual([
        ['recommended_comments', COMMENTS, 'unchanged'],
        ['virtual_station_online', ONLINE, 'unchanged'],
      ]);
      const again = await api(
        'POST',
        `/namespaces/application/releases/${rollback.releaseId}/rollback`,
        operator,
        {
          releaseTitle: 'again',
        },
      );
      expect(again.statusCode).toBe(409);
      const [audit] = await sut.database.db
        .select()
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.action, 'CONFIG_ROLLBACK'),
            eq(auditRecords.entityId, String(rollback.releaseId)),
          ),
        );
      expect(audit).toMatchObject({ actorUserName: 'nio-operator' });
      expect(audit!.before).toMatchObject({
        workingItems: expect.arrayContaining([{ key: 'unreleased', value: '1', comment: null }]),
      });
    });

    it('should list the history newest first, filter it and export it', async () => {
      await released('v1');
      await saved({ key: 'x', value: '1' });
      await released('hotfix');

      const list = await api('GET', '/namespaces/application/releases?pageSize=10', viewer);
      const filtered = await api('GET', '/namespaces/application/releases?releaseTitle=hot', viewer);
      const exported = await api('GET', '/namespaces/application/releases/export?format=csv', viewer);

      expect(list.json<ReleaseList>().items.map((r) => [r.releaseTitle, r.notificationId])).toEqual([
        ['hotfix', 2],
        ['v1', 1],
      ]);
      expect(filtered.json<ReleaseList>()).toMatchObject({ total: 1, items: [{ releaseTitle: 'hotfix' }] });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.body).toContain('发布名称');
      expect(exported.body).toContain('hotfix');
    });

    it('should refuse a diff with a release of another namespace', async () => {
      const first = await released('v1');
      await createNamespace('other');

      const response = await api('GET', `/namespaces/other/diff?fromReleaseId=${first.releaseId}`, viewer);

      expect(response.statusCode).toBe(404);
    });
  });

  describe('the apps', () => {
    let client: TestAppClient;

    beforeEach(async () => {
      await createNamespace();
      await saved({ key: 'recommended_comments', value: COMMENTS });
      client = await createAppClient(sut, 'nio');
    });

    const notifications = (held: number, namespaceName = 'application') =>
      `/api/app/cloud-config/notifications?notifications=${encodeURIComponent(
        JSON.stringify([{ namespaceName, notificationId: held }]),
      )}`;

    it('should serve the released configuration only, and 304 for the release the app holds', async () => {
      expect(
        (await sendSigned(sut, client, 'GET', '/api/app/cloud-config/configs/application')).statusCode,
      ).toBe(404);
      await released('v1');
      await saved({ key: 'unreleased', value: '1' });

      const read = await sendSigned(sut, client, 'GET', '/api/app/cloud-config/configs/application');
      const config = read.json<AppConfig>();
      const again = await sendSigned(
        sut,
        client,
        'GET',
        `/api/app/cloud-config/configs/application?releaseKey=${config.releaseKey}`,
      );

      expect(config).toMatchObject({
        appId: 'nio_app',
        namespaceName: 'application',
        notificationId: 1,
        configurations: { recommended_comments: COMMENTS },
      });
      expect(again.statusCode).toBe(304);
    });

    it("should not serve another tenant's namespace", async () => {
      await released('v1');
      const pe = await createAppClient(sut, 'pe');

      expect((await sendSigned(sut, pe, 'GET', '/api/app/cloud-config/configs/application')).statusCode).toBe(
        404,
      );
    });

    it('should refuse an unsigned read', async () => {
      const response = await sut.app.inject({
        method: 'GET',
        url: notifications(-1),
        headers: { origin: undefined },
      });

      expect(response.statusCode).toBe(401);
    });

    it('should answer a long poll at once when a newer release exists', async () => {
      await released('v1');

      const response = await sendSigned(sut, client, 'GET', notifications(-1));

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ namespaceName: 'application', notificationId: 1 }]);
    });

    it('should hold a long poll and answer it within a second of the release', async () => {
      await released('v1');
      const polling = sendSigned(sut, client, 'GET', notifications(1));
      await until(() => notifier(sut) > 0);

      const releasedAt = Date.now();
      await saved({ key: 'x', value: '1' });
      await released('v2');
      const response = await polling;

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ namespaceName: 'application', notificationId: 2 }]);
      expect(Date.now() - releasedAt).toBeLessThan(1000);
      expect(notifier(sut)).toBe(0);
    });

    it('should answer 304 when the timeout passes without a release', async () => {
      await sut.app.close();
      await start(1);
      await createNamespace();
      await saved({ key: 'a', value: '1' });
      await released('v1');
      client = await createAppClient(sut, 'nio');

      const response = await sendSigned(sut, client, 'GET', notifications(1));

      expect(response.statusCode).toBe(304);
      expect(notifier(sut)).toBe(0);
    });

    it('should answer the polls it holds with 304 when the server stops', async () => {
      await released('v1');
      const polling = sendSigned(sut, client, 'GET', notifications(1));
      await until(() => notifier(sut) > 0);

      const stopping = Date.now();
      await sut.app.close();

      expect((await polling).statusCode).toBe(304);
      expect(Date.now() - stopping).toBeLessThan(5_000);
    });

    it('should forget a poll whose app hung up', async () => {
      await released('v1');
      const address = await sut.app.listen({ port: 0, host: '127.0.0.1' });
      const path = notifications(1);
      const request = http.get(`${address}${path}`, {
        headers: signedHeaders(client, { method: 'GET', path }),
      });
      request.on('error', () => undefined);
      await until(() => notifier(sut) > 0);

      request.destroy();

      await until(() => notifier(sut) === 0);
    });

    it('should refuse notifications that are not JSON with a field message', async () => {
      const response = await sendSigned(
        sut,
        client,
        'GET',
        '/api/app/cloud-config/notifications?notifications=%5B',
      );

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        expect.objectContaining({ path: 'querystring.notifications', message: '请输入合法的 JSON' }),
      ]);
    });
  });
});

/** The long polls the app under test holds now. */
const notifier = (sut: TestContext): number => sut.app.cloudConfigPolls();

async function until(condition: () => boolean, withinMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
