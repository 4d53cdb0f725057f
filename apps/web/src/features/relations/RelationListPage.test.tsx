import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@cmp/domain';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser, type FakeHandler } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { relation } from './test-relations';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const SEARCH = '/api/nio/relations/search';
const me = (user: CurrentUser): Record<string, FakeHandler> => ({ 'GET /api/auth/me': () => ok(user) });
const searchBodies = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.method === 'POST' && c.path === SEARCH).map((c) => c.body);

describe('RelationListPage', () => {
  beforeAll(() => import('./RelationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it("should search with the spec's filter from the URL and show each relation with its station", async () => {
    const calls = fakeApi({
      ...me(operator),
      [`POST ${SEARCH}`]: () =>
        ok({
          items: [
            relation(1),
            relation(2, {
              resourceId: 'PS-1',
              resourceName: 'Swap PS-1',
              resourceType: 'PowerSwap',
              relationType: 'maintainer',
              state: 'unbind',
              unbindReason: '维护协议到期',
            }),
          ],
          total: 2,
        }),
    });
    renderPortal(
      '/cmp-app/nio/relations?account_id=ACC100001&relation_types=discoverer&relation_types=maintainer' +
        '&state=unbind&relation_id=12&bind_reason=图片&resource_origin_id=VS-1&sort=unbindTime:asc&pageSize=50',
    );

    const station = await screen.findByText('Station CS-1');
    expect(searchBodies(calls).at(-1)).toEqual({
      pageNo: 1,
      pageSize: 50,
      sort: 'unbindTime:asc',
      relation_id: 12,
      account_id: 'ACC100001',
      resource_origin_id: 'VS-1',
      relation_types: ['discoverer', 'maintainer'],
      bind_reason: '图片',
      state: 'unbind',
    });
    expect(station.closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
    );
    expect(screen.getByText('Swap PS-1').closest('a')).toHaveAttribute(
      'href',
      '/cmp-app/nio/resources/swap-station?resourceId=PS-1',
    );
    const swap = screen.getByText('Swap PS-1').closest('tr') as HTMLElement;
    expect(within(swap).getByText('维护者')).toBeInTheDocument();
    expect(within(swap).getByText('已解绑')).toBeInTheDocument();
    expect(within(swap).getByText('维护协议到期')).toBeInTheDocument();
    expect(within(swap).queryByRole('button', { name: '解绑' })).toBeNull();
    expect(
      within(station.closest('tr') as HTMLElement).getByRole('button', { name: '解绑' }),
    ).toBeInTheDocument();
    // The list is in the menu of its group.
    expect(screen.getAllByText('关系').length).toBeGreaterThan(0);
  });

  it('should let a viewer read masked mobiles without any action', async () => {
    fakeApi({
      ...me(viewer),
      [`POST ${SEARCH}`]: () => ok({ items: [relation(3, { mobile: '138****0000' })], total: 1 }),
    });
    renderPortal('/cmp-app/nio/relations');
    expect(await screen.findByText('138****0000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑' })).toBeNull();
  });

  it('should export the list as filtered, the types comma-joined', async () => {
    const calls = fakeApi({
      ...me(operator),
      [`POST ${SEARCH}`]: () => ok({ items: [relation(1)], total: 1 }),
      'GET /api/nio/relations/export': () => ({
        status: 202,
        body: { jobId: 1, kind: 'export', state: 'queued' },
      }),
      'GET /api/nio/jobs': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal(
      '/cmp-app/nio/relations?resource_id=CS-1&relation_types=discoverer&relation_types=contributor',
    );
    await screen.findByText('王1');
    await user.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/nio/relations/export')).toBe(true));
    const query = Object.fromEntries(calls.find((c) => c.path === '/api/nio/relations/export')?.query ?? []);
    expect(query).toMatchObject({
      sort: 'bindTime:desc',
      resource_id: 'CS-1',
      relation_types: 'discoverer,contributor',
    });
    expect(query.columns?.split(',').slice(0, 4)).toEqual(['relationId', 'station', 'account', 'mobile']);
    expect(query.columns).not.toContain('actions');
    expect(query).not.toHaveProperty('pageNo');
  });
});
