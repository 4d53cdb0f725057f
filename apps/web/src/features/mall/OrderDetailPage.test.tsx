import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@cmp/domain/mall/order-contracts';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { job } from '../activities/test-activities';
import { toOrderFilter } from './OrderListPage';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
const ONE = '/api/nio/mall/orders/41';
const at = Date.parse('2026-11-20T10:00:00+08:00');
const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 41,
  productId: 7,
  productName: '充电礼盒',
  productPrice: 12900,
  userId: 'ACC100007',
  mobile: '138****5678',
  orderStatus: 2,
  paymentId: 'PAY-1',
  paymentStatus: 2,
  paymentAmount: 12900,
  paidAt: at,
  deliveryStatus: 1,
  deliveryContent: [
    {
      orderItemId: 1,
      itemType: 'coupon',
      itemCode: '12',
      itemName: '10元充电券',
      itemCount: 2,
      deliveryStatus: 2,
      couponIds: [501, 502],
      shippingContent: null,
      deliveryError: null,
      deliveredAt: at,
    },
    {
      orderItemId: 2,
      itemType: 'goods',
      itemCode: 'BOX-01',
      itemName: '收纳盒',
      itemCount: 1,
      deliveryStatus: 1,
      couponIds: [],
      shippingContent: null,
      deliveryError: null,
      deliveredAt: null,
    },
  ],
  closedAt: null,
  createTime: at,
  updateTime: at,
  version: 3,
  paymentReports: [
    {
      id: 1,
      paymentId: 'PAY-0',
      amount: 100,
      outcome: 'refused',
      reason: 'mall_payment_amount_mismatch',
      reportedAt: at,
    },
    { id: 2, paymentId: 'PAY-1', amount: 12900, outcome: 'accepted', reason: null, reportedAt: at },
  ],
  history: [{ action: 'MALL_ORDER_PAID', actor: 'app:nio-backend', at, detail: null }],
  ...overrides,
});

/** The order whose coupon item its batch refused for stock. */
const refused = order({
  deliveryContent: [
    {
      ...order().deliveryContent[0]!,
      deliveryStatus: 1,
      couponIds: [],
      deliveryError: 'coupon_batch_stock_not_enough',
      deliveredAt: null,
    },
  ],
});

/** Asks to deliver again and confirms; `beforeConfirm` runs while the question is open. */
async function redeliver(user: ReturnType<typeof userEvent.setup>, beforeConfirm?: () => void) {
  await user.click(screen.getByRole('button', { name: /重新发放/ }));
  const confirm = await screen.findByText(/重新发放发放失败的优惠券？/);
  beforeConfirm?.();
  await user.click(
    within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /重新发放/ }),
  );
}

