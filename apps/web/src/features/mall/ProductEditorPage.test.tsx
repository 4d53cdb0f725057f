import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@cmp/domain/mall/product-contracts';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const ONE = '/api/nio/mall/products/7';
const product = (overrides: Partial<Product> = {}): Product => ({
  id: 7,
  name: '超充体验券礼包',
  unitPrice: 990,
  originalPrice: 2000,
  advertisement: '新用户专享',
  usageScope: null,
  expireInDays: 30,
  description: null,
  imageUrl: null,
  productDisplay: true,
  groupIds: ['coupon_pack'],
  operatorIds: ['OP1'],
  operatorNames: { OP1: '蔚来能源' },
  landingPage: null,
  items: [{ itemType: 'coupon', itemCode: '12', itemName: '10元充电券', itemCount: 2 }],
  creator: 'admin',
  createTime: Date.parse('2026-11-01T10:00:00+08:00'),
  updateTime: Date.parse('2026-11-01T10:00:00+08:00'),
  version: 3,
  ...overrides,
});

describe('ProductEditorPage', () => {
  beforeAll(() => import('./ProductEditorPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show prices in yuan and save them in cents with a new item, from the version read', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(product()),
      [`PUT ${ONE}`]: ({ body }) => ok(product({ ...(body as object), version: 4 })),
    });
    renderPortal('/cmp-app/nio/products/edit?id=7');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '超充体验券礼包 · #7' });
    expect(screen.getByLabelText('售价（元）')).toHaveValue('9.90');
    expect(screen.getByText('蔚来能源')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '编辑' }));
    const price = screen.getByLabelText('售价（元）');
    await user.clear(price);
    await user.type(price, '19.9');
    await user.click(screen.getByRole('button', { name: /添加内容/ }));
    const codes = screen.getAllByLabelText('编码');
    const names = screen.getAllByLabelText('名称');
    await user.click(screen.getAllByLabelText('类型')[1]!);
    await user.click(await screen.findByTitle('实物', {}, { timeout: 5000 }));
    await user.type(codes[1]!, 'CUP-500');
    await user.type(names[1]!, '保温杯');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name: '超充体验券礼包',
      unitPrice: 1990,
      originalPrice: 2000,
      groupIds: ['coupon_pack'],
      operatorIds: ['OP1'],
      items: [
        { itemType: 'coupon', itemCode: '12', itemName: '10元充电券', itemCount: 2 },
        { itemType: 'goods', itemCode: 'CUP-500', itemName: '保温杯', itemCount: 1 },
      ],
      version: 3,
    });
  });

  it('should refuse an original price below the price at the field', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(product()),
    });
    renderPortal('/cmp-app/nio/products/edit?id=7');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '超充体验券礼包 · #7' });
    await user.click(screen.getByRole('button', { name: '编辑' }));
    const original = screen.getByLabelText('原价（元）');
    await user.clear(original);
    await user.type(original, '5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('原价不能低于售价')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
