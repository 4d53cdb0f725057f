import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { activity, signedIn } from '../activities/test-activities';
import { couponBatch } from '../coupons/test-coupons';
import { draw, drawReward } from './test-rewards';

const LIST = '/api/nio/lottery-draws';
const OPTION = '.ant-select-item-option-content';

const won = draw(41, {
  drawState: 'win',
  drawStateLoseReason: null,
  giftBagId: 21,
  rewardRecordId: 501,
  rewards: [
    drawReward(501),
    drawReward(502, {
      awardTitle: '停车券',
      awardCode: '302',
      awardUnits: 1,
      rewardState: 2,
      failReason: 'coupon_batch_stock_not_enough',
      couponIds: [],
    }),
  ],
});
const lost = draw(40);

function drawsPage(role: 'operator' | 'viewer' = 'operator', handlers: Record<string, FakeHandler> = {}) {
  return fakeApi({
    ...signedIn('nio', role),
    [`GET ${LIST}`]: () => ok({ items: [won, lost], total: 2 }),
    'GET /api/nio/activities/5': () => ok(activity(5, { activityName: '双十一抽奖' })),
    ...handlers,
  });
}

const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const expand = (id: number) =>
  fireEvent.click(within(rowOf(id)).getByRole('button', { name: /展开行|Expand row/ }));

describe('LotteryDrawListPage', () => {
  beforeAll(() => import('./LotteryDrawListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should ask for pages of 10 with the filter, and show each draw by its labels', async () => {
    const calls = drawsPage();
    renderPortal(
      '/cmp-app/nio/lottery-draws?activityId=5&searchInputSelect=accountId&searchInput=ACC100001' +
        '&drawState=win&rewardState=2',
    );
    await screen.findByText('停车券', { exact: false });
    const query = Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query);
    expect(query).toEqual({
      pageNo: '1',
      pageSize: '10',
      sort: 'createTime:desc',
      activityId: '5',
      searchInputSelect: 'accountId',
      searchInput: 'ACC100001',
      drawState: 'win',
      rewardState: '2',
    });

    const winRow = rowOf(41);
    expect(within(winRow).getByText('中奖')).toBeInTheDocument();
    expect(within(winRow).getByText('5元充电券 ×2；停车券 ×1')).toBeInTheDocument();
    expect(within(winRow).getByText('成功')).toBeInTheDocument();
    expect(within(winRow).getByText('失败')).toBeInTheDocument();
    expect(within(winRow).getByRole('link', { name: '双十一抽奖' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/activities/detail?activityId=5',
    );
    const loseRow = rowOf(40);
    expect(within(loseRow).getByText('未中奖')).toBeInTheDocument();
    expect(within(loseRow).getByText('礼包已抽完')).toBeInTheDocument();
    // A draw that won nothing has nothing to open.
    expect(within(loseRow).getByRole('button', { name: /展开行/ })).toHaveClass(
      'ant-table-row-expand-icon-spaced',
    );
  });

  it('should reissue a failed reward with another batch, showing the refusal of the first try', async () => {
    let refused = false;
    const calls = drawsPage('operator', {
      'GET /api/nio/coupon-batches/302': () => ok(couponBatch(302, { batchName: '停车券批次' })),
      'GET /api/nio/coupon-batches/by-name': () =>
        ok({ items: [couponBatch(303, { batchName: '备用停车券批次' })], total: 1 }),
      'POST /api/nio/reward-records/reissue': () => {
        if (!refused) {
          refused = true;
          return fail(409, 'coupon_batch_stock_not_enough', '批次库存不足', {
            key: 'rewardFailure.batchStockNotEnough',
          });
        }
        return ok({ recordId: 502, rewardState: 3, couponIds: [9100] });
      },
    });
    const { user } = renderPortal('/cmp-app/nio/lottery-draws');
    await screen.findByText('5元充电券 ×2；停车券 ×1');
    expand(41);
    const failed = (await screen.findByText('批次库存不足')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('停车券')).toBeInTheDocument();
    // Only the failed reward is reissued.
    expect(screen.getAllByRole('button', { name: /补\s?发/ })).toHaveLength(1);
    await user.click(within(failed).getByRole('button', { name: /补\s?发/ }));

    const dialog = await findDialog('补发奖励（记录 502）');
    expect(within(dialog).getByLabelText('奖励名称')).toHaveValue('停车券');
    expect(within(dialog).getByLabelText('优惠券张数')).toHaveValue('1');
    expect(await within(dialog).findByText('停车券批次 (302)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /补\s?发/ }));
    expect(await within(dialog).findByText('批次库存不足')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('优惠券批次'));
    await user.click(await screen.findByText('备用停车券批次 (303)', { selector: OPTION }));
    await user.type(within(dialog).getByLabelText('补发说明'), '原批次库存不足');
    const before = calls.filter((c) => c.path === LIST).length;
    await user.click(within(dialog).getByRole('button', { name: /补\s?发/ }));

    expect(await screen.findByText('已补发记录 502 的奖励')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      recordId: 502,
      rewardType: 'pe_coupon',
      rewardCode: '303',
      rewardUnits: 1,
      rewardName: '停车券',
      reissueDesc: '原批次库存不足',
    });
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThan(before));
  });

  it('should show readers the rewards without a reissue', async () => {
    drawsPage('viewer');
    renderPortal('/cmp-app/nio/lottery-draws');
    await screen.findByText('5元充电券 ×2；停车券 ×1');
    expand(41);
    expect(await screen.findByText('批次库存不足')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /补\s?发/ })).toBeNull();
  });

  it('should name every code in English too', async () => {
    await changeLanguage('en-US');
    drawsPage();
    renderPortal('/cmp-app/nio/lottery-draws');
    expect(await screen.findByText('All gift bags have been drawn')).toBeInTheDocument();
    expect(screen.getByText('Win')).toBeInTheDocument();
    expand(41);
    expect(await screen.findByText('Batch stock insufficient')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reissue' })).toBeInTheDocument();
  });
});
