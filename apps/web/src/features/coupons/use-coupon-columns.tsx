import { useMemo } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { couponBatchDetailPath } from './coupon-links';
import { formatCouponValue, formatDay } from './coupon-value';
import { CouponStatusTag } from './CouponStatusTags';

/** Issued coupons' columns (the record and the deliver list), keyed as the export's; the id opens one. */
export function useCouponColumns(onOpen: (coupon: Coupon) => void): SearchTableColumn<Coupon>[] {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  return useMemo(
    () => [
      {
        key: 'couponId',
        title: t('field.couponId'),
        width: 110,
        fixed: 'left',
        render: (c) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(c)}>
            {c.couponId}
          </Button>
        ),
      },
      { key: 'couponUuid', title: t('field.couponUuid'), width: 170 },
      { key: 'accountId', title: t('field.accountId'), width: 150, render: (c) => orDash(c.accountId) },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (c) => <CouponStatusTag status={c.status} />,
      },
      {
        key: 'couponBatchId',
        title: t('field.couponBatchId'),
        width: 100,
        render: (c) => <Link to={couponBatchDetailPath(tenant, c.couponBatchId)}>{c.couponBatchId}</Link>,
      },
      { key: 'batchName', title: t('field.batchName'), width: 160, ellipsis: true },
      { key: 'couponName', title: t('field.couponName'), width: 160, ellipsis: true, hiddenByDefault: true },
      {
        key: 'couponTypeCode',
        title: t('field.couponTypeCode'),
        width: 100,
        render: (c) => label('couponType', c.couponTypeCode),
      },
      {
        key: 'couponValue',
        title: t('field.couponValue'),
        width: 130,
        align: 'right',
        render: (c) => formatCouponValue(c.couponTypeCode, c.couponValue, t),
      },
      {
        key: 'couponChannel',
        title: t('field.couponChannel'),
        width: 110,
        render: (c) => label('couponChannel', c.couponChannel),
      },
      {
        key: 'effectiveDate',
        title: t('field.validity'),
        width: 200,
        render: (c) => `${formatDay(c.effectiveDate)} ~ ${formatDay(c.expireDate)}`,
      },
      { key: 'bindDate', title: t('field.bindDate'), width: 170, render: (c) => formatTime(c.bindDate) },
      {
        key: 'consumeDate',
        title: t('field.consumeDate'),
        width: 170,
        render: (c) => formatTime(c.consumeDate),
      },
      { key: 'orderId', title: t('field.orderId'), width: 150, render: (c) => orDash(c.orderId) },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (c) => formatTime(c.createTime),
      },
    ],
    [t, tenant, label, onOpen],
  );
}
