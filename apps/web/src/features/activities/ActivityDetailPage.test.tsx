import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { currentUrl, renderPortal } from '../../test/render-portal';
import { activity, signedIn } from './test-activities';

const ONE = '/api/nio/activities/5';

/** A button of the page itself: a confirm dialog stays in the document after it closes. */
const pageButton = (name: RegExp) =>
  screen.queryAllByRole('button', { name }).find((button) => !button.closest('.ant-modal-root'));

describe('ActivityDetailPage', () => {
  beforeAll(() => import('./ActivityDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should start an activity after confirming, with the version read, then offer to finish it', async () => {
    let current = activity(5, {
      activityRules: [
        { ruleKey: 'basic_point', ruleValue: '100' },
        { ruleKey: 'individual_claim_frequency', ruleValue: 'once_per_day' },
      ],
    });
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${ONE}`]: () => ok(current),
      [`POST ${ONE}/update-status`]: () => {
        current = { ...current, activityStatus: 'scheduled', version: 5 };
        return ok(current);
      },
      'GET /api/nio/activities': () => ok({ items: [], total: 0 }),
    });
    const { user } = renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    expect(await screen.findByText('未启动')).toBeInTheDocument();
    // The rules by their labels, the red packets given.
    expect(screen.getByText('基础积分')).toBeInTheDocument();
    expect(screen.getByText('每天一次')).toBeInTheDocument();
    expect(screen.getByText('已发红包（个）').closest('.ant-statistic')).toHaveTextContent('12,345');
    expect(screen.queryByRole('button', { name: /结\s?束/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /启\s?动/ }));
    const dialog = await findDialog('启动活动 活动 5？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /启\s?动/ }));

    expect(await screen.findByText('待开始')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ activityStatus: 'start', version: 4 });
    expect(pageButton(/结\s?束/)).toBeDefined();
    expect(pageButton(/启\s?动/)).toBeUndefined();
    // A live activity is finished before it can be deleted.
    expect(pageButton(/删\s?除/)).toBeUndefined();
  });

  it('should finish at once after confirming and show the refusal of a stale version', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${ONE}`]: () => ok(activity(5, { activityStatus: 'in_progress' })),
      [`POST ${ONE}/update-status`]: () =>
        fail(409, 'conflict', 'stale', { key: 'activity.versionConflict' }),
    });
    const { user } = renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    await user.click(await screen.findByRole('button', { name: /结\s?束/ }));
    const dialog = await findDialog('活动将立即结束');
    await user.click(within(dialog).getByRole('button', { name: /结\s?束/ }));
    expect(await screen.findByText('活动在您打开后已被他人保存，请刷新后查看')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ activityStatus: 'finish', version: 4 });
  });

  it('should show a discount per role in percent and delete a finished activity', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${ONE}`]: () =>
        ok(
          activity(5, {
            activityType: 'charging_discount',
            activityStatus: 'finished',
            chargingDiscountRules: [
              {
                userRole: 'vehicle_owner',
                discountType: 2,
                discountActCostShare: 30,
                timesharing: [{ start: '00:00', end: '24:00', discount: 0.85 }],
                timesharingElecPrice: [
                  { start: '00:00', end: '12:00', price: 0.8 },
                  { start: '12:00', end: '24:00', price: 1 },
                ],
                timesharingServiceDiscount: [{ start: '00:00', end: '24:00', discount: 0.9 }],
                timesharingElecDiscount: [],
              },
            ],
          }),
        ),
      [`DELETE ${ONE}`]: () => noContent(),
      'GET /api/nio/activities': () => ok({ items: [], total: 0 }),
    });
    const { user, router } = renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    expect(await screen.findByText('仅车主')).toBeInTheDocument();
    expect(screen.getByText('00:00 ~ 24:00 按 85% 支付')).toBeInTheDocument();
    // The part lists it has, each under its name, discounts in percent too; the empty one is not named.
    expect(screen.getByRole('columnheader', { name: '分项时段' })).toBeInTheDocument();
    expect(screen.getByText('电费分时价格')).toBeInTheDocument();
    expect(screen.getByText('12:00 ~ 24:00 1 元/kWh')).toBeInTheDocument();
    expect(screen.getByText('服务费分时折扣')).toBeInTheDocument();
    expect(screen.getByText('00:00 ~ 24:00 按 90% 支付')).toBeInTheDocument();
    expect(screen.queryByText('电费分时折扣')).toBeNull();
    expect(screen.queryByRole('link', { name: /编\s?辑/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /删\s?除/ }));
    const dialog = await findDialog('删除活动 活动 5？');
    await user.click(within(dialog).getByRole('button', { name: /删\s?除/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/activities'));
    const removed = calls.find((c) => c.method === 'DELETE')!;
    expect(removed.query.get('version')).toBe('4');
  });

  it('should warn of the other discounts meeting this one, linked, and ask for the rewards per day', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${ONE}`]: () =>
        ok(
          activity(5, {
            activityType: 'charging_discount',
            activityStatus: 'scheduled',
            chargingDiscountRules: [
              {
                userRole: 'default',
                discountType: 2,
                timesharing: [{ start: '00:00', end: '24:00', discount: 0.9 }],
              },
            ],
          }),
        ),
      [`GET ${ONE}/overlaps`]: () =>
        ok({
          overlaps: [
            {
              activityId: 9,
              activityName: '周末特惠',
              activityStatus: 'in_progress',
              beginTime: Date.parse('2026-04-10T00:00:00+08:00'),
              endTime: Date.parse('2026-05-10T00:00:00+08:00'),
              sharedStations: 12,
            },
          ],
        }),
      [`GET ${ONE}/reward-statistics`]: () =>
        ok({ days: [{ day: '2026-04-02', totalRedPacket: 12345, totalNioPoint: 600 }] }),
    });
    renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    expect(
      await screen.findByText('有 1 个充电优惠活动与本活动在相同站点的时间重叠，用户将享受其中更低的价格'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '周末特惠' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/activities/detail?activityId=9',
    );
    expect(
      screen.getByText(/^2026-04-\d\d \d\d:00:00 ~ 2026-05-\d\d \d\d:00:00，共享 12 个站点$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/reward-statistics'))).toBe(true));
  });

  it('should say no rewards were given yet, and warn of nothing for another type', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${ONE}`]: () => ok(activity(5, { rewardStatistics: { totalRedPacket: 0, totalNioPoint: 0 } })),
    });
    renderPortal('/cmp-app/nio/activities/detail?activityId=5');
    expect(await screen.findByText('还没有发放奖励')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/overlaps') || c.path.endsWith('/reward-statistics'))).toBe(
      false,
    );
  });
});
