import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { activity, signedIn } from './test-activities';

const LIST = '/api/nio/activities';

describe('ActivityListPage', () => {
  beforeAll(() => import('./ActivityListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should send the filter with the types comma-joined and show each row by its labels', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () =>
        ok({
          items: [
            activity(1),
            activity(2, { activityType: 'charging_discount', activityStatus: 'in_progress' }),
            activity(3, { activityType: 'activity_notify', activityStatus: 'finished' }),
          ],
          total: 3,
        }),
    });
    renderPortal(
      '/cmp-app/nio/activities?activityTypes=charging_discount&activityTypes=activity_notify' +
        '&activityStatus=in_progress&searchInputSelect=creatorName&searchInput=alice',
    );
    const first = await screen.findByRole('link', { name: '1' });
    expect(first).toHaveAttribute('href', '/cmp-app/nio/activities/detail?activityId=1');
    const rows = ['1', '2', '3'].map(
      (id) => screen.getByRole('link', { name: id }).closest('tr') as HTMLElement,
    );
    // In the order the server sorted them.
    const shown = [...document.querySelectorAll('tbody tr[data-row-key]')];
    expect(rows.map((row) => shown.indexOf(row))).toEqual([0, 1, 2]);
    expect(within(rows[0]!).getByText('充电桩红包')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('未启动')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('充电优惠')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('进行中')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('活动通知')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('已结束')).toBeInTheDocument();
    // A finished activity is no longer edited.
    expect(within(rows[0]!).getByRole('link', { name: '编辑' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('link', { name: '编辑' })).toBeNull();

    const query = Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query);
    expect(query).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'createTime:desc',
      activityTypes: 'charging_discount,activity_notify',
      activityStatus: 'in_progress',
      searchInputSelect: 'creatorName',
      searchInput: 'alice',
    });
  });

  it('should let operators choose the type of a new activity and open its editor', async () => {
    fakeApi({ ...signedIn(), [`GET ${LIST}`]: () => ok({ items: [], total: 0 }) });
    const { user, router } = renderPortal('/cmp-app/nio/activities');
    await user.click(await screen.findByRole('button', { name: /新建活动/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('按用户角色和时段给出充电优惠价或折扣')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '阶梯充电奖励' }));
    expect(currentUrl(router)).toBe('/cmp-app/nio/activities/new?activityType=graded_charging_activity');
  });

  it('should offer viewers no new activity', async () => {
    fakeApi({ ...signedIn('nio', 'viewer'), [`GET ${LIST}`]: () => ok({ items: [activity(1)], total: 1 }) });
    renderPortal('/cmp-app/nio/activities');
    await screen.findByRole('link', { name: '1' });
    expect(screen.queryByRole('button', { name: /新建活动/ })).toBeNull();
    expect(screen.queryByRole('link', { name: '编辑' })).toBeNull();
  });
});
