import { describe, expect, it } from 'vitest';
import {
  readFilters,
  readPage,
  toRequestFilters,
  writeFilters,
  writePage,
  type SearchFilter,
} from './filters';

const filters: SearchFilter[] = [
  { type: 'select', name: 'status', label: 'Status', options: [{ label: 'On', value: 1 }] },
  {
    type: 'select',
    name: 'kinds',
    label: 'Kinds',
    multiple: true,
    options: [
      { label: 'DC', value: 'CS_DC' },
      { label: 'Swap', value: 'PS' },
    ],
  },
  { type: 'input', name: 'name', label: 'Name' },
  {
    type: 'inputSelect',
    name: 'searchInput',
    selectName: 'searchInputSelect',
    label: 'Keyword',
    options: [{ label: 'Id', value: 'id' }],
  },
  { type: 'datetime', name: 'createdAt', label: 'Created' },
  { type: 'datetimeRange', name: 'updated', label: 'Updated', names: ['startTime', 'endTime'] },
  { type: 'cascade', name: 'region', label: 'Region', options: [] },
];

describe('search table URL state', () => {
  it('should write every filter type to the query string and read it back unchanged', () => {
    const values = {
      status: 1,
      kinds: ['CS_DC', 'PS'],
      name: 'Hongqiao',
      searchInput: { field: 'id', text: 'S-1' },
      createdAt: 1_700_000_000_000,
      updated: [1_700_000_000_000, 1_700_086_399_000] as [number, number],
      region: ['310000', '310100'],
    };
    const query = writeFilters(filters, values, new URLSearchParams());

    expect(query.toString()).toBe(
      'status=1&kinds=CS_DC&kinds=PS&name=Hongqiao&searchInputSelect=id&searchInput=S-1&createdAt=1700000000000' +
        '&startTime=1700000000000&endTime=1700086399000&region=310000&region=310100',
    );
    expect(readFilters(filters, query)).toEqual(values);
  });

  it("should carry a screen's own control as its one text value", () => {
    const own: SearchFilter[] = [
      { type: 'custom', name: 'activityId', label: 'Activity', render: () => null },
    ];
    const query = writeFilters(own, { activityId: ' 8 ' }, new URLSearchParams('pageNo=2'));
    expect(query.toString()).toBe('activityId=8');
    expect(readFilters(own, query)).toEqual({ activityId: '8' });
    expect(toRequestFilters(own, query)).toEqual({ activityId: '8' });
    expect(writeFilters(own, { activityId: undefined }, query).toString()).toBe('');
  });

  it('should drop emptied filters and the page number but keep page size and sort', () => {
    const current = new URLSearchParams('name=old&pageNo=3&pageSize=50&sort=name:asc');
    const next = writeFilters(filters, { name: '   ', searchInput: { field: 'id', text: '' } }, current);
    expect(next.toString()).toBe('pageSize=50&sort=name%3Aasc');
  });

  it('should give the request typed values and the range under its own parameter names', () => {
    const query = new URLSearchParams('status=1&kinds=PS&startTime=10&endTime=20&searchInput=x&region=31');
    expect(toRequestFilters(filters, query)).toEqual({
      status: 1,
      kinds: ['PS'],
      startTime: 10,
      endTime: 20,
      searchInputSelect: 'id',
      searchInput: 'x',
      region: ['31'],
    });
  });

  it('should keep a select value whose option is not loaded yet as text', () => {
    expect(readFilters(filters, new URLSearchParams('status=9')).status).toBe('9');
  });

  it('should ignore a range with only one end and a timestamp that is not a number', () => {
    const values = readFilters(filters, new URLSearchParams('startTime=10&createdAt=yesterday'));
    expect(values.updated).toBeUndefined();
    expect(values.createdAt).toBeUndefined();
  });

  it('should fall back to page 1 of 20 for missing or foreign paging values', () => {
    expect(readPage(new URLSearchParams('pageNo=0&pageSize=25&sort=drop table'))).toEqual({
      pageNo: 1,
      pageSize: 20,
    });
    expect(readPage(new URLSearchParams('pageNo=2&pageSize=50&sort=name:desc'))).toEqual({
      pageNo: 2,
      pageSize: 50,
      sort: 'name:desc',
    });
  });

  it('should leave default paging out of the URL', () => {
    expect(
      writePage(new URLSearchParams('pageNo=3&pageSize=50'), { pageNo: 1, pageSize: 20 }).toString(),
    ).toBe('');
  });

  it("should page by a list's own default size, and keep only another size in the URL", () => {
    expect(readPage(new URLSearchParams(''), 10)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(readPage(new URLSearchParams('pageSize=20'), 10)).toEqual({ pageNo: 1, pageSize: 20 });
    expect(writePage(new URLSearchParams(''), { pageSize: 10 }, 10).toString()).toBe('');
    expect(writePage(new URLSearchParams(''), { pageSize: 20 }, 10).toString()).toBe('pageSize=20');
  });
});
