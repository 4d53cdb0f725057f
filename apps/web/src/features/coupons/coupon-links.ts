import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const couponBatchListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('couponBatches'));

/** One batch's page (`?id=`): its fields, counters, generate records, codes, sending and abandoning. */
export const couponBatchDetailPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('couponBatchDetail')}?id=${id}`);

/** The generate record list, filtered to one batch through the screen's search field when given. */
export const generateRecordListPath = (tenant: Tenant, couponBatchId?: number): string =>
  tenantPath(
    tenant,
    areaPath('couponGenerateRecords') +
      (couponBatchId === undefined ? '' : `?searchInputSelect=couponBatchId&searchInput=${couponBatchId}`),
  );
