import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { activity, activityStation, signedIn } from './test-activities';

const STATIONS = '/api/nio/activity-stations';
const lastQuery = (calls: { path: string; query: URLSearchParams }[]) =>
  Object.fromEntries(calls.filter((c) => c.path === STATIONS).at(-1)!.query);

describe('ActivityStationListPage', () => {
  beforeAll(() => import('./ActivityStationListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should send the chosen activity with whether its stations are active and take part at all', async () => {
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/nio/regions': () => ok({ items: [] }),
      'GET /api/nio/activities/5': () => ok(activity(5)),
      [`GET ${STATIONS}`]: () => ok({ items: [activityStation('S2', 5, { active: false })], total: 1 }),
    });
    renderPortal('/cmp-app/nio/activity-stations?activityId=5&active=false&hasActivity=true&operatorId=op1');
    const row = (await screen.findByRole('link', { name: 'S2' })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('未生效')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /启\s?用/ })).toBeInTheDocument();
    expect(screen.getByText('活动 5 (5)')).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({
      pageNo: '1',
      pageSize: '20',
      activityId: '5',
      active: 'false',
      hasActivity: 'true',
      operatorId: 'op1',
    });
  });

  it('should list stations without an activity and choose one by a search of its name', async () => {
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/nio/regions': () => ok({ items: [] }),
      'GET /api/nio/activities': () => ok({ items: [activity(8, { activityName: '春节活动' })], total: 1 }),
      'GET /api/nio/activities/8': () => ok(activity(8, { activityName: '春节活动' })),
      [`GET ${STATIONS}`]: (request) =>
        ok({
          items: [activityStation('S1', request.query.has('activityId') ? 8 : null)],
          total: 1,
        }),
    });
    const { user, router } = renderPortal('/cmp-app/nio/activity-stations?hasActivity=false');
    await screen.findByRole('link', { name: 'S1' });
    expect(screen.queryByRole('columnheader', { name: /活动中生效/ })).toBeNull();
    expect(screen.queryByLabelText('活动中生效')).toBeNull();
    expect(lastQuery(calls)).toEqual({ pageNo: '1', pageSize: '20', hasActivity: 'false' });

    await user.click(screen.getByRole('combobox', { name: '活动' }));
    await user.keyboard('春节');
    await user.click(await screen.findByTitle('春节活动 (8)'));
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));

    await waitFor(() => expect(currentUrl(router)).toContain('activityId=8'));
    await waitFor(() => expect(lastQuery(calls).activityId).toBe('8'));
    const search = calls.filter((c) => c.path === '/api/nio/activities').at(-1)!;
    expect(Object.fromEntries(search.query)).toEqual({
      searchInputSelect: 'activityName',
      searchInput: '春节',
    });
    // Whether a station is active, as a column and a filter, belongs to the activity chosen.
    expect(await screen.findByRole('columnheader', { name: /活动中生效/ })).toBeInTheDocument();
    expect(screen.getByLabelText('活动中生效')).toBeInTheDocument();
  });
});
