import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppShareTemplate,
  ShareTemplate,
  ShareTemplateCreate,
  ShareTemplatePage,
} from '@cmp/domain/share-templates/share-templates';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { multipartForm } from '../../test/multipart.js';
import { image } from '../../test/picture-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';

describe('share templates', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let png: Buffer;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    png ??= await image(4, 4);
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
      url: `/api/${tenant}/share-templates${path}`,
      headers: { cookie, 'accept-language': language },
      payload,
    });

  const upload = async (data: Buffer = png, name = 'card.png', tenant = 'nio', cookie = operator) => {
    const form = multipartForm({}, { name, data, contentType: 'image/png' });
    const response = await sut.app.inject({
      method: 'POST',
      url: `/api/${tenant}/files?kind=image,document`,
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ fileId: string }>().fileId;
  };

  const fields = (values: Partial<ShareTemplateCreate> = {}): ShareTemplateCreate => ({
    shareType: 'activity',
    shareInfoId: 'spring-charge',
    shareTitle: '春季充电节',
    description: '充电享八折',
    landingPage: 'https://example.com/spring',
    ...values,
  });
  const created = async (values: Partial<ShareTemplateCreate> = {}) => {
    const response = await call('POST', '', { payload: fields(values) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ShareTemplate>();
  };

  it('should create a template with its pictures in order, no description when left empty, and audit it', async () => {
    const [a, b] = [await upload(), await upload()];
    const template = await created({ sharePic: [b, a], description: '  ' });
    expect(template).toMatchObject({
      shareType: 'activity',
      shareInfoId: 'spring-charge',
      shareTitle: '春季充电节',
      description: null,
      landingPage: 'https://example.com/spring',
      sharePic: [
        { fileId: b, url: `/api/files/${b}` },
        { fileId: a, url: `/api/files/${a}` },
      ],
      creator: 'nio-operator',
      updater: null,
      version: 1,
    });
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.entityType, 'share_template'), eq(auditRecords.action, 'SHARE_TEMPLATE_CREATE')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ shareInfoId: 'spring-charge', sharePic: [b, a] });
  });

  it('should start without pictures when none are given', async () => {
    expect((await created()).sharePic).toEqual([]);
  });

  it('should take at most 5 pictures, saying so at the field in both languages', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => upload()));
    const zh = await call('POST', '', { payload: fields({ sharePic: six }) });
    expect(zh.statusCode).toBe(400);
    expect(errorOf(zh).details).toEqual([
      expect.objectContaining({ path: 'body.sharePic', message: '最多5张图片' }),
    ]);
    const en = await call('POST', '', { payload: fields({ sharePic: six }), language: 'en-US' });
    expect(errorOf(en).details).toEqual([
      expect.objectContaining({ path: 'body.sharePic', message: 'At most 5 pictures' }),
    ]);
    expect((await created({ sharePic: six.slice(0, 5) })).sharePic).toHaveLength(5);
  });

  it('should refuse a landing page that is not http or https, an empty title and a bad share type', async () => {
    const response = await call('POST', '', {
      payload: fields({ landingPage: 'javascript:alert(1)', shareTitle: ' ', shareType: 'nope' as 'poster' }),
      language: 'en-US',
    });
    expect(response.statusCode).toBe(400);
    const details = errorOf(response).details as { path: string; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.path, d.message]))).toEqual({
      'body.landingPage': 'Link must start with http:// or https://',
      'body.shareTitle': 'This field is required',
      'body.shareType': 'Choose one of the offered values',
    });
  });

  it("should refuse a picture that is not the tenant's image", async () => {
    const peOperator = await sut.userWith('operator', 'pe');
    const peFile = await upload(png, 'pe.png', 'pe', peOperator);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'doc.pdf');
    for (const fileId of [peFile, pdf, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('POST', '', { payload: fields({ sharePic: [fileId] }), language: 'en-US' });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(`Picture ${fileId} is not an image uploaded in this tenant`);
    }
  });

  it('should keep share info ids unique in a tenant, not across tenants', async () => {
    await created();
    const again = await call('POST', '', { payload: fields() });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('分享信息 spring-charge 已有模板');
    const peOperator = await sut.userWith('operator', 'pe');
    expect((await call('POST', '', { payload: fields(), tenant: 'pe', cookie: peOperator })).statusCode).toBe(
      201,
    );
  });

  it('should update from the version read, refuse a stale one, and audit only what changed', async () => {
    const pic = await upload();
    const template = await created();
    const update = (version: number) =>
      call('PUT', `/${template.shareTempletId}`, {
        payload: { ...fields({ shareTitle: '夏季充电节', sharePic: [pic] }), version },
      });
    const saved = await update(1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ShareTemplate>()).toMatchObject({
      shareTitle: '夏季充电节',
      sharePic: [{ fileId: pic }],
      updater: 'nio-operator',
      version: 2,
    });
    const stale = await update(1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('该模板已被他人修改，请刷新后重新修改');
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'SHARE_TEMPLATE_UPDATE'));
    expect(audit!.before).toEqual({ shareTitle: '春季充电节', sharePic: [], version: 1 });
    expect(audit!.after).toEqual({ shareTitle: '夏季充电节', sharePic: [pic], version: 2 });
  });

  it('should refuse an update to a share info id another template has', async () => {
    await created({ shareInfoId: 'a' });
    const b = await created({ shareInfoId: 'b' });
    const response = await call('PUT', `/${b.shareTempletId}`, {
      payload: { ...fields({ shareInfoId: 'a' }), version: 1 },
    });
    expect(response.statusCode).toBe(409);
  });

  it('should delete from the version read and audit it', async () => {
    const template = await created({ sharePic: [await upload()] });
    expect((await call('DELETE', `/${template.shareTempletId}?version=9`)).statusCode).toBe(409);
    expect((await call('DELETE', `/${template.shareTempletId}?version=1`)).statusCode).toBe(204);
    expect((await call('GET', `/${template.shareTempletId}`)).statusCode).toBe(404);
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'SHARE_TEMPLATE_DELETE'));
    expect(audit!.before).toMatchObject({ shareInfoId: 'spring-charge', version: 1 });
  });

  it('should list with the filter and export the list', async () => {
    await created({ shareInfoId: 'a', shareType: 'poster', shareTitle: '海报分享' });
    await created({ shareInfoId: 'b', shareType: 'group_invite', shareTitle: '加入群聊' });
    const list = async (query: string) => {
      const response = await call('GET', `?${query}`, { cookie: viewer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ShareTemplatePage>().items.map((t) => t.shareInfoId);
    };
    expect(await list('')).toEqual(['b', 'a']);
    expect(await list('shareType=poster')).toEqual(['a']);
    expect(await list('shareTitle=群聊')).toEqual(['b']);
    expect(await list('shareInfoId=b')).toEqual(['b']);
    const exported = await call('GET', '/export?format=csv&shareType=group_invite', { cookie: viewer });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('加入群聊');
    expect(exported.body).toContain('群聊邀请');
    expect(exported.body).not.toContain('海报分享');
  });

  it('should let viewers read but not change, and keep tenants apart', async () => {
    const template = await created();
    expect(
      (await call('POST', '', { payload: fields({ shareInfoId: 'v' }), cookie: viewer })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/${template.shareTempletId}`, { cookie: viewer })).statusCode).toBe(200);
    const peViewer = await sut.userWith('viewer', 'pe');
    expect(
      (await call('GET', `/${template.shareTempletId}`, { tenant: 'pe', cookie: peViewer })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/${template.shareTempletId}`, { cookie: peViewer })).statusCode).toBe(403);
  });

  describe('read by the apps', () => {
    let client: TestAppClient;
    beforeEach(async () => {
      client = await createAppClient(sut, 'nio');
    });

    it('should answer the post share info by type and id, with public picture addresses', async () => {
      const pic = await upload();
      const template = await created({ sharePic: [pic] });
      const path = `/api/app/share-templates?share_type=activity&share_templet_id=${template.shareTempletId}`;
      const response = await sendSigned(sut, client, 'GET', path);
      expect(response.statusCode, response.body).toBe(200);
      const info = response.json<AppShareTemplate>();
      expect(info).toEqual({
        shareTempletId: template.shareTempletId,
        shareType: 'activity',
        shareInfoId: 'spring-charge',
        sharePic: [expect.stringMatching(new RegExp(`^https?://.+/api/public/share-pictures/${pic}$`))],
        shareTitle: '春季充电节',
        description: '充电享八折',
        landingPage: 'https://example.com/spring',
      });
      const picture = await sut.app.inject({
        method: 'GET',
        url: new URL(info.sharePic[0]!).pathname,
        headers: { origin: undefined },
      });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.rawPayload.equals(png)).toBe(true);
    });

    it('should answer 404 for another type, another tenant or a file no template shows', async () => {
      const template = await created();
      const wrongType = await sendSigned(
        sut,
        client,
        'GET',
        `/api/app/share-templates?share_type=poster&share_templet_id=${template.shareTempletId}`,
      );
      expect(wrongType.statusCode).toBe(404);
      const pe = await createAppClient(sut, 'pe');
      const otherTenant = await sendSigned(
        sut,
        pe,
        'GET',
        `/api/app/share-templates?share_type=activity&share_templet_id=${template.shareTempletId}`,
      );
      expect(otherTenant.statusCode).toBe(404);
      const loose = await upload();
      const notShared = await sut.app.inject({ method: 'GET', url: `/api/public/share-pictures/${loose}` });
      expect(notShared.statusCode).toBe(404);
    });

    it('should refuse an unsigned read and a bad template id', async () => {
      const unsigned = await sut.app.inject({
        method: 'GET',
        url: '/api/app/share-templates?share_type=activity&share_templet_id=1',
      });
      expect(unsigned.statusCode).toBe(401);
      const bad = await sendSigned(
        sut,
        client,
        'GET',
        '/api/app/share-templates?share_type=activity&share_templet_id=x',
      );
      expect(bad.statusCode).toBe(400);
    });
  });
});
