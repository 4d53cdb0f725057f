import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { toOrderListQuery } from './order-filter.js';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from './order-statuses.js';
import { PRODUCT_LIST_PAGE_SIZE } from './product-list.js';

const en = (key: string): string => formatMessage('en-US', { key });

describe('order statuses', () => {
  it('should label orders 1 created, 2 to be shipped, 3 completed', () => {
    expect(ORDER_STATUSES.map((s) => en(ORDER_STATUS_LABELS[s]))).toEqual([
      'Created',
      'To be shipped',
      'Completed',
    ]);
  });

  it('should label payments 1 unpaid, 2 paid and deliveries 1 not shipped, 2 shipped', () => {
    expect(PAYMENT_STATUSES.map((s) => en(PAYMENT_STATUS_LABELS[s]))).toEqual(['Unpaid', 'Paid']);
    expect(DELIVERY_STATUSES.map((s) => en(DELIVERY_STATUS_LABELS[s]))).toEqual(['Not shipped', 'Shipped']);
  });
});

describe('toOrderListQuery', () => {
  it('should send the create time range as a comma-joined string', () => {
    expect(toOrderListQuery({ createTimeRange: [1714492800000, 1714579199999], orderStatus: 2 })).toEqual({
      orderStatus: 2,
      createTimeRange: '1714492800000,1714579199999',
    });
  });

  it('should send no range when none is picked', () => {
    expect(toOrderListQuery({ mobile: '138' })).toEqual({ mobile: '138' });
  });
});

describe('product list', () => {
  it('should page products by 20', () => {
    expect(PRODUCT_LIST_PAGE_SIZE).toBe(20);
  });
});
