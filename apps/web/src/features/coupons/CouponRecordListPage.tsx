import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { ISSUED_COUPON_STATUSES, CouponRecordListQuerySchema } from '@cmp/domain/coupons/coupon-records';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { toCouponRecordFilter, toCouponRecordListQuery } from './coupon-list-queries';
import { COUPON_LISTS, COUPON_PATHS, useCouponsApi } from './coupons-api';
import { CouponDrawer } from './CouponDrawer';
import { useCouponStatusLabel } from './CouponStatusTags';
import { useCouponColumns } from './use-coupon-columns';
import { useRecordSearchFilters } from './use-record-search-filters';

/**
 * The issued coupons (spec M7.1 coupon record list): status list, time range and one search field; a
 * mobile nobody has lists nothing. A coupon opens in a drawer, where operators abandon it.
 */
export default function CouponRecordListPage() {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const statusLabel = useCouponStatusLabel();
  const [open, setOpen] = useState<number | null>(null);
  const onOpen = useCallback((coupon: Coupon) => setOpen(coupon.couponId), []);
  const columns = useCouponColumns(onOpen);
  const statuses = useMemo(
    () => ISSUED_COUPON_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
    [statusLabel],
  );
  const filters = useRecordSearchFilters(statuses);

  return (
    <>
      <SearchTable<Coupon>
        querySchema={CouponRecordListQuerySchema}
        persistKey={COUPON_LISTS.records}
        tenant={tenant}
        rowKey="couponId"
        title={t('records.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => coupons.coupons(toCouponRecordListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${COUPON_PATHS.records}/export`}
            query={toCouponRecordFilter(params)}
            columns={shown}
            fileName="coupon-records"
          />,
        ]}
      />
      <CouponDrawer couponId={open} onClose={() => setOpen(null)} />
    </>
  );
}
