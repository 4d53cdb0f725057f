import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  CouponBatch,
  CouponBatchCreateInput,
  CouponBatchPage,
  GenerateRecord,
  GenerateRecordCreateInput,
  GenerateRecordPage,
  GenerateRecordStatistics,
} from '@cmp/domain/coupons/coupon-batches';
import type {
  Coupon,
  CouponAbandon,
  CouponAbandonPage,
  CouponAbandonRecord,
  CouponBatchSend,
  CouponCustomTagPage,
  CouponPage,
  CouponSend,
  CouponSendResultSchema,
} from '@cmp/domain/coupons/coupon-records';
import { MAX_PAGE_SIZE } from '@cmp/domain/platform/paging';
import type { z } from 'zod';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

export type CouponSendResult = z.infer<typeof CouponSendResultSchema>;

/** The lists' names for their saved layouts and cached pages. */
export const COUPON_LISTS = {
  batches: 'couponBatches',
  generateRecords: 'couponGenerateRecords',
  records: 'couponRecords',
  deliveries: 'couponDeliveries',
  abandonRecords: 'couponAbandonRecords',
} as const;

export const COUPON_PATHS = {
  batches: '/coupon-batches',
  generateRecords: '/coupon-generate-records',
  records: '/coupons',
  deliveries: '/coupon-deliveries',
  abandonRecords: '/coupon-abandon-records',
  customTags: '/coupon-custom-tags',
} as const;

export const couponKeys = {
  batch: (tenant: string, id: number) => ['coupons', tenant, 'batch', id] as const,
  batchRecords: (tenant: string, id: number) => ['coupons', tenant, 'batchRecords', id] as const,
  record: (tenant: string, id: number) => ['coupons', tenant, 'generateRecord', id] as const,
  statistics: (tenant: string, id: number) => ['coupons', tenant, 'statistics', id] as const,
  coupon: (tenant: string, id: number) => ['coupons', tenant, 'coupon', id] as const,
  customTags: (tenant: string) => ['coupons', tenant, 'customTags'] as const,
};

/** A running generation is read again this often. */
export const FOLLOW_MS = 1_500;

/** The coupon calls of the tenant whose area the page is in. */
export function useCouponsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      batches: (query: Query, signal?: AbortSignal) =>
        api.get<CouponBatchPage>(COUPON_PATHS.batches, { query, signal }),
      batch: (id: number, signal?: AbortSignal) =>
        api.get<CouponBatch>(`${COUPON_PATHS.batches}/${id}`, { signal }),
      createBatch: (body: CouponBatchCreateInput) => api.post<CouponBatch>(COUPON_PATHS.batches, body),
      generate: (id: number, body: GenerateRecordCreateInput) =>
        api.post<GenerateRecord>(`${COUPON_PATHS.batches}/${id}/generate-records`, body),
      generateRecords: (query: Query, signal?: AbortSignal) =>
        api.get<GenerateRecordPage>(COUPON_PATHS.generateRecords, { query, signal }),
      generateRecord: (id: number, signal?: AbortSignal) =>
        api.get<GenerateRecord>(`${COUPON_PATHS.generateRecords}/${id}`, { signal }),
      statistics: (id: number, signal?: AbortSignal) =>
        api.get<GenerateRecordStatistics>(`${COUPON_PATHS.generateRecords}/${id}/statistics`, { signal }),
      customTags: (signal?: AbortSignal) =>
        api.get<CouponCustomTagPage>(COUPON_PATHS.customTags, { query: { pageSize: MAX_PAGE_SIZE }, signal }),
      send: (body: CouponSend) => api.post<CouponSendResult>(`${COUPON_PATHS.records}/send`, body),
      batchSend: (body: CouponBatchSend) =>
        api.post<{ jobId: number }>(`${COUPON_PATHS.records}/batch-send`, body),
      /** The fields go before the file: the server reads them while the file streams. */
      importRecipients: (couponBatchId: number, amount: number, file: File) => {
        const form = new FormData();
        form.append('couponBatchId', String(couponBatchId));
        form.append('amount', String(amount));
        form.append('file', file);
        return api.post<{ jobId: number }>(`${COUPON_PATHS.records}/recipient-imports`, form);
      },
      coupons: (query: Query, signal?: AbortSignal) =>
        api.get<CouponPage>(COUPON_PATHS.records, { query, signal }),
      coupon: (id: number, signal?: AbortSignal) =>
        api.get<Coupon>(`${COUPON_PATHS.records}/${id}`, { signal }),
      deliveries: (query: Query, signal?: AbortSignal) =>
        api.get<CouponPage>(COUPON_PATHS.deliveries, { query, signal }),
      abandon: (body: CouponAbandon) =>
        api.post<CouponAbandonRecord>(`${COUPON_PATHS.records}/abandon`, body),
      abandonRecords: (query: Query, signal?: AbortSignal) =>
        api.get<CouponAbandonPage>(COUPON_PATHS.abandonRecords, { query, signal }),
    }),
    [api],
  );
}

export function useCouponBatch(id: number | undefined) {
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  return useQuery({
    queryKey: couponKeys.batch(tenant, id ?? 0),
    queryFn: ({ signal }) => coupons.batch(id!, signal),
    enabled: id !== undefined,
  });
}

/** The tenant's custom tags, the choices of a batch's tags and of its use range. */
export function useCouponCustomTags() {
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  return useQuery({
    queryKey: couponKeys.customTags(tenant),
    queryFn: ({ signal }) => coupons.customTags(signal).then((page) => page.items),
    staleTime: 60_000,
  });
}
