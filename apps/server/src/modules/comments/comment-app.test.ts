import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import { canonicalRequest, SIGNED_HEADERS } from '@cmp/domain/platform/signed-requests';
import { signedHeaders } from '../../platform/signed-clients/client-signing.js';
import { sha256Hex, verifySignature } from '../../platform/signed-clients/signing-keys.js';
import { createVendor, sendComment, type TestVendor } from '../../test/comment-fixtures.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resources } from '../stations/stations.tables.js';
import { eq } from 'drizzle-orm';

describe('comments sent in by vendors', () => {
  let sut: TestContext;
  let admin: string;
  let operator: string;
  let vendor: TestVendor;
  beforeEach(async () => {
    sut = await createTestContext({}, { jobRunner: { pollMs: 20, backoffMs: () => 50 } });
    admin = await sut.userWith('admin', 'nio');
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, 'CS-1');
    await insertSwapStation(sut.database.db, 'PS-1');
    vendor = await createVendor(sut, admin, { sourceId: 'dianping' });
  });
  afterEach(() => sut.app.close());

  const officialReply = async (commentaryId: number) => {
    const replied = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comments/official-replies',
      headers: { cookie: operator },
      payload: { commentaryId, text: '感谢您的反馈' },
    });
    expect(replied.statusCode).toBe(201);
  };
  const commentOf = async (commentaryId: number) => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/nio/comments/${commentaryId}`,
      headers: { cookie: operator },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Comment>();
  };
  const countersOf = async (resourceId: string) => {
    const [row] = await sut.database.db
      .select({ n: resources.commentaryNumber })
      .from(resources)
      .where(eq(resources.resourceId, resourceId));
    return row!.n;
  };

  it('should create a comment on the first sending, update it on the next, and count it once', async () => {
    const first = await sendComment(sut, vendor, {
      externalId: 'dp-1',
      resourceId: 'PS-1',
      rating: 5,
      commentaryText: '换电很快',
      commentaryTag: ['换电快', '服务好'],
      userName: '张三',
      userMobile: '13812345678',
      client: 'nio_app',
    });
    expect(first.statusCode).toBe(201);
    const { commentaryId, created } = first.json<{ commentaryId: number; created: boolean }>();
    expect(created).toBe(true);
    const comment = await commentOf(commentaryId);
    expect(comment).toMatchObject({
      rating: 5,
      commentaryText: '换电很快',
      commentaryTag: ['换电快', '服务好'],
      userName: '张三',
      userMobile: '13812345678',
      client: 'nio_app',
      scene: 'swap',
      state: 'visible',
      sourceTenantId: 'nio',
      applicationId: vendor.clientId,
      applicationName: 'Reviews Inc.',
      resourceName: 'station PS-1',
    });

    const again = await sendComment(sut, vendor, {
      externalId: 'dp-1',
      resourceId: 'PS-1',
      rating: 2,
      commentaryText: '改了评价',
      droppedByUser: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ commentaryId, created: false });
    expect(await commentOf(commentaryId)).toMatchObject({
      rating: 2,
      commentaryText: '改了评价',
      droppedByUser: true,
      state: 'deleted_by_user',
    });
    expect(await countersOf('PS-1')).toBe(1);
  });

  it('should refuse unsigned, wrongly signed, stale and replayed requests with 401', async () => {
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/comments',
      headers: { origin: undefined },
      payload: { externalId: 'x', resourceId: 'CS-1' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(errorOf(unsigned).code).toBe('unauthenticated');

    const stale = await sendComment(
      sut,
      vendor,
      { externalId: 'a', resourceId: 'CS-1' },
      { timestamp: Date.now() - 6 * 60_000 },
    );
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale).code).toBe('request_expired');

    const other = await createVendor(sut, admin, { sourceId: 'other' });
    const forged = await sendComment(
      sut,
      { ...vendor, secretCode: other.secretCode },
      { externalId: 'b', resourceId: 'CS-1' },
    );
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged).code).toBe('signature_invalid');

    // A body changed after signing no longer matches its signature.
    const body = JSON.stringify({
      externalId: 'c',
      resourceId: 'CS-1',
      rating: 5,
      commentaryTime: 1,
      accountId: 'A',
    });
    const headers = signedHeaders(vendor, { method: 'POST', path: '/api/app/comments', body });
    const tampered = await sut.app.inject({
      method: 'POST',
      url: '/api/app/comments',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body.replace('"rating":5', '"rating":1'),
    });
    expect(errorOf(tampered).code).toBe('signature_invalid');

    const nonce = 'n0nce-used-only-once';
    expect(
      (await sendComment(sut, vendor, { externalId: 'd', resourceId: 'CS-1' }, { nonce })).statusCode,
    ).toBe(201);
    const replayed = await sendComment(sut, vendor, { externalId: 'd', resourceId: 'CS-1' }, { nonce });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('request_replayed');
  });

  it('should take only JSON, whose bytes are signed, and refuse an unknown key before reading the body', async () => {
    const body = JSON.stringify({
      externalId: 'e',
      resourceId: 'CS-1',
      rating: 5,
      commentaryTime: 1,
      accountId: 'A',
    });
    // Signed as if the body were empty, as a parser that keeps no raw bytes would have checked it.
    for (const contentType of ['text/plain', 'multipart/form-data; boundary=x']) {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/app/comments',
        headers: {
          'content-type': contentType,
          ...signedHeaders(vendor, { method: 'POST', path: '/api/app/comments', body: '' }),
        },
        payload: body,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(errorOf(response).code).toBe('unsupported_file_type');
    }

    // Beyond the route's 18 MB under a key id no vendor has: refused for the key (401), not for a size only
    // reading the body finds out (413).
    const big = `{"externalId":"${'x'.repeat(19 * 1024 * 1024)}"}`;
    const unknown = await sut.app.inject({
      method: 'POST',
      url: '/api/app/comments',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(
          { ...vendor, clientId: 'no-such-vendor' },
          { method: 'POST', path: '/api/app/comments', body: big },
        ),
      },
      payload: big,
    });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown).code).toBe('signature_invalid');
  });

  it('should stop the old secret at rotation and refuse a disabled vendor', async () => {
    const rotated = await sut.app.inject({
      method: 'POST',
      url: `/api/nio/comment-vendors/${vendor.clientId}/rotate-secret`,
      headers: { cookie: admin },
    });
    expect(rotated.statusCode).toBe(200);
    const secretCode = rotated.json<{ secretCode: string }>().secretCode;
    expect(secretCode).not.toBe(vendor.secretCode);
    expect(errorOf(await sendComment(sut, vendor, { externalId: 'a', resourceId: 'CS-1' })).code).toBe(
      'signature_invalid',
    );
    const renewed = { ...vendor, secretCode };
    expect((await sendComment(sut, renewed, { externalId: 'a', resourceId: 'CS-1' })).statusCode).toBe(201);

    const disabled = await sut.app.inject({
      method: 'PUT',
      url: `/api/nio/comment-vendors/${vendor.clientId}`,
      headers: { cookie: admin },
      payload: { applicationName: 'Reviews Inc.', sourceId: 'dianping', state: 'disabled' },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await sendComment(sut, renewed, { externalId: 'b', resourceId: 'CS-1' })).statusCode).toBe(401);
  });

  it('should list vendors to admins only, never with their secret', async () => {
    const list = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/comment-vendors',
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<{ items: Record<string, unknown>[] }>().items;
    expect(listed).toMatchObject({
      applicationId: vendor.clientId,
      sourceId: 'dianping',
      state: 'enabled',
      tenant: 'nio',
    });
    expect(listed!.keyFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(list.body).not.toContain(vendor.secretCode.slice(10, 40));
    const asOperator = await sut.app.inject({
      method: 'GET',
      url: '/api/nio/comment-vendors',
      headers: { cookie: operator },
    });
    expect(asOperator.statusCode).toBe(403);
    const taken = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/comment-vendors',
      headers: { cookie: admin, 'accept-language': 'zh-CN' },
      payload: { applicationName: 'Copy', sourceId: 'dianping' },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).message).toBe('本租户已有供应商使用来源 dianping');
  });

  it('should remove a vendor that never sent a comment, and keep one that did', async () => {
    const unused = await createVendor(sut, admin, { sourceId: 'mistake' });
    const remove = (applicationId: string, cookie = admin) =>
      sut.app.inject({
        method: 'DELETE',
        url: `/api/nio/comment-vendors/${applicationId}`,
        headers: { cookie, 'accept-language': 'zh-CN' },
      });
    expect((await remove(unused.clientId, operator)).statusCode).toBe(403);
    expect((await remove(unused.clientId)).statusCode).toBe(204);
    expect(errorOf(await sendComment(sut, unused, { externalId: 'x', resourceId: 'CS-1' })).code).toBe(
      'signature_invalid',
    );
    expect((await sendComment(sut, vendor, { externalId: 'kept', resourceId: 'CS-1' })).statusCode).toBe(201);
    const refused = await remove(vendor.clientId);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe('该供应商已推送 1 条评论，不能删除，可将其停用');
    expect((await remove('cv-unknown')).statusCode).toBe(404);
  });

  it('should refuse a comment on an unknown station and pictures that are not images', async () => {
    const unknown = await sendComment(sut, vendor, { externalId: 'a', resourceId: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    const text = await sendComment(sut, vendor, {
      externalId: 'b',
      resourceId: 'CS-1',
      commentaryImage: [{ name: 'a.txt', data: Buffer.from('not a picture').toString('base64') }],
    });
    expect(text.statusCode).toBe(415);
    expect(await countersOf('CS-1')).toBe(0);
  });

  it('should keep pictures as a thumbnail and a large JPEG the tenant staff can open', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const sent = await sendComment(sut, vendor, {
      externalId: 'pic',
      resourceId: 'CS-1',
      commentaryImage: [{ name: 'photo.png', data: png.toString('base64') }],
    });
    expect(sent.statusCode).toBe(201);
    const [picture] = (await commentOf(sent.json<{ commentaryId: number }>().commentaryId)).commentaryPicture;
    const thumbnail = await sut.app.inject({
      method: 'GET',
      url: picture!.thumbnailUrl,
      headers: { cookie: operator },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(240);
    const pe = await sut.userWith('operator', 'pe');
    expect(
      (await sut.app.inject({ method: 'GET', url: picture!.url, headers: { cookie: pe } })).statusCode,
    ).toBe(404);
  });

  it("should deliver a vendor's burst of callbacks in seconds while another vendor never answers", async () => {
    // One vendor's endpoint takes the connection and never replies; the other answers at once.
    const hung = http.createServer(() => undefined);
    const delivered: string[] = [];
    const quick = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        delivered.push((JSON.parse(body) as { externalId: string }).externalId);
        response.statusCode = 204;
        response.end();
      });
    });
    for (const server of [hung, quick])
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const urlOf = (server: http.Server) =>
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const other = await createVendor(sut, admin, { sourceId: 'meituan', callbackUrl: urlOf(quick) });
      await sut.app.inject({
        method: 'PUT',
        url: `/api/nio/comment-vendors/${vendor.clientId}`,
        headers: { cookie: admin },
        payload: { applicationName: 'Reviews Inc.', sourceId: 'dianping', callbackUrl: urlOf(hung) },
      });
      const reply = async (from: TestVendor, externalId: string) => {
        const { commentaryId } = (await sendComment(sut, from, { externalId, resourceId: 'CS-1' })).json<{
          commentaryId: number;
        }>();
        await officialReply(commentaryId);
      };
      // The hung vendor's callbacks first, so that they are the oldest jobs in the queue.
      for (let i = 0; i < 3; i++) await reply(vendor, `hung-${i}`);
      await sut.app.ready();
      const burst = Array.from({ length: 10 }, (_, i) => `quick-${i}`);
      for (const externalId of burst) await reply(other, externalId);
      // Well within one hung call's 10 s: the hung vendor holds one slot, never the other vendor's.
      await expect.poll(() => delivered.length, { timeout: 8_000, interval: 50 }).toBe(burst.length);
      expect([...delivered].sort()).toEqual([...burst].sort());
    } finally {
      hung.closeAllConnections();
      for (const server of [hung, quick]) server.close();
    }
  });

  it("should tell a vendor a comment's events in the order staff acted, a retried one before a later one", async () => {
    const received: { event: string; status: number }[] = [];
    let failuresLeft = 1;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.statusCode = failuresLeft-- > 0 ? 503 : 204;
        received.push({ event: (JSON.parse(body) as { event: string }).event, status: response.statusCode });
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await sut.app.inject({
        method: 'PUT',
        url: `/api/nio/comment-vendors/${vendor.clientId}`,
        headers: { cookie: admin },
        payload: {
          applicationName: 'Reviews Inc.',
          sourceId: 'dianping',
          callbackUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        },
      });
      const sent = await sendComment(sut, vendor, { externalId: 'dp-order', resourceId: 'CS-1' });
      const { commentaryId } = sent.json<{ commentaryId: number }>();
      for (const action of ['HIDE_COMMENT', 'CANCEL_HIDE_COMMENT']) {
        const marked = await sut.app.inject({
          method: 'POST',
          url: `/api/nio/comments/${commentaryId}/mark`,
          headers: { cookie: operator },
          payload: { action },
        });
        expect(marked.statusCode, marked.body).toBe(200);
      }
      await sut.app.ready();
      await expect.poll(() => received.length, { timeout: 10_000, interval: 20 }).toBe(3);
      expect(received).toEqual([
        { event: 'comment_hidden', status: 503 },
        { event: 'comment_hidden', status: 204 },
        { event: 'comment_unhidden', status: 204 },
      ]);
    } finally {
      server.close();
    }
  });

  it('should call the vendor back, signed, until it answers 2xx, when staff reply or hide', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];
    let failuresLeft = 2;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body, path: request.url! });
        response.statusCode = failuresLeft-- > 0 ? 503 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await sut.app.inject({
        method: 'PUT',
        url: `/api/nio/comment-vendors/${vendor.clientId}`,
        headers: { cookie: admin },
        payload: {
          applicationName: 'Reviews Inc.',
          sourceId: 'dianping',
          callbackUrl: `http://127.0.0.1:${port}/hooks?v=1`,
        },
      });
      await sut.app.listen({ port: 0, host: '127.0.0.1' });
      const sent = await sendComment(sut, vendor, { externalId: 'dp-9', resourceId: 'CS-1' });
      const { commentaryId } = sent.json<{ commentaryId: number }>();
      await officialReply(commentaryId);

      await expect.poll(() => received.length, { timeout: 10_000, interval: 50 }).toBe(3);
      const last = received.at(-1)!;
      expect(JSON.parse(last.body)).toMatchObject({
        event: 'reply_created',
        applicationId: vendor.clientId,
        externalId: 'dp-9',
        commentaryId,
        reply: { text: '感谢您的反馈' },
      });
      expect(last.path).toBe('/hooks?v=1');
      const text = canonicalRequest({
        method: 'POST',
        path: last.path,
        timestamp: last.headers[SIGNED_HEADERS.timestamp] as string,
        nonce: last.headers[SIGNED_HEADERS.nonce] as string,
        bodySha256: sha256Hex(last.body),
      });
      expect(
        verifySignature(vendor.portalPublicKey, text, last.headers[SIGNED_HEADERS.signature] as string),
      ).toBe(true);

      const hidden = await sut.app.inject({
        method: 'POST',
        url: `/api/nio/comments/${commentaryId}/mark`,
        headers: { cookie: operator },
        payload: { action: 'HIDE_COMMENT' },
      });
      expect(hidden.statusCode).toBe(200);
      await expect.poll(() => received.length, { timeout: 10_000, interval: 50 }).toBe(4);
      expect(JSON.parse(received[3]!.body)).toMatchObject({ event: 'comment_hidden', reply: null });
    } finally {
      server.close();
    }
  });
});
