import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCLUDED_PROVINCE_CODE, type RegionNode } from '@cmp/domain/stations/regions';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { regionIdAt } from '../../platform/regions/region-geometry.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';

// Read-only routes without database rows: one app serves every case.
describe('regions', () => {
  let sut: TestContext;
  let viewer: string;
  beforeAll(async () => {
    sut = await createTestContext();
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterAll(() => sut.app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie: viewer, ...headers } });

  describe('GET /regions', () => {
    it('should answer the province → city → district tree without the excluded province', async () => {
      const response = await get('/regions');

      expect(response.statusCode).toBe(200);
      const items = response.json().items as RegionNode[];
      expect(items.map((province) => province.regionId)).not.toContain(EXCLUDED_PROVINCE_CODE);
      const shanghai = items.find((province) => province.regionId === '310000');
      expect(shanghai).toMatchObject({ name: '上海市', children: [{ regionId: '310100', name: '上海市' }] });
      expect(shanghai?.children?.[0]?.children).toContainEqual({ regionId: '310101', name: '黄浦区' });
      const guangdong = items.find((province) => province.regionId === '440000');
      expect(guangdong?.children?.find((city) => city.regionId === '440100')?.name).toBe('广州市');
    });

    it('should be cacheable and answer 304 to a matching ETag', async () => {
      const first = await get('/regions');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, max-age=3600');

      const again = await get('/regions', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/regions', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    });

    it('should refuse a user without the tenant', async () => {
      const peViewer = await sut.userWith('viewer', 'pe');
      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/regions',
        headers: { cookie: peViewer },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('GET /regions/reverse-geocode', () => {
    const geocode = (longitude: number | string, latitude: number | string) =>
      get(`/regions/reverse-geocode?longitude=${longitude}&latitude=${latitude}`);

    it("should place People's Square in Huangpu, Shanghai", async () => {
      const response = await geocode(121.4737, 31.2304);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        regionId: '310101',
        provinceId: '310000',
        provinceName: '上海市',
        cityId: '310100',
        cityName: '上海市',
        districtId: '310101',
        districtName: '黄浦区',
        region: '上海市/黄浦区',
      });
    });

    it.each([
      ['Tiananmen, Beijing', 116.3975, 39.9087, '110101', '北京市/东城区'],
      ['Canton Tower, Guangzhou', 113.3245, 23.1064, '440105', '广东省/广州市/海珠区'],
      ['Futian, Shenzhen', 114.0579, 22.5431, '440304', '广东省/深圳市/福田区'],
      ['Jiefangbei, Chongqing', 106.5775, 29.5583, '500103', '重庆市/渝中区'],
      ['Potala Palace, Lhasa', 91.1172, 29.6578, '540102', '西藏自治区/拉萨市/城关区'],
      ['Central, Hong Kong', 114.1588, 22.282, '810001', '香港特别行政区/中西区'],
      ['Dongguan (a city without districts)', 113.7518, 23.0207, '441900', '广东省/东莞市'],
    ])('should place %s', async (_place, longitude, latitude, regionId, region) => {
      const response = await geocode(longitude, latitude);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ regionId, region });
    });

    it('should take the nearest district for a point just off the coast', async () => {
      // Off the simplified coastline east of Pudong airport, outside every outline but within reach.
      const response = await geocode(121.9, 31.15);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ regionId: '310115', districtName: '浦东新区' });
    });

    it('should refuse a point in the open sea or abroad with 422 and the rule message', async () => {
      for (const [longitude, latitude] of [
        [125, 30],
        [139.69, 35.68],
        [0, 0],
      ]) {
        const response = await geocode(longitude!, latitude!);
        expect(response.statusCode, `${longitude},${latitude}`).toBe(422);
        expect(errorOf(response)).toMatchObject({
          code: 'rule_violated',
          message: `经度 ${longitude}、纬度 ${latitude} 不在中国的任何行政区划内`,
        });
      }
    });

    it('should answer 400 for a missing or out-of-range coordinate', async () => {
      const missing = await get('/regions/reverse-geocode?longitude=121.47');
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).details).toEqual([expect.objectContaining({ path: 'querystring.latitude' })]);

      const outOfRange = await geocode(181, 31);
      expect(outOfRange.statusCode).toBe(400);
      expect(errorOf(outOfRange).details).toEqual([
        expect.objectContaining({ path: 'querystring.longitude' }),
      ]);

      expect((await geocode('east', 31)).statusCode).toBe(400);
    });
  });

  describe('outlines', () => {
    it("should place nearly every region's own label point in that region", () => {
      // Checks decoding and the generator's name matching together: a label point of the source lies
      // inside its district, so it must come back as the code the district was matched to.
      const file = JSON.parse(
        readFileSync(new URL('../../platform/regions/region-geometry.json', import.meta.url), 'utf8'),
      ) as {
        scale: number;
        regions: { id: string; c: [number, number] }[];
      };
      const misplaced = file.regions.filter(
        ({ id, c: [x, y] }) => regionIdAt(x / file.scale, y / file.scale) !== id,
      );
      expect(file.regions.length).toBeGreaterThan(2500);
      expect(misplaced.length).toBeLessThan(file.regions.length * 0.01);
    });
  });

  describe('GET /regions/station-counts', () => {
    it('should count charge and swap stations in each district, city and province, once each', async () => {
      const db = sut.database.db;
      await insertChargeStation(db, 'S-HP');
      await insertChargeStation(db, 'S-XH', { regionId: '310104' });
      await insertSwapStation(db, 'S-HZ', { provinceId: '440000', cityId: '440100', regionId: '440105' });
      // Dongguan has no districts: its stations carry the city code as their region.
      await insertChargeStation(db, 'S-DG', { provinceId: '440000', cityId: '441900', regionId: '441900' });

      const response = await get('/regions/station-counts');

      expect(response.statusCode).toBe(200);
      const counts = Object.fromEntries(
        (response.json().items as { regionId: string; stationCount: number }[]).map((item) => [
          item.regionId,
          item.stationCount,
        ]),
      );
      expect(counts).toEqual({
        '310000': 2,
        '310100': 2,
        '310101': 1,
        '310104': 1,
        '440000': 2,
        '440100': 1,
        '440105': 1,
        '441900': 1,
      });
    });

    it('should refuse a user without the tenant', async () => {
      const peViewer = await sut.userWith('viewer', 'pe', 'pe-viewer-counts');
      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/nio/regions/station-counts',
        headers: { cookie: peViewer },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
