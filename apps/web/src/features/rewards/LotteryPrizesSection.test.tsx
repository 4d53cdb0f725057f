import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, noContent, ok, type FakeHandler } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';
import { couponBatch } from '../coupons/test-coupons';
import { activity, signedIn } from '../activities/test-activities';
import { award, giftBag, giftBagList } from './test-rewards';

const PAGE = '/cmp-app/nio/activities/detail?activityId=5';
const BAGS = '/api/nio/activities/5/gift-bags';
const OPTION = '.ant-select-item-option-content';

const lottery = (overrides: Parameters<typeof activity>[1] = {}) =>
  activity(5, {
    activityType: 'gift_bag_lottery_draw',
    activityStatus: 'in_progress',
    rewardStatistics: { totalRedPacket: 0, totalNioPoint: 0 },
    ...overrides,
  });

/** The activity's page of a lottery with one bag of two awards, a bag of one, and an award in no bag. */
function lotteryPage(
  role: 'operator' | 'viewer' = 'operator',
  handlers: Record<string, FakeHandler> = {},
  current = lottery(),
) {
  return fakeApi({
    ...signedIn('nio', role),
    'GET /api/nio/activities/5': () => ok(current),
    'GET /api/nio/activity-stations': () => ok({ items: [], total: 0 }),
    [`GET ${BAGS}`]: () =>
      ok(
        giftBagList(
          [
            giftBag(21, [award(11, { awardTitle: '5元充电券' }), award(12, { awardTitle: '10元充电券' })], {
              description: '新人礼包',
            }),
            giftBag(22, [award(13, { awardTitle: '停车券', needLogistics: true })]),
          ],
          [award(14, { awardTitle: '免单券', issueAmount: 0, surplusAmount: 100 })],
        ),
      ),
    ...handlers,
  });
}

const TAKE_OUT = /^移\s?出$/;
const DELETE = /^删\s?除$/;

/** The open Popconfirm. */
const popconfirm = () =>
  waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-popconfirm:not(.ant-popover-hidden)');
    if (!open) throw new Error('no open confirmation');
    return open;
  });

