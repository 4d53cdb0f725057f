import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import { COUPON_BIZ_CODES, COUPON_TYPE_CODES } from '@cmp/domain/coupons/coupon-types';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { CouponBatchEditor } from './CouponBatchEditor';
import { generateRecordListPath } from './coupon-links';
import { toBatchFilter, toBatchListQuery } from './coupon-list-queries';
import { COUPON_LISTS, COUPON_PATHS, useCouponsApi } from './coupons-api';
import { useCouponBatchColumns } from './use-coupon-batch-columns';
import { CouponBatchListQuerySchema } from '@cmp/domain/coupons/coupon-batches';

/**
 * The tenant's coupon batches (spec M3.3.1, filter M3.3.3) with their value and counters; operators open
 * the editor for a new batch here, and a batch opens on its page.
 */
export default function CouponBatchListPage() {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const columns = useCouponBatchColumns();
  const [creating, setCreating] = useState(false);
  const closeEditor = useCallback(() => setCreating(false), []);

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'couponBatchId', label: t('field.couponBatchId') },
      { type: 'input', name: 'couponBatchName', label: t('field.batchName') },
      {
        type: 'select',
        name: 'couponBizCode',
        label: t('field.couponBizCode'),
        options: COUPON_BIZ_CODES.map((value) => ({ value, label: label('couponBiz', value) })),
      },
      {
        type: 'select',
        name: 'couponTypeCode',
        label: t('field.couponTypeCode'),
        options: COUPON_TYPE_CODES.map((value) => ({ value, label: label('couponType', value) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('field.status'),
        options: COUPON_BATCH_STATUSES.map((value) => ({ value, label: label('couponBatchStatus', value) })),
      },
      {
        type: 'datetimeRange',
        name: 'createTime',
        label: t('field.createTime'),
        names: ['createTimeFrom', 'createTimeTo'],
      },
    ],
    [t, label],
  );

  return (
    <>
      <SearchTable<CouponBatch>
        querySchema={CouponBatchListQuerySchema}
        persistKey={COUPON_LISTS.batches}
        tenant={tenant}
        rowKey="couponBatchId"
        title={t('batchList.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => coupons.batches(toBatchListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('batchList.create')}
                </Button>,
              ]
            : []),
          <Link key="records" to={generateRecordListPath(tenant)}>
            <Button icon={<UnorderedListOutlined />}>{t('batchList.generateRecords')}</Button>
          </Link>,
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${COUPON_PATHS.batches}/export`}
            query={toBatchFilter(params)}
            columns={shown}
            fileName="coupon-batches"
          />,
        ]}
      />
      <CouponBatchEditor open={creating} onClose={closeEditor} />
    </>
  );
}
