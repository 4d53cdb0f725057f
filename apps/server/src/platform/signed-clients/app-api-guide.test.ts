import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalRequest } from '@cmp/domain/platform/signed-requests';
import { createAppClient, type TestAppClient } from '../../test/app-client-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { REPO_ROOT } from '../server-root.js';
import { keyFingerprint } from './signing-keys.js';

const GUIDE = fs.readFileSync(path.join(REPO_ROOT, 'docs/app-api.md'), 'utf8');

/** The test vector of the guide, as an integrator reads it: `name: value` lines of its text block. */
function vector(): Record<string, string> {
  const block = /### Test vector[\s\S]*?```text\n([\s\S]*?)```/.exec(GUIDE)![1]!;
  return Object.fromEntries(
    block
      .trim()
      .split('\n')
      .map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );
}

/** Section 2 of the guide with Node's crypto alone: none of the portal's own signing code. */
function signAsTheGuideSays(
  secret: string,
  request: { method: string; path: string; timestamp: string; nonce: string; body: string },
): string {
  const key = createPrivateKey({
    key: Buffer.from(secret.slice(6), 'base64url'),
    format: 'der',
    type: 'pkcs8',
  });
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  const text = [request.method, request.path, request.timestamp, request.nonce, bodyHash].join('\n');
  return sign(null, Buffer.from(text), key).toString('base64');
}

describe('the integrator guide (docs/app-api.md)', () => {
  it('should hold a test vector that signs, hashes and verifies as it says', () => {
    const v = vector();
    expect(createHash('sha256').update(v.body!).digest('hex')).toBe(v['body sha256']);
    const request = {
      method: v.method!,
      path: v.path!,
      timestamp: v.timestamp!,
      nonce: v.nonce!,
      body: v.body!,
    };
    expect(signAsTheGuideSays(v['secret code']!, request)).toBe(v.signature);
    const text = canonicalRequest({ ...request, bodySha256: v['body sha256']! });
    const publicKey = createPublicKey({
      key: Buffer.from(v['public key']!, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, Buffer.from(text), publicKey, Buffer.from(v.signature!, 'base64'))).toBe(true);
    expect(keyFingerprint(v['public key']!)).toBe(v.fingerprint);
    expect(createHash('sha256').update('').digest('hex')).toBe(
      /hashes the empty string: `([0-9a-f]{64})`/.exec(GUIDE)![1],
    );
  });

  describe('a request signed as the guide says', () => {
    let sut: TestContext;
    let client: TestAppClient;
    beforeEach(async () => {
      sut = await createTestContext();
      client = await createAppClient(sut, 'nio');
    });
    afterEach(() => sut.app.close());

    const send = (body: string, path = '/api/app/accounts') => {
      const timestamp = String(Date.now());
      const nonce = randomBytes(12).toString('base64url');
      const signature = signAsTheGuideSays(client.secretCode, {
        method: 'POST',
        path,
        timestamp,
        nonce,
        body,
      });
      return sut.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          'x-cmp-key-id': client.clientId,
          'x-cmp-timestamp': timestamp,
          'x-cmp-nonce': nonce,
          'x-cmp-signature': signature,
        },
        payload: body,
      });
    };

    it('should be taken, with a query and non-ASCII text, and a resend answer 200 as section 4 says', async () => {
      const at = Date.now();
      const body = JSON.stringify({
        accountId: 'ACC100001',
        mobile: '13812345678',
        nickName: '小明',
        createTime: at,
        updateTime: at,
      });
      const created = await send(body, '/api/app/accounts?source=app');
      expect(created.statusCode, created.body).toBe(201);
      const resent = await send(body);
      expect(resent.statusCode, resent.body).toBe(200);
    });
  });
});
