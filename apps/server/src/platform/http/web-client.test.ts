import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('serving the web client', () => {
  let sut: TestContext;
  let webDist: string;
  beforeEach(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>CMP</title>');
    fs.writeFileSync(path.join(webDist, 'share.html'), '<!doctype html><title>分享</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    sut = await createTestContext({ webDist });
  });
  afterEach(async () => {
    await sut.app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => sut.app.inject({ method: 'GET', url });

  it('should cache hashed assets for a year', async () => {
    const response = await get('/assets/index-3f9a1c.js');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/cmp-app',
    '/cmp-app/nio/stations?pageNo=2',
    '/index',
    '/main',
    '/error',
    '/feedback-list?x=1',
    '/charge-station-detail?resourceId=CS1',
    '/power-swap-detail',
    '/worksheet-detail',
  ])('should answer the shell, revalidated, for the client route %s', async (url) => {
    const response = await get(url);

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>CMP</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('should answer the H5 share page its own bundle, with its query', async () => {
    const response = await get('/h5/share?share_templet_id=3&share_type=group_invite');

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>分享</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('should not answer the shell for a missing asset or an API path', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await get('/api/missing')).headers['content-type']).toContain('application/json');
  });

  it('should serve assets of a rebuild made while the server runs', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'index-77aa00.js'), 'console.log(2)');

    const response = await get('/assets/index-77aa00.js');

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(2)');
  });

  it('should send security headers', async () => {
    const response = await get('/cmp-app');

    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('should refuse a JSON body over 1 MB with 413', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'x', password: 'y'.repeat(1024 * 1024) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});

describe('serving the web client precompressed', () => {
  const SCRIPT = 'export const greeting = "你好";\n'.repeat(50);
  const SHELL = '<!doctype html><title>CMP</title>' + '<meta name="x" content="y">'.repeat(50);
  let sut: TestContext;
  let webDist: string;
  beforeEach(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    // What apps/web's build writes: each text file, its .br and its .gz.
    const write = (name: string, content: string, variants: ('br' | 'gz')[]) => {
      const file = path.join(webDist, name);
      fs.writeFileSync(file, content);
      if (variants.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
      if (variants.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
    };
    write('index.html', SHELL, ['br', 'gz']);
    write('assets/index-3f9a1c.js', SCRIPT, ['br', 'gz']);
    write('assets/index-3f9a1c.css', 'body{margin:0}'.repeat(50), ['br']);
    sut = await createTestContext({ webDist });
  });
  afterEach(async () => {
    await sut.app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    sut.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('should send the brotli file of a script to a browser that accepts brotli', async () => {
    const response = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br, zstd');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('should send the gzip file to a browser that accepts only gzip', async () => {
    const response = await get('/assets/index-3f9a1c.js', 'gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('should send the file itself, still varying by encoding, to a browser that accepts none', async () => {
    const response = await get('/assets/index-3f9a1c.js');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(SCRIPT);
  });

  it('should send the file itself when the build wrote no variant the browser accepts', async () => {
    const response = await get('/assets/index-3f9a1c.css', 'gzip');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toBe('body{margin:0}'.repeat(50));
  });

  it('should send the shell of a client route compressed and revalidated', async () => {
    const response = await get('/cmp-app/nio/stations?pageNo=2', 'br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
  });
});
