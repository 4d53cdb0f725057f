import { describe, expect, it } from 'vitest';
import { EXCLUDED_PROVINCE_CODE } from '@cmp/domain/stations/regions';
import { allDistricts, findRegion, regionLabel, regionPath, regionTree } from './region-data.js';

describe('region data', () => {
  it('labels a district with its province and city names', () => {
    expect(regionLabel('440106')).toBe('广东省/广州市/天河区');
    expect(regionPath('440106')).toEqual({ provinceId: '440000', cityId: '440100', districtId: '440106' });
  });

  it('gives a city and a province their shorter paths', () => {
    expect(regionLabel('440100')).toBe('广东省/广州市');
    expect(regionPath('440100')).toEqual({ provinceId: '440000', cityId: '440100', districtId: null });
    expect(regionLabel('440000')).toBe('广东省');
    expect(regionPath('440000')).toEqual({ provinceId: '440000', cityId: null, districtId: null });
  });

  it('answers null for unknown, empty and excluded ids', () => {
    expect(regionLabel(null)).toBeNull();
    expect(regionLabel('')).toBeNull();
    expect(regionLabel('999999')).toBeNull();
    expect(regionPath('123')).toBeNull();
    expect(findRegion(EXCLUDED_PROVINCE_CODE)).toBeNull();
  });

  it('gives a municipality district the GB/T city code and does not repeat the city name', () => {
    expect(regionPath('110101')).toEqual({ provinceId: '110000', cityId: '110100', districtId: '110101' });
    expect(regionLabel('110101')).toBe('北京市/东城区');
    expect(regionLabel('110100')).toBe('北京市');
    expect(regionPath('310101')).toEqual({ provinceId: '310000', cityId: '310100', districtId: '310101' });
    expect(regionLabel('310115')).toBe('上海市/浦东新区');
    // Chongqing's counties have their own GB/T city code (500200) apart from its districts (500100).
    expect(regionPath('500103')?.cityId).toBe('500100');
    expect(regionPath('500229')?.cityId).toBe('500200');
    expect(regionLabel('500229')).toBe('重庆市/城口县');
  });

  it('keeps a county-level city run by its province under the GB/T grouping code', () => {
    expect(regionPath('429004')).toEqual({ provinceId: '420000', cityId: '429000', districtId: '429004' });
    expect(regionLabel('429004')).toBe('湖北省/仙桃市');
    expect(findRegion('429000')?.name).toBe('省直辖县级行政区划');
    expect(findRegion('659000')?.name).toBe('自治区直辖县级行政区划');
  });

  it('has no city level in Hong Kong and Macau', () => {
    expect(regionPath('810001')).toEqual({ provinceId: '810000', cityId: null, districtId: '810001' });
    expect(regionLabel('810001')).toBe('香港特别行政区/中西区');
  });

  it("leaves out the code list's 市辖区 placeholders", () => {
    expect(findRegion('310101')?.name).toBe('黄浦区');
    expect(findRegion('620201')).toBeNull();
    expect(allDistricts().filter((district) => district.name === '市辖区')).toEqual([]);
    const jiayuguan = regionTree()
      .find((province) => province.regionId === '620000')
      ?.children?.find((city) => city.regionId === '620200');
    expect(jiayuguan).toEqual({ regionId: '620200', name: '嘉峪关市' });
  });

  it('treats a prefecture-level city without districts as a city', () => {
    expect(findRegion('441900')).toMatchObject({
      name: '东莞市',
      level: 'city',
      cityId: '441900',
      districtId: null,
    });
  });

  it('builds a three-level tree without the excluded province', () => {
    const tree = regionTree();
    expect(tree.map((province) => province.regionId)).not.toContain(EXCLUDED_PROVINCE_CODE);
    expect(tree).toHaveLength(34);
    const beijing = tree.find((province) => province.regionId === '110000');
    expect(beijing?.children?.map((city) => [city.regionId, city.name])).toEqual([['110100', '北京市']]);
    expect(beijing?.children?.[0]?.children?.[0]).toEqual({ regionId: '110101', name: '东城区' });
    const chongqing = tree.find((province) => province.regionId === '500000');
    expect(chongqing?.children?.map((city) => city.regionId)).toEqual(['500100', '500200']);
    const guangdong = tree.find((province) => province.regionId === '440000');
    const guangzhou = guangdong?.children?.find((city) => city.regionId === '440100');
    expect(guangzhou?.children).toContainEqual({ regionId: '440106', name: '天河区' });
  });

  it('lists every district once with its city and province', () => {
    const districts = allDistricts();
    expect(new Set(districts.map((district) => district.regionId)).size).toBe(districts.length);
    expect(districts.length).toBeGreaterThan(2800);
    expect(districts).toContainEqual({
      regionId: '310101',
      name: '黄浦区',
      cityId: '310100',
      provinceId: '310000',
    });
    for (const district of districts) {
      expect(regionPath(district.regionId)?.districtId).toBe(district.regionId);
    }
  });
});
