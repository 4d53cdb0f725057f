import { useCallback } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
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

/**
 * A batch's or a generate record's status. A batch whose codes were generated in part says how many: its
 * last run finished, but 已完成 alone read as if all of them were there.
 */
export function CouponBatchStatusTag({
  status,
  generated,
}: {
  status: CouponBatchStatus;
  generated?: { createdAmount: number; amount: number };
}) {
  const label = useEnumLabel();
  const { t } = useTranslation('coupons');
  if (status === 'finished' && generated && generated.createdAmount < generated.amount) {
    return <Tag color="cyan">{t('common.partlyGenerated', generated)}</Tag>;
  }
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