const bagCard = (id: number) => screen.getByTestId(`gift-bag-${id}`);
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('LotteryPrizesSection', () => {
  beforeAll(() => import('../activities/ActivityDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should show the claim type, the frequency, each bag with its quota and awards, and the pool', async () => {
    lotteryPage();
    renderPortal(PAGE);
    expect(await screen.findByText('奖品与礼包')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /固定/ })).toBeChecked();
    expect(screen.getByText('抽中礼包时发放礼包中的全部奖品')).toBeInTheDocument();
    expect(screen.getAllByText('每天一次').length).toBeGreaterThan(0);

    const first = bagCard(21);
    expect(within(first).getByText('礼包 21')).toBeInTheDocument();
    expect(within(first).getByText('新人礼包')).toBeInTheDocument();
    expect(within(first).getByText('名额 50')).toBeInTheDocument();
    expect(within(first).getByText('剩余 30')).toBeInTheDocument();
    const coupon = within(first).getByText('5元充电券').closest('tr') as HTMLElement;
    expect(within(coupon).getByText('2111')).toBeInTheDocument();
    expect(within(coupon).getByText('5元充电券批次')).toBeInTheDocument();
    expect(within(coupon).getByRole('button', { name: TAKE_OUT })).toBeEnabled();
    expect(within(first).queryByText('最后一个')).toBeNull();

    // The one award of a bag is its last one: it cannot be taken out.
    const last = within(bagCard(22)).getByText('停车券').closest('tr') as HTMLElement;
    expect(within(last).getByText('最后一个')).toBeInTheDocument();
    expect(within(last).getByText('需物流')).toBeInTheDocument();
    expect(within(last).getByRole('button', { name: TAKE_OUT })).toBeDisabled();

    expect(screen.getByText('未放入礼包的奖品（1）')).toBeInTheDocument();
    expect(within(row('免单券')).getByRole('button', { name: DELETE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看抽奖记录' })).toHaveAttribute(
      'href',
      '/cmp-app/nio/lottery-draws?activityId=5',
    );
  });

  it('should change the claim type after confirming, with the version read, and show a refusal', async () => {
    const calls = lotteryPage('operator', {
      [`PUT ${BAGS}/claim-type`]: () =>
        fail(409, 'conflict', '已有用户抽奖，领取方式不能再改', { key: 'lottery.claimTypeFixed' }),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('radio', { name: /随机/ }));
    const dialog = await findDialog('将领取方式改为“随机”？');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /修\s?改/ }));
    expect(await screen.findByText('已有用户抽奖，领取方式不能再改')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ claimType: 'random', version: 1 });
  });

  it('should hold the claim type once users have drawn, saying why', async () => {
    lotteryPage('operator', {
      [`GET ${BAGS}`]: () => ok(giftBagList([giftBag(21, [award(11)])], [], { drawn: true })),
    });
    renderPortal(PAGE);
    expect(await screen.findByText('已有用户抽奖，领取方式不能再改')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /随机/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /固定/ })).toBeDisabled();
  });

  it('should take an award out of a bag after confirming', async () => {
    const calls = lotteryPage('operator', {
      'DELETE /api/nio/gift-bags/21/awards/12': () => ok(giftBag(21, [award(11)])),
    });
    const { user } = renderPortal(PAGE);
    await screen.findByTestId('gift-bag-21');
    await user.click(within(row('10元充电券')).getByRole('button', { name: TAKE_OUT }));
    const confirm = await popconfirm();
    expect(within(confirm).getByText('将奖品 10元充电券 移出礼包？')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: TAKE_OUT }));
    expect(await screen.findByText('已将奖品 10元充电券 移回奖品池')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/nio/gift-bags/21/awards/12')).toBe(
      true,
    );
  });

  it('should create an award with its coupon batch, into a bag', async () => {
    const calls = lotteryPage('operator', {
      'GET /api/nio/coupon-batches/by-name': () =>
        ok({ items: [couponBatch(301, { batchName: '5元充电券批次' })], total: 1 }),
      'POST /api/nio/activities/5/awards': () => ok(award(15, { awardTitle: '洗车券' }), 201),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /新建奖品/ }));
    const dialog = await findDialog('新建奖品');
    await user.click(within(dialog).getByLabelText('优惠券批次'));
    await user.click(await screen.findByText('5元充电券批次 (301)', { selector: OPTION }));
    await user.type(within(dialog).getByLabelText('奖品名称'), '洗车券');
    await user.type(within(dialog).getByLabelText('库存'), '200');
    await user.click(within(dialog).getByLabelText('所属礼包'));
    await user.click(await screen.findByText('21 新人礼包', { selector: OPTION }));
    await user.click(within(dialog).getByRole('button', { name: /^创\s?建$/ }));

    expect(await screen.findByText('已创建奖品 洗车券')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      awardType: 'pe_coupon',
      awardCode: '301',
      awardTitle: '洗车券',
      awardSubTitle: null,
      awardImage: null,
      needLogistics: false,
      awardUnits: 1,
      awardAmount: 200,
      giftBagId: 21,
    });
  });

  it('should create a gift bag of an award in no bag, and refuse an empty one beside its field', async () => {
    const calls = lotteryPage('operator', {
      [`POST ${BAGS}`]: () => ok(giftBag(23, [award(14)]), 201),
    });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /新建礼包/ }));
    const dialog = await findDialog('新建礼包');
    await user.type(within(dialog).getByLabelText('抽奖名额'), '10');
    await user.click(within(dialog).getByRole('button', { name: /^创\s?建$/ }));
    const awards = within(dialog).getByLabelText('奖品').closest('.ant-form-item') as HTMLElement;
    expect(await within(awards).findByText('输入不能为空')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('奖品'));
    // Only the awards in no other bag are offered.
    const options = await screen.findAllByText(/./, { selector: OPTION });
    expect(options.map((o) => o.textContent)).toContain('免单券（5元充电券批次）');
    expect(options.map((o) => o.textContent)).not.toContain('停车券（5元充电券批次）');
    await user.click(screen.getByText('免单券（5元充电券批次）', { selector: OPTION }));
    await user.click(within(dialog).getByRole('button', { name: /^创\s?建$/ }));
    expect(await screen.findByText('已创建礼包 23')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      description: null,
      lotteryQuota: 10,
      awardIds: [14],
    });
  });

  it('should ask before dropping what was typed into a new award', async () => {
    lotteryPage();
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByRole('button', { name: /新建奖品/ }));
    const dialog = await findDialog('新建奖品');
    await user.type(within(dialog).getByLabelText('奖品名称'), '洗车券');
    await user.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    const ask = await findDialog('放弃未保存的修改');
    await user.click(within(ask).getByRole('button', { name: /继续编辑/ }));
    expect(within(dialog).getByLabelText('奖品名称')).toHaveValue('洗车券');
  });

  it('should delete a bag after confirming, from the version read', async () => {
    const calls = lotteryPage('operator', { 'DELETE /api/nio/gift-bags/22': () => noContent() });
    const { user } = renderPortal(PAGE);
    await user.click(within(await screen.findByTestId('gift-bag-22')).getByRole('button', { name: DELETE }));
    const confirm = await popconfirm();
    expect(within(confirm).getByText('删除礼包 22？其中的奖品将回到奖品池')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: DELETE }));
    expect(await screen.findByText('已删除礼包 22')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.query.get('version')).toBe('3');
  });

  it('should show readers and a finished lottery without any action', async () => {
    lotteryPage('viewer');
    const viewer = renderPortal(PAGE);
    await screen.findByTestId('gift-bag-21');
    expect(screen.getByRole('radio', { name: /随机/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /新建奖品|新建礼包|移 出|删 除/ })).toBeNull();
    viewer.unmount();
    vi.unstubAllGlobals();

    lotteryPage('operator', {}, lottery({ activityStatus: 'finished' }));
    renderPortal(PAGE);
    await screen.findByTestId('gift-bag-21');
    expect(screen.getByRole('radio', { name: /随机/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /新建奖品|新建礼包|移 出/ })).toBeNull();
  });

  it('should leave the section out of other activity types', async () => {
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/nio/activities/5': () =>
        ok(activity(5, { rewardStatistics: { totalRedPacket: 0, totalNioPoint: 0 } })),
      'GET /api/nio/activity-stations': () => ok({ items: [], total: 0 }),
    });
    renderPortal(PAGE);
    await screen.findByText('活动规则');
    expect(screen.queryByText('奖品与礼包')).toBeNull();
    expect(calls.some((c) => c.path === BAGS)).toBe(false);
  });
});
