import { useMemo } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GenerateRecord } from '@cmp/domain/coupons/coupon-batches';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { couponBatchDetailPath } from './coupon-links';
import { formatCouponValue } from './coupon-value';
import { CouponBatchStatusTag } from './CouponStatusTags';

/** The generate records' columns, keyed as the export's; the id opens the record's details. */
export function useGenerateRecordColumns(
  onOpen: (record: GenerateRecord) => void,
): SearchTableColumn<GenerateRecord>[] {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  return useMemo(
    () => [
      {
        key: 'generateRecordId',
        title: t('field.generateRecordId'),
        width: 120,
        fixed: 'left',
        render: (r) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(r)}>
            {r.generateRecordId}
          </Button>
        ),
      },
      {
        key: 'couponBatchId',
        title: t('field.couponBatchId'),
        width: 100,
        render: (r) => <Link to={couponBatchDetailPath(tenant, r.couponBatchId)}>{r.couponBatchId}</Link>,
      },
      { key: 'batchName', title: t('field.batchName'), width: 160, ellipsis: true },
      {
        key: 'couponTypeCode',
        title: t('field.couponTypeCode'),
        width: 100,
        render: (r) => label('couponType', r.couponTypeCode),
      },
      {
        key: 'couponValue',
        title: t('field.couponValue'),
        width: 130,
        align: 'right',
        render: (r) => formatCouponValue(r.couponTypeCode, r.couponValue, t),
      },
      {
        key: 'generateType',
        title: t('field.generateType'),
        width: 200,
        render: (r) => label('couponGenerateType', r.generateType),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (r) => <CouponBatchStatusTag status={r.status} />,
      },
      {
        key: 'generateAmount',
        title: t('field.generateAmount'),
        width: 110,
        align: 'right',
        render: (r) => r.generateAmount.toLocaleString(),
      },
      {
        key: 'generatedAmount',
        title: t('field.generatedAmount'),
        width: 110,
        align: 'right',
        render: (r) => r.generatedAmount.toLocaleString(),
      },
      { key: 'couponToken', title: t('field.couponToken'), width: 140, render: (r) => orDash(r.couponToken) },
      { key: 'operatorAccount', title: t('field.operatorAccount'), width: 120 },
      {
        key: 'remark',
        title: t('field.remark'),
        width: 160,
        ellipsis: true,
        render: (r) => orDash(r.remark),
      },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.createTime),
      },
    ],
    [t, tenant, label, onOpen],
  );
}
