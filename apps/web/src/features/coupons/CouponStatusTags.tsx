import { useCallback } from 'react';
import { Tag } from 'antd';
import type { CouponBatchStatus } from '@cmp/domain/coupons/coupon-statuses';
import type { IssuedCouponStatus } from '@cmp/domain/coupons/coupon-records';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const BATCH_COLORS: Record<CouponBatchStatus, string> = {
  created: 'default',
  processing: 'processing',
  finished: 'success',
  failed: 'error',
  killed: 'warning',
};

export function CouponBatchStatusTag({ status }: { status: CouponBatchStatus }) {
  const label = useEnumLabel();
  return <Tag color={BATCH_COLORS[status]}>{label('couponBatchStatus', status)}</Tag>;
}

const COUPON_COLORS: Record<IssuedCouponStatus, string> = {
  created: 'default',
  assigned: 'processing',
  used: 'success',
  expired: 'warning',
  abandon: 'error',
};

/** An issued coupon's status, `created` (a code nobody claimed) among them. */
export function useCouponStatusLabel(): (status: IssuedCouponStatus) => string {
  const label = useEnumLabel();
  return useCallback((status) => label('issuedCouponStatus', status), [label]);
}

export function CouponStatusTag({ status }: { status: IssuedCouponStatus }) {
  const name = useCouponStatusLabel();
  return <Tag color={COUPON_COLORS[status]}>{name(status)}</Tag>;
}
