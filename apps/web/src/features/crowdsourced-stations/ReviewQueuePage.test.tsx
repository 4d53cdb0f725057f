import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CrowdsourcedListRequest } from '@cmp/domain/stations/crowdsourced-stations';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { report, reportPage } from './test-reports';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const SEARCH = '/api/nio/crowdsourced-stations/search';
const searchBodies = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === SEARCH).map((c) => c.body as CrowdsourcedListRequest);
const base = {
  'GET /api/auth/me': () => ok(operator),
  'GET /api/nio/regions': () => ok({ items: [] }),
};

describe('ReviewQueuePage', () => {
  beforeAll(() => import('./ReviewQueuePage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should ask for the pending reports oldest first, each with a link to its review', async () => {
    const calls = fakeApi({
      ...base,
      [`POST ${SEARCH}`]: () => ok(reportPage([report(1), report(2, { source: 'mini' })])),
    });
    renderPortal(
      '/cmp-app/nio/crowdsourced-stations/review?suspectedDuplicate=true&source=mini&stationStatus=2',
    );

    const row = (await screen.findByRole('link', { name: 'RPT-2' })).closest('tr') as HTMLElement;
    // The queue holds pending reports whatever the URL says.
    expect(searchBodies(calls).at(-1)).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: 'createdAt:asc',
      source: 'mini',
      suspectedDuplicate: true,
      stationStatus: 0,
    });
    expect(within(row).getByText('小程序')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '审核' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/crowdsourced-stations/detail?objectId=RPT-2',
    );
    expect(screen.queryByRole('columnheader', { name: '审核状态' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '审核状态' })).toBeNull();
  });

  it('should say so when nothing waits for review', async () => {
    const calls = fakeApi({ ...base, [`POST ${SEARCH}`]: () => ok(reportPage([])) });
    renderPortal('/cmp-app/nio/crowdsourced-stations/review');
    expect(await screen.findByText('暂无待审核的上报站点')).toBeInTheDocument();
    await waitFor(() =>
      expect(searchBodies(calls).at(-1)).toMatchObject({ stationStatus: 0, sort: 'createdAt:asc' }),
    );
  });
});
