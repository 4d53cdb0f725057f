import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('GET /api/portal-config', () => {
  let sut: TestContext;
  afterEach(() => sut.app.close());

  const cspImgSrc = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('img-src'));

  it('should answer the OpenStreetMap tiles by default to any signed-in user and allow their origin', async () => {
    sut = await createTestContext();
    const viewer = await sut.userWith('viewer', 'rsc');

    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/portal-config',
      headers: { cookie: viewer },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      uploadMaxBytes: 20 * 1024 * 1024,
      routeArrivalReservePercent: 10,
    });
    expect(cspImgSrc(response.headers)).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
  });

  it('should answer the configured tile server and allow only its origin, subdomains as a wildcard', async () => {
    sut = await createTestContext({
      tileUrl: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}&style=8',
      tileAttribution: '© 高德地图',
    });
    const viewer = await sut.userWith('viewer', 'nio');

    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/portal-config',
      headers: { cookie: viewer },
    });

    expect(response.json()).toEqual({
      tileUrl: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}&style=8',
      tileAttribution: '© 高德地图',
      uploadMaxBytes: 20 * 1024 * 1024,
      routeArrivalReservePercent: 10,
    });
    expect(cspImgSrc(response.headers)).toBe("img-src 'self' data: blob: https://*.is.autonavi.com");
  });

  it('should answer no tiles when they are off and allow no other image origin', async () => {
    sut = await createTestContext({ tileUrl: null, uploadMaxMb: 5, routeArrivalReservePercent: 15 });
    const viewer = await sut.userWith('viewer', 'pe');

    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/portal-config',
      headers: { cookie: viewer },
    });

    expect(response.json()).toEqual({
      tileUrl: null,
      tileAttribution: null,
      uploadMaxBytes: 5 * 1024 * 1024,
      routeArrivalReservePercent: 15,
    });
    expect(cspImgSrc(response.headers)).toBe("img-src 'self' data: blob:");
  });

  it('should answer without a session, for the mobile view of a shared road book', async () => {
    sut = await createTestContext();
    const response = await sut.app.inject({ method: 'GET', url: '/api/portal-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });
});
