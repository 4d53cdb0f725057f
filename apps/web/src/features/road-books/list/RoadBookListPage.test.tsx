import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RoadBookListItem } from '@cmp/domain/road-books/road-book';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok, staffUser } from '../../../test/fake-api';
import { renderPortal } from '../../../test/render-portal';

const roadBook: RoadBookListItem = {
  roadBookId: 7,
  name: 'Shanghai to Hangzhou',
  onlineState: 0,
  state: 1,
  startRegion: '上海市/市辖区/黄浦区',
  endRegion: '浙江省/杭州市/上城区',
  startRegionId: '310101',
  endRegionId: '330102',
  startAddress: null,
  endAddress: null,
  tactics: 0,
  planningResourceTypes: ['CS_DC', 'PS'],
  resourceTypes: 'CS|PS',
  csChargerTypeOption: 'has_dc',
  resourcePointNumber: 2,
  roadLength: 172_000,
  creator: 'alice',
  createTime: Date.parse('2026-05-01T10:00:00+08:00'),
  updateTime: Date.parse('2026-05-01T10:00:00+08:00'),
  tenantName: 'nio',
};

describe('RoadBookListPage', { timeout: 60_000 }, () => {
  beforeAll(() => import('./RoadBookListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should filter by several planning resource types at once, sent comma-joined', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'operator' }])),
      'GET /api/nio/regions': () => ok({ items: [] }),
      'GET /api/nio/road-books': () => ok({ items: [roadBook], total: 1 }),
    });
    const { user } = renderPortal(
      '/cmp-app/nio/road-books?planningResourceTypes=CS_DC&planningResourceTypes=PS',
    );

    // The first render of the whole portal is the slow one on a busy machine.
    const row = (await screen.findByText('Shanghai to Hangzhou', {}, { timeout: 30_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('172.0 km')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path === '/api/nio/road-books').at(-1);
    expect(sent?.query.get('planningResourceTypes')).toBe('CS_DC,PS');
    // The picker shows both as chosen.
    await user.click(screen.getByLabelText('补能类型'));
    const chosen = document.querySelectorAll('.ant-select-item-option-selected');
    expect(Array.from(chosen).map((option) => option.textContent)).toEqual(['直流桩', '换电站']);
  });
});