describe('OrderDetailPage', () => {
  beforeAll(() => import('./OrderDetailPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show the coupons given, the refused payment, and ship the goods once confirmed', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(order()),
      [`POST ${ONE}/ship`]: () => ok(order({ orderStatus: 3, deliveryStatus: 2 })),
    });
    renderPortal('/cmp-app/nio/product-orders/detail?id=41');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '订单 #41' });
    expect(screen.getByText('券ID: 501, 502')).toBeInTheDocument();
    expect(screen.getByText('已拒绝')).toBeInTheDocument();
    expect(screen.getByText('支付金额与订单价格不符')).toBeInTheDocument();
    expect(screen.getByText('支付成功')).toBeInTheDocument();

    const ship = screen.getAllByRole('button', { name: /发货/ });
    expect(ship).toHaveLength(1);
    await user.click(ship[0]!);
    const dialog = await screen.findByRole('dialog', { name: '发货：收纳盒' });
    await user.type(within(dialog).getByLabelText('发货信息（快递公司与单号）'), '顺丰 SF123');
    await user.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    const confirm = await screen.findByText('确认发货？发货后不能撤回，全部内容交付后订单完成。');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确认发货/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      version: 3,
      items: [{ orderItemId: 2, shippingContent: '顺丰 SF123' }],
    });
  });

  it('should tell what each history entry did in words, prices in yuan and codes as labels', async () => {
    const history: OrderDetail['history'] = [
      {
        action: 'MALL_ORDER_CREATE',
        actor: 'app:nio-backend',
        at,
        detail: { productId: 7, productPrice: 12900, userId: 'ACC100007' },
      },
      {
        action: 'MALL_PAYMENT_REFUSED',
        actor: 'app:nio-backend',
        at,
        detail: { paymentId: 'PAY-0', amount: 100, reason: 'mall_payment_amount_mismatch' },
      },
      {
        action: 'MALL_ORDER_PAID',
        actor: 'app:nio-backend',
        at,
        detail: { paymentId: 'PAY-1', amount: 12900 },
      },
      {
        action: 'MALL_ORDER_DELIVERED',
        actor: 'system',
        at,
        detail: { itemCode: '12', itemName: '10元充电券', itemCount: 2, couponIds: [501, 502] },
      },
      {
        action: 'MALL_ORDER_REDELIVER',
        actor: 'nio-operator',
        at,
        detail: {
          items: [{ orderItemId: 1, itemCode: '12', deliveryError: 'coupon_batch_stock_not_enough' }],
        },
      },
      {
        action: 'MALL_ORDER_COMPLETED',
        actor: 'nio-operator',
        at,
        detail: { shipped: [{ orderItemId: 2, shippingContent: '顺丰 SF123' }] },
      },
    ];
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(order({ history })),
    });
    renderPortal('/cmp-app/nio/product-orders/detail?id=41');
    const card = (await screen.findByText('订单历史')).closest('.ant-card') as HTMLElement;
    const details = () =>
      within(card)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild!.textContent);
    expect(details()).toEqual([
      '商品ID：7；价格（元）：129.00；用户ID：ACC100007',
      '支付ID：PAY-0；金额（元）：1.00；原因：支付金额与订单价格不符',
      '支付ID：PAY-1；金额（元）：129.00',
      '10元充电券 × 2，券ID 501, 502',
      '明细 #1（上次发放失败：批次库存不足）',
      '明细 #2：顺丰 SF123',
    ]);

    await changeLanguage('en-US');
    await waitFor(() =>
      expect(details()[1]).toBe(
        'Payment ID: PAY-0; Amount (yuan): 1.00; Reason: Amount differs from the order price',
      ),
    );
  });

  it('should deliver the refused coupons again once confirmed, and read the order again when the job ends', async () => {
    let reads = 0;
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => {
        reads += 1;
        return ok(reads === 1 ? refused : order({ orderStatus: 3, deliveryStatus: 2 }));
      },
      [`POST ${ONE}/redeliver`]: () => ok({ jobId: 77 }, 202),
      'GET /api/nio/jobs/77': () => ok(job(77, { kind: 'mall.delivery', state: 'succeeded' })),
    });
    renderPortal('/cmp-app/nio/product-orders/detail?id=41');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '订单 #41' });
    expect(screen.getByText('发放失败: 批次库存不足')).toBeInTheDocument();
    await redeliver(user, () => expect(calls.some((c) => c.method === 'POST')).toBe(false));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 3 }));
    expect(await screen.findByText('券ID: 501, 502')).toBeInTheDocument();
    const delivery = screen
      .getByText('发货内容', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    expect(within(delivery).queryByRole('button', { name: /重新发放/ })).not.toBeInTheDocument();
  });

  it('should mark the delivery job failed when its coupons are still refused after it', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(refused),
      [`POST ${ONE}/redeliver`]: () => ok({ jobId: 78 }, 202),
      'GET /api/nio/jobs/78': () => ok(job(78, { kind: 'mall.delivery', state: 'succeeded' })),
    });
    renderPortal('/cmp-app/nio/product-orders/detail?id=41');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '订单 #41' });
    await redeliver(user);
    await waitFor(() =>
      expect(
        screen.getByTestId('job-progress').querySelector('.ant-progress-status-exception'),
      ).not.toBeNull(),
    );
    expect(screen.getByText('发放失败: 批次库存不足')).toBeInTheDocument();
  });

  it('should offer a viewer nothing to ship', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(viewer),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(order()),
    });
    renderPortal('/cmp-app/nio/product-orders/detail?id=41');
    await screen.findByRole('heading', { name: '订单 #41' });
    expect(screen.queryByRole('button', { name: /发货/ })).not.toBeInTheDocument();
  });

  it('should send the creation range comma-joined with the statuses picked', () => {
    expect(
      toOrderFilter({
        pageNo: 1,
        pageSize: 20,
        createTimeStart: 1,
        createTimeEnd: 2,
        orderStatus: 2,
        mobile: ' 138 ',
      }),
    ).toEqual({ orderStatus: 2, mobile: '138', createTimeRange: '1,2' });
  });
});
