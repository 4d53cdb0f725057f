import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ISSUED_COUPON_STATUSES,
  type Coupon,
  CouponDeliverListQuerySchema,
} from '@cmp/domain/coupons/coupon-records';
import { COUPON_BIZ_CODES } from '@cmp/domain/coupons/coupon-types';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { toDeliverFilter, toDeliverListQuery } from './coupon-list-queries';
import { COUPON_LISTS, COUPON_PATHS, useCouponsApi } from './coupons-api';
import { CouponDrawer } from './CouponDrawer';
import { useCouponStatusLabel } from './CouponStatusTags';
import { useCouponColumns } from './use-coupon-columns';

/** The coupons delivered to accounts (spec M3.3.10 deliver filter), with export; a coupon opens in a drawer. */
export default function DeliverListPage() {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const label = useEnumLabel();
  const statusLabel = useCouponStatusLabel();
  const [open, setOpen] = useState<number | null>(null);
  const onOpen = useCallback((coupon: Coupon) => setOpen(coupon.couponId), []);
  const columns = useCouponColumns(onOpen);
  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'mobile', label: t('field.mobile') },
      { type: 'input', name: 'accountId', label: t('field.accountId') },
      { type: 'input', name: 'batchId', label: t('field.batchId') },
      { type: 'input', name: 'couponUuid', label: t('field.couponUuid') },
      {
        type: 'select',
        name: 'status',
        label: t('field.status'),
        multiple: true,
        options: ISSUED_COUPON_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
      },
      {
        type: 'select',
        name: 'bizCode',
        label: t('field.bizCode'),
        options: COUPON_BIZ_CODES.map((value) => ({ value, label: label('couponBiz', value) })),
      },
    ],
    [t, label, statusLabel],
  );

  return (
    <>
      <SearchTable<Coupon>
        querySchema={CouponDeliverListQuerySchema}
        persistKey={COUPON_LISTS.deliveries}
        tenant={tenant}
        rowKey="couponId"
        title={t('deliveries.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => coupons.deliveries(toDeliverListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${COUPON_PATHS.deliveries}/export`}
            query={toDeliverFilter(params)}
            columns={shown}
            fileName="coupon-deliveries"
          />,
        ]}
      />
      <CouponDrawer couponId={open} onClose={() => setOpen(null)} />
    </>
  );
}
