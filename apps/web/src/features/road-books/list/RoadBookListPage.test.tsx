import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { fakeApi, ok, staffUser } from '../../../test/fake-api';
import { renderPortal } from '../../../test/render-portal';
import { roadBookDetail } from '../test-road-books';

const roadBook = roadBookDetail({ name: 'Shanghai to Hangzhou', roadLength: 172_000 });

describe('RoadBookListPage', () => {
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
    const row = (await screen.findByText('Shanghai to Hangzhou')).closest('tr') as HTMLElement;
    expect(within(row).getByText('172.0 km')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path === '/api/nio/road-books').at(-1);
    expect(sent?.query.get('planningResourceTypes')).toBe('CS_DC,PS');
    // The picker shows both as chosen.
    await user.click(screen.getByLabelText('补能类型'));
    const chosen = document.querySelectorAll('.ant-select-item-option-selected');
    expect(Array.from(chosen).map((option) => option.textContent)).toEqual(['直流桩', '换电站']);
  });

  it('should filter by the stations a road book stops at and by its waypoints, typed in the search form', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'viewer' }])),
      'GET /api/nio/regions': () => ok({ items: [] }),
      'GET /api/nio/road-books': () => ok({ items: [roadBook], total: 1 }),
    });
    const { user } = renderPortal('/cmp-app/nio/road-books');
    await screen.findByText('Shanghai to Hangzhou');

    // Pasted: typing character by character re-renders the whole form each time.
    await user.click(screen.getByRole('textbox', { name: '停靠站点' }));
    await user.paste('PS1_clone， CS2');
    await user.click(screen.getByText('展开'));
    await user.click(screen.getByRole('textbox', { name: '途经点' }));
    await user.paste(' 服务区 ');
    await user.keyboard('{Enter}');

    await waitFor(() => {
      const sent = calls.filter((call) => call.path === '/api/nio/road-books').at(-1);
      expect(sent?.query.get('waypointResourceSeq')).toBe('PS1_clone,CS2');
      expect(sent?.query.get('waypoints')).toBe('服务区');
    });
  });
});
