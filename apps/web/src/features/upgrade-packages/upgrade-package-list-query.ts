import {
  UPGRADE_PACKAGE_STATUS_VALUES,
  UPGRADE_PACKAGE_TYPES,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const isType = (value: unknown): boolean => (UPGRADE_PACKAGE_TYPES as readonly unknown[]).includes(value);
const isStatus = (value: unknown): boolean =>
  (UPGRADE_PACKAGE_STATUS_VALUES as readonly unknown[]).includes(Number(value)) && value !== '';

/**
 * The search form's values as the list's filter: type, status, a part of the version, and the order;
 * only what is set.
 */
export function toUpgradePackageFilter(params: SearchTableParams): Query {
  const filter: Query = {
    packageType: isType(params.packageType) ? String(params.packageType) : undefined,
    status: isStatus(params.status) ? Number(params.status) : undefined,
    version: text(params.version),
    sort: params.sort,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** `GET /upgrade-packages`: the filter with the page asked for. */
export const toUpgradePackageListQuery = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toUpgradePackageFilter(params),
});
