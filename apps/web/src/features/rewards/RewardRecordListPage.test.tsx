import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { signedIn } from '../activities/test-activities';
import { couponBatch } from '../coupons/test-coupons';
import { pointRecord } from './test-rewards';

const LIST = '/api/nio/reward-records';
const OPTION = '.ant-select-item-option-content';

const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

/** A graded charging coupon the batch had no stock for, a lottery's coupons and check-in points. */
const records = () => [
  pointRecord(71, {
    rewardType: 'pe_coupon',
    rewardCode: '301',
    rewardName: '5元充电券',
    rewardAmount: 2,
    rewardState: 2,
    failReason: 'coupon_batch_stock_not_enough',
    extResourceType: 'charging_order_finished',
    extResourceId: 'ORD-9',
    rewardTime: null,
  }),
  pointRecord(72, {
    rewardType: 'pe_coupon',
    rewardCode: '302',
    rewardName: '停车券',
    rewardAmount: 1,
    drawLogId: 41,
    couponIds: [9001],
  }),
  pointRecord(73, { rewardName: 'check_in', rewardAmount: 10, extResourceType: 'station_check_in' }),
];

const recordsPage = (role: 'operator' | 'viewer', more: Record<string, FakeHandler> = {}) =>
  fakeApi({
    ...signedIn('nio', role),
    [`GET ${LIST}`]: () => ok({ items: records(), total: 3 }),
    ...more,
  });

describe('RewardRecordListPage', () => {
  beforeAll(() => import('./RewardRecordListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should show coupons and points with their labels, and filter by the reward type picked', async () => {
    const calls = recordsPage('operator');
    const { user } = renderPortal('/cmp-app/nio/reward-records?rewardState=2');
    await waitFor(() => expect(rowOf(73)).not.toBeNull());
    expect(Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query)).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'createTime:desc',
      rewardState: '2',
    });

    // A coupon reward: its type, its award's name, batch, why it failed and the engine's event it was for.
    const failed = rowOf(71);
    expect(within(failed).getByText('优惠券')).toBeInTheDocument();
    expect(within(failed).getByText('5元充电券')).toBeInTheDocument();
    expect(within(failed).getByText('301')).toBeInTheDocument();
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('批次库存不足')).toBeInTheDocument();
    expect(within(failed).getByText('充电订单')).toBeInTheDocument();
    // The user and the station start hidden, so the list fits the screen.
    expect(within(failed).queryByText('13900002222')).toBeNull();
    expect(within(failed).queryByText('张江站')).toBeNull();
    // A draw's reward comes from the lottery; brand points are named by what they were given for.
    expect(within(rowOf(72)).getByText('抽奖')).toBeInTheDocument();
    expect(within(rowOf(73)).getByText('品牌积分')).toBeInTheDocument();
    expect(within(rowOf(73)).getByText('打卡积分')).toBeInTheDocument();
    expect(within(rowOf(73)).getByText('站点打卡')).toBeInTheDocument();
    // Only the failed reward is reissued.
    expect(screen.getAllByRole('button', { name: /补\s?发/ })).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: '奖励类型' }));
    await user.click(await screen.findByText('优惠券', { selector: OPTION }));
    await user.click(screen.getByText(/^查\s*询$/));
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query)).toEqual({
        pageNo: '1',
        pageSize: '20',
        sort: 'createTime:desc',
        rewardState: '2',
        rewardType: 'pe_coupon',
      }),
    );
  });

  it('should reissue a failed coupon reward of the engine as coupons of its batch', async () => {
    const calls = recordsPage('operator', {
      'GET /api/nio/coupon-batches/301': () => ok(couponBatch(301, { batchName: '充电券批次' })),
      'POST /api/nio/reward-records/reissue': () => ok({ recordId: 71, rewardState: 3, couponIds: [9100] }),
    });
    const { user } = renderPortal('/cmp-app/nio/reward-records');
    await waitFor(() => expect(rowOf(71)).not.toBeNull());
    await user.click(within(rowOf(71)).getByRole('button', { name: /补\s?发/ }));

    const dialog = await findDialog('补发奖励（记录 71）');
    expect(await within(dialog).findByText('充电券批次 (301)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('优惠券张数')).toHaveValue('2');
    expect(within(dialog).getByLabelText('奖励名称')).toHaveValue('5元充电券');
    await user.type(within(dialog).getByLabelText('补发说明'), '批次补货后补发');
    const before = calls.filter((c) => c.path === LIST).length;
    await user.click(within(dialog).getByRole('button', { name: /补\s?发/ }));

    expect(await screen.findByText('已补发记录 71 的奖励')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      recordId: 71,
      rewardType: 'pe_coupon',
      rewardCode: '301',
      rewardUnits: 2,
      rewardName: '5元充电券',
      reissueDesc: '批次补货后补发',
    });
    // The list is read again, to show the record reissued.
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThan(before));
  });

  it('should show readers no reissue', async () => {
    recordsPage('viewer');
    renderPortal('/cmp-app/nio/reward-records');
    await waitFor(() => expect(rowOf(71)).not.toBeNull());
    expect(within(rowOf(71)).getByText('失败')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /补\s?发/ })).toBeNull();
  });

  it('should name the columns and sources in English', async () => {
    await changeLanguage('en-US');
    recordsPage('viewer');
    renderPortal('/cmp-app/nio/reward-records');
    await waitFor(() => expect(rowOf(71)).not.toBeNull());
    expect(screen.getByRole('columnheader', { name: 'Batch ID' })).toBeInTheDocument();
    expect(within(rowOf(71)).getByText('Batch stock insufficient')).toBeInTheDocument();
    expect(within(rowOf(71)).getByText('Charging order')).toBeInTheDocument();
    expect(within(rowOf(72)).getByText('Lottery draw')).toBeInTheDocument();
    expect(within(rowOf(73)).getByText('Brand points')).toBeInTheDocument();
    expect(within(rowOf(73)).getByText('Check-in points')).toBeInTheDocument();
  });
});
