import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, type FakeRequest } from '../../test/fake-api';
import { AccountPaths } from './AccountPaths';
import { pathItem } from './test-charging-paths';

const LIST = '/api/nio/charging-paths';
const listQueries = (calls: FakeRequest[]) =>
  calls.filter((c) => c.path === LIST).map((c) => Object.fromEntries(c.query));

/** The table where the account page puts it, under its own URL. */
function renderOnAccountPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [{ path: '/cmp-app/:tenant/accounts/detail', element: <AccountPaths accountId="ACC 7" /> }],
    { initialEntries: ['/cmp-app/nio/accounts/detail?accountId=ACC%207'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('AccountPaths', () => {
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it("should list the account's paths newest first, each linking to its detail, and page them", async () => {
    const calls = fakeApi({
      [`GET ${LIST}`]: (request) =>
        ok({
          items: [pathItem(request.query.get('pageNo') === '2' ? 9 : 7), pathItem(8, { status: 'no_route' })],
          total: 25,
        }),
    });
    renderOnAccountPage();

    const link = await screen.findByRole('link', { name: '查看路径 7' });
    expect(link).toHaveAttribute('href', '/cmp-app/nio/charging-paths/detail?pathId=7');
    expect(listQueries(calls)[0]).toEqual({
      accountId: 'ACC 7',
      pageNo: '1',
      pageSize: '20',
      sort: 'searchTime:desc',
    });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('上海虹桥站')).toBeInTheDocument();
    expect(within(row).getByText('已规划')).toBeInTheDocument();
    // The account's own columns are left out.
    expect(screen.queryByRole('columnheader', { name: '用户' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '手机号' })).toBeNull();
    expect(screen.getByRole('link', { name: '在充电路径列表中查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/charging-paths?accountId=ACC%207',
    );

    screen.getByTitle('2').click();
    expect(await screen.findByRole('link', { name: '查看路径 9' })).toBeInTheDocument();
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ pageNo: '2' }));
  });

  it('should say when the account has no paths', async () => {
    fakeApi({ [`GET ${LIST}`]: () => ok({ items: [], total: 0 }) });
    renderOnAccountPage();
    expect(await screen.findByText('该用户暂无充电路径')).toBeInTheDocument();
  });
});
