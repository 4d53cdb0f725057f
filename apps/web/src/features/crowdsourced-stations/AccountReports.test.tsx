import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, type FakeRequest } from '../../test/fake-api';
import { AccountReports } from './AccountReports';
import { report, reportPage } from './test-reports';

const SEARCH = '/api/nio/crowdsourced-stations/search';
const searchBodies = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === SEARCH).map((c) => c.body);

/** The tab where the account page puts it, under its own URL. */
function renderOnAccountPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [{ path: '/cmp-app/:tenant/accounts/detail', element: <AccountReports creatorAccountId="ACC 7" /> }],
    { initialEntries: ['/cmp-app/nio/accounts/detail?accountId=ACC%207&tab=reports'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('AccountReports', () => {
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.restoreAllMocks());

  it("should list the account's reports newest first and page them", async () => {
    const calls = fakeApi({
      [`POST ${SEARCH}`]: (request) =>
        ok(
          reportPage(
            (request.body as { pageNo: number }).pageNo === 2
              ? [report(9)]
              : [
                  report(7, { stationStatus: 2 }),
                  report(8, { stationStatus: 1, onlineStatus: 1, stationId: 'CS-8' }),
                ],
            25,
          ),
        ),
    });
    renderOnAccountPage();

    const link = await screen.findByRole('link', { name: 'RPT-7' });
    expect(link).toHaveAttribute('href', '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-7');
    expect(searchBodies(calls)[0]).toEqual({
      creatorAccountId: 'ACC 7',
      pageNo: 1,
      pageSize: 20,
      sort: 'createdAt:desc',
    });
    expect(within(link.closest('tr') as HTMLElement).getByText('已驳回')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'RPT-8' }).closest('tr') as HTMLElement).getByText('审核通过'),
    ).toBeInTheDocument();
    // The reporter is the account itself.
    expect(screen.queryByRole('columnheader', { name: '上报人' })).toBeNull();
    expect(screen.getByRole('link', { name: '在众包站点列表中查看' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations?creatorAccountId=ACC%207',
    );

    screen.getByTitle('2').click();
    expect(await screen.findByRole('link', { name: 'RPT-9' })).toBeInTheDocument();
    await waitFor(() => expect(searchBodies(calls).at(-1)).toMatchObject({ pageNo: 2 }));
  });

  it('should say when the account reported nothing', async () => {
    fakeApi({ [`POST ${SEARCH}`]: () => ok(reportPage([])) });
    renderOnAccountPage();
    expect(await screen.findByText('该用户暂无上报站点')).toBeInTheDocument();
  });
});
