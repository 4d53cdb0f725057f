import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';
import { formatCouponValue, formatDay } from './coupon-value';
import { useStationsTenant } from '../../components/lookups';
import { couponBatchDetailPath } from './coupon-links';
import { CouponBatchStatusTag } from './CouponStatusTags';

const COUNTERS = [
  'amount',
  'stockAmount',
  'createdAmount',
  'assignedAmount',
  'usedAmount',
  'expiredAmount',
  'abandonAmount',
] as const;

/** A batch's validity: its two days, or how many days a coupon lasts once bound. */
export function useBatchValidity(): (batch: CouponBatch) => string {
  const { t } = useTranslation('coupons');
  return useCallback(
    (batch) =>
      batch.expireTypeCode === 'fixed_date'
        ? `${formatDay(batch.effectiveDate)} ~ ${formatDay(batch.expireDate)}`
        : t('common.validityDays', { days: batch.effectiveDays ?? '-' }),
    [t],
  );
}

/** The batch list's columns, keyed as the export's. */
export function useCouponBatchColumns(): SearchTableColumn<CouponBatch>[] {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const validity = useBatchValidity();
  return useMemo(
    () => [
      {
        key: 'couponBatchId',
        title: t('field.couponBatchId'),
        width: 100,
        fixed: 'left',
        render: (b) => <Link to={couponBatchDetailPath(tenant, b.couponBatchId)}>{b.couponBatchId}</Link>,
      },
      { key: 'batchName', title: t('field.batchName'), width: 180, ellipsis: true },
      { key: 'couponName', title: t('field.couponName'), width: 180, ellipsis: true },
      {
        key: 'couponBizCode',
        title: t('field.couponBizCode'),
        width: 130,
        render: (b) => label('couponBiz', b.couponBizCode),
      },
      {
        key: 'couponTypeCode',
        title: t('field.couponTypeCode'),
        width: 120,
        render: (b) => label('couponType', b.couponTypeCode),
      },
      {
        key: 'couponValue',
        title: t('field.couponValue'),
        width: 140,
        align: 'right',
        render: (b) => formatCouponValue(b.couponTypeCode, b.couponValue, t),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 130,
        render: (b) => <CouponBatchStatusTag status={b.status} generated={b} />,
      },
      ...COUNTERS.map((counter): SearchTableColumn<CouponBatch> => ({
        key: counter,
        title: t(`field.${counter}`),
        width: 90,
        align: 'right',
        render: (b) => b[counter].toLocaleString(),
      })),
      {
        key: 'expireTypeCode',
        title: t('field.validity'),
        width: 210,
        render: validity,
      },
      { key: 'operatorAccount', title: t('field.operatorAccount'), width: 120 },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (b) => formatTime(b.createTime),
      },
    ],
    [t, tenant, label, validity],
  );
}
