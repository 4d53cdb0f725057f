import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerateRecord } from '@cmp/domain/coupons/coupon-batches';
import { COUPON_BATCH_STATUSES } from '@cmp/domain/coupons/coupon-statuses';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { toGenerateRecordFilter, toGenerateRecordListQuery } from './coupon-list-queries';
import { COUPON_LISTS, COUPON_PATHS, useCouponsApi } from './coupons-api';
import { GenerateRecordDrawer } from './GenerateRecordDrawer';
import { useGenerateRecordColumns } from './use-generate-record-columns';
import { useRecordSearchFilters } from './use-record-search-filters';
import { GenerateRecordListQuerySchema } from '@cmp/domain/coupons/coupon-batches';

/**
 * The generate records of every batch (spec M3.3.6): the screen filter of status list, one search field
 * (the account's mobile unless chosen) and creation time; a record opens in a drawer with its statistics.
 */
export default function GenerateRecordListPage() {
  const { t } = useTranslation('coupons');
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const label = useEnumLabel();
  const [open, setOpen] = useState<number | null>(null);
  const onOpen = useCallback((record: GenerateRecord) => setOpen(record.generateRecordId), []);
  const columns = useGenerateRecordColumns(onOpen);
  const statuses = useMemo(
    () => COUPON_BATCH_STATUSES.map((value) => ({ value, label: label('couponBatchStatus', value) })),
    [label],
  );
  const filters = useRecordSearchFilters(statuses);

  return (
    <>
      <SearchTable<GenerateRecord>
        querySchema={GenerateRecordListQuerySchema}
        persistKey={COUPON_LISTS.generateRecords}
        tenant={tenant}
        rowKey="generateRecordId"
        title={t('generateRecords.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => coupons.generateRecords(toGenerateRecordListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${COUPON_PATHS.generateRecords}/export`}
            query={toGenerateRecordFilter(params)}
            columns={shown}
            fileName="coupon-generate-records"
          />,
        ]}
      />
      <GenerateRecordDrawer recordId={open} onClose={() => setOpen(null)} />
    </>
  );
}
