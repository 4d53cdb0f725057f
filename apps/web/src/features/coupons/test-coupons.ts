import type { Job } from '@cmp/domain';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { ok, staffUser, type FakeHandler } from '../../test/fake-api';

export const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
export const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
export const CREATED = Date.parse('2026-03-02T09:30:00+08:00');

/** A batch as the server answers it: money in cents, a discount as a ratio. */
export const couponBatch = (id: number, overrides: Partial<CouponBatch> = {}): CouponBatch => ({
  couponBatchId: id,
  couponName: `券 ${id}`,
  batchName: `批次 ${id}`,
  amount: 1000,
  stockAmount: 900,
  awardType: 'pe_coupon',
  couponBizCode: 'charging_external',
  couponTypeCode: 'voucher',
  couponSubType: '-1',
  status: 'finished',
  createdAmount: 100,
  assignedAmount: 60,
  expiredAmount: 3,
  usedAmount: 20,
  abandonAmount: 2,
  limitPerUser: null,
  expireTypeCode: 'fixed_date',
  effectiveDate: Date.parse('2026-03-01T04:00:00Z'),
  expireDate: Date.parse('2026-03-31T12:00:00Z'),
  effectiveDays: null,
  imageUrl: null,
  couponValue: 1250,
  couponValueDisplay: null,
  priceServiceFee: false,
  priceElectricityFee: true,
  portalEditable: true,
  dilatationEnable: false,
  grantEnable: true,
  isTransfer: false,
  isSaasTenant: false,
  operatorAccount: 'alice',
  couponDescription: null,
  discountCouponCostShare: null,
  bizExtend: null,
  rules: [],
  useRange: { operator: [], chargeStation: [], customTag: [] },
  customTag: [],
  hasPriceLimit: false,
  totalPrice: 'all',
  createTime: CREATED,
  updateTime: CREATED,
  rowVersion: 1,
  ...overrides,
});

/** A job as GET /jobs/:id answers it. */
export const job = (jobId: number, overrides: Partial<Job> = {}): Job => ({
  jobId,
  kind: 'coupons.recipientImport',
  tenant: 'nio',
  createdBy: { userId: 7, userName: 'alice' },
  params: {},
  state: 'running',
  progress: { done: 0, total: null, message: null },
  result: null,
  error: null,
  attempts: 0,
  cancelRequested: false,
  createdAt: '2026-03-02T01:30:00.000Z',
  startedAt: '2026-03-02T01:30:00.000Z',
  finishedAt: null,
  updatedAt: '2026-03-02T01:30:00.000Z',
  ...overrides,
});

export const signedIn = (user = operator): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(user),
  'GET /api/nio/operators': () => ok({ items: [{ operatorId: 'op1', operatorName: '运营商一' }], total: 1 }),
  'GET /api/nio/coupon-custom-tags': () => ok({ items: [], total: 0 }),
  'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
});
