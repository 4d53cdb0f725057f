import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RegionNode } from '@cmp/domain/stations/regions';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

const TREE: RegionNode[] = [
  {
    regionId: '310000',
    name: '上海市',
    children: [
      {
        regionId: '310100',
        name: '上海市',
        children: [
          { regionId: '310101', name: '黄浦区' },
          { regionId: '310104', name: '徐汇区' },
        ],
      },
    ],
  },
  {
    regionId: '440000',
    name: '广东省',
    children: [
      { regionId: '440100', name: '广州市', children: [{ regionId: '440105', name: '海珠区' }] },
      { regionId: '441900', name: '东莞市' },
    ],
  },
];

const COUNTS = [
  { regionId: '310000', stationCount: 3 },
  { regionId: '310100', stationCount: 3 },
  { regionId: '310101', stationCount: 2 },
  { regionId: '310104', stationCount: 1 },
  { regionId: '440000', stationCount: 1 },
  { regionId: '440100', stationCount: 1 },
  { regionId: '440105', stationCount: 1 },
];

const rowOf = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;

describe('RegionTreePage', () => {
  beforeAll(() => import('./RegionTreePage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  const serve = () =>
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      'GET /api/nio/regions': () => ok({ items: TREE }),
      'GET /api/nio/regions/station-counts': () => ok({ items: COUNTS }),
    });

  it('should show provinces with codes and counts, open a province and link its city to the station list', async () => {
    serve();
    renderPortal('/cmp-app/nio/regions');

    expect(await screen.findByText('广东省')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('310000')).getByText('3')).toBeInTheDocument());
    expect(within(rowOf('310000')).getByText('省级')).toBeInTheDocument();
    expect(screen.queryByText('310100')).toBeNull();

    fireEvent.click(within(rowOf('310000')).getByRole('button', { name: /展开|expand/i }));
    const city = await screen.findByText('310100');
    const link = within(city.closest('tr') as HTMLElement).getByRole('link', { name: '查看上海市的场站' });
    expect(link).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources?resourceRegions=310000&resourceRegions=310100',
    );
    // A province is not a filter of the station list, so its count is plain text.
    expect(within(rowOf('310000')).queryByRole('link')).toBeNull();
  });

  it('should find a district by name or code and open the way to it, and say when nothing matches', async () => {
    serve();
    renderPortal('/cmp-app/nio/regions');
    await screen.findByText('广东省');
    const search = screen.getByRole('searchbox', { name: '按名称或编码搜索' });

    fireEvent.change(search, { target: { value: '海珠' } });
    expect(await screen.findByText('440105')).toBeInTheDocument();
    expect(screen.getByText('广州市')).toBeInTheDocument();
    expect(screen.queryByText('上海市')).toBeNull();
    expect(screen.queryByText('东莞市')).toBeNull();

    fireEvent.change(search, { target: { value: '441900' } });
    expect(await screen.findByText('东莞市')).toBeInTheDocument();
    expect(within(rowOf('441900')).getByText('0')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: '火星' } });
    expect(await screen.findByText('没有名称或编码包含“火星”的区划')).toBeInTheDocument();
  });

  it('should speak English', async () => {
    await changeLanguage('en-US');
    serve();
    renderPortal('/cmp-app/nio/regions');
    expect(await screen.findByText('440000')).toBeInTheDocument();
    expect(screen.getByText('Region code')).toBeInTheDocument();
    expect(within(rowOf('440000')).getByText('Province')).toBeInTheDocument();
  });
});
