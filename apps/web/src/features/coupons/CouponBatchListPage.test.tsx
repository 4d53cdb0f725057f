import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fail, fakeApi, ok } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { couponBatch, signedIn } from './test-coupons';

const LIST = '/api/nio/coupon-batches';
const OPTION = '.ant-select-item-option-content';

describe('CouponBatchListPage', () => {
  beforeAll(() => import('./CouponBatchListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should show values in yuan and as discounts with the counters, and send the filter from the URL', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () =>
        ok({
          items: [
            couponBatch(1),
            couponBatch(2, { couponTypeCode: 'discount', couponValue: 0.85, status: 'processing' }),
            couponBatch(3, { createdAmount: 1000 }),
          ],
          total: 3,
        }),
    });
    renderPortal(
      '/cmp-app/nio/coupon-batches?couponBizCode=charging_external&status=finished&couponBatchName=春&pageNo=2',
    );
    const first = await screen.findByRole('link', { name: '1' });
    expect(first).toHaveAttribute('href', '/cmp-app/nio/coupon-batches/detail?id=1');
    const row1 = first.closest('tr') as HTMLElement;
    // Its last run finished with 100 of its 1,000 codes: the status says how many, not just 已完成.
    for (const text of [
      '代金券',
      '扫码充电',
      '¥12.50',
      '已生成 100/1000',
      '900',
      '60',
      '2026-03-01 ~ 2026-03-31',
    ])
      expect(within(row1).getByText(text)).toBeInTheDocument();
    const row3 = screen.getByRole('link', { name: '3' }).closest('tr') as HTMLElement;
    expect(within(row3).getByText('已完成')).toBeInTheDocument();
    const row2 = screen.getByRole('link', { name: '2' }).closest('tr') as HTMLElement;
    for (const text of ['折扣券', '85% / 8.5折', '生成中'])
      expect(within(row2).getByText(text)).toBeInTheDocument();
    const query = Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query);
    expect(query).toEqual({
      pageNo: '2',
      pageSize: '20',
      couponBizCode: 'charging_external',
      status: 'finished',
      couponBatchName: '春',
    });
    expect(screen.getByRole('button', { name: /新建批次/ })).toBeInTheDocument();

    // 折 means nothing to an English reader: the share paid and the share taken off.
    await act(() => changeLanguage('en-US'));
    expect(await within(row2).findByText('Pay 85% (15% off)')).toBeInTheDocument();
  });

  it('should fit the type to the business, send the batch, and show the server complaint on its field', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () => ok({ items: [], total: 0 }),
      [`POST ${LIST}`]: () =>
        fail(400, 'validation_failed', 'invalid', [
          { path: 'body.batchName', message: 'taken', key: 'form.required' },
        ]),
    });
    const { user } = renderPortal('/cmp-app/nio/coupon-batches');
    await user.click(await screen.findByRole('button', { name: /新建批次/ }));
    const drawer = await screen.findByRole('dialog');
    // A voucher can have a price limit; the one-tap power-up only takes the fixed-price type.
    await user.click(within(drawer).getByLabelText('券类型'));
    await user.click(await screen.findByText('代金券', { selector: OPTION }));
    await user.click(within(drawer).getByLabelText('使用门槛'));
    expect(within(drawer).getByLabelText('订单满（元）')).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('业务'));
    await user.click(await screen.findByText('一键加电', { selector: OPTION }));
    await waitFor(() => expect(within(drawer).queryByLabelText('订单满（元）')).toBeNull());
    expect(within(drawer).getByText('一口价券')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('面值（元）')).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('批次名称'), '春季');
    await user.type(within(drawer).getByLabelText('优惠券名称'), '春季券');
    await user.type(within(drawer).getByLabelText('总数量'), '500');
    await user.type(within(drawer).getByLabelText('面值（元）'), '12.5');
    await user.click(within(drawer).getByLabelText('有效期类型'));
    await user.click(await screen.findByText('领取后 N 天', { selector: OPTION }));
    await user.type(await within(drawer).findByLabelText('领取后有效天数'), '30');
    await user.click(within(drawer).getByText('添加规则'));
    await user.click(within(drawer).getByLabelText('使用规则'));
    await user.click(await screen.findByText('平台', { selector: OPTION }));
    await user.click(within(drawer).getByText('全部'));
    await user.click(within(drawer).getByText(/^创\s?建$/));

    expect(await within(drawer).findByText('请按提示修改标红的字段')).toBeInTheDocument();
    expect(within(drawer).getByText('输入不能为空')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body;
    expect(sent).toMatchObject({
      batchName: '春季',
      couponName: '春季券',
      couponBizCode: 'pe_external',
      couponTypeCode: 'equity',
      amount: 500,
      couponValue: 12.5,
      totalPrice: null,
      expireTypeCode: 'days_after_binding',
      effectiveDays: 30,
      effectiveDate: null,
      rules: [{ type: 'platform_type', values: ['all'] }],
    });
  });
  it('should refuse a batch that covers neither fee beside the switches, sending nothing', async () => {
    const calls = fakeApi({ ...signedIn(), [`GET ${LIST}`]: () => ok({ items: [], total: 0 }) });
    const { user } = renderPortal('/cmp-app/nio/coupon-batches');
    await user.click(await screen.findByRole('button', { name: /新建批次/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('switch', { name: '抵扣电费' })).toBeChecked();
    expect(within(drawer).getByRole('switch', { name: '抵扣服务费' })).toBeChecked();
    await user.type(within(drawer).getByLabelText('批次名称'), '春季');
    await user.type(within(drawer).getByLabelText('优惠券名称'), '春季券');
    await user.type(within(drawer).getByLabelText('总数量'), '500');
    await user.type(within(drawer).getByLabelText('折扣（支付比例 %，85 即 8.5 折）'), '85');
    await user.click(within(drawer).getByRole('switch', { name: '抵扣电费' }));
    await user.click(within(drawer).getByRole('switch', { name: '抵扣服务费' }));
    await user.click(within(drawer).getByText(/^创\s?建$/));

    expect(await within(drawer).findByText('请至少选择电费或服务费中的一项')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(drawer).getByRole('switch', { name: '抵扣电费' }));
    await waitFor(() => expect(within(drawer).queryByText('请至少选择电费或服务费中的一项')).toBeNull());
  });
});
