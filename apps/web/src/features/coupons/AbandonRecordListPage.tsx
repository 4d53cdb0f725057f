import { useMemo, useState } from 'react';
import { StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { Link } from 'react-router';
import {
  COUPON_ABANDON_BY,
  type CouponAbandonRecord,
  CouponAbandonListQuerySchema,
} from '@cmp/domain/coupons/coupon-records';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter, type SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { AbandonDialog } from './AbandonDialog';
import { couponBatchDetailPath } from './coupon-links';
import { toAbandonFilter, toAbandonListQuery } from './coupon-list-queries';
import { COUPON_LISTS, COUPON_PATHS, useCouponsApi } from './coupons-api';

/**
 * What was abandoned (spec M3.3.11): by which means, what, how many coupons, by whom and why; operators
 * abandon coupons by code, generate record, account or batch here.
 */
export default function AbandonRecordListPage() {
  const { t } = useTranslation('coupons');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const canChange = useCanChange();
  const [abandoning, setAbandoning] = useState(false);

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'couponAbandonRecordId', label: t('field.couponAbandonRecordId') },
      {
        type: 'select',
        name: 'abandonType',
        label: t('field.abandonType'),
        options: COUPON_ABANDON_BY.map((value) => ({ value, label: label('couponAbandonBy', value) })),
      },
      { type: 'input', name: 'value', label: t('field.value') },
      { type: 'input', name: 'operatorAccount', label: t('field.operatorAccount') },
    ],
    [t, label],
  );
  const columns = useMemo<SearchTableColumn<CouponAbandonRecord>[]>(
    () => [
      { key: 'id', title: t('field.couponAbandonRecordId'), width: 120, fixed: 'left' },
      {
        key: 'abandonType',
        title: t('field.abandonType'),
        width: 130,
        render: (r) => label('couponAbandonBy', r.abandonType),
      },
      { key: 'value', title: t('field.value'), width: 180, ellipsis: true },
      {
        key: 'batchId',
        title: t('field.batchId'),
        width: 100,
        render: (r) =>
          r.batchId === null ? '-' : <Link to={couponBatchDetailPath(tenant, r.batchId)}>{r.batchId}</Link>,
      },
      {
        key: 'batchName',
        title: t('field.batchName'),
        width: 160,
        ellipsis: true,
        render: (r) => orDash(r.batchName),
      },
      {
        key: 'abandonAmount',
        title: t('field.abandonAmount'),
        width: 100,
        align: 'right',
        render: (r) => r.abandonAmount.toLocaleString(),
      },
      { key: 'operatorAccount', title: t('field.operatorAccount'), width: 120 },
      {
        key: 'remark',
        title: t('field.remark'),
        width: 200,
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
    [t, label, tenant],
  );

  return (
    <>
      <SearchTable<CouponAbandonRecord>
        querySchema={CouponAbandonListQuerySchema}
        persistKey={COUPON_LISTS.abandonRecords}
        tenant={tenant}
        rowKey="id"
        title={t('abandonRecords.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => coupons.abandonRecords(toAbandonListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button key="abandon" danger icon={<StopOutlined />} onClick={() => setAbandoning(true)}>
                  {t('abandonRecords.create')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${COUPON_PATHS.abandonRecords}/export`}
            query={toAbandonFilter(params)}
            columns={shown}
            fileName="coupon-abandon-records"
          />,
        ]}
      />
      <AbandonDialog open={abandoning} onClose={() => setAbandoning(false)} />
    </>
  );
}
