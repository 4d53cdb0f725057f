import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Page, Tenant } from '@cmp/domain';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import type {
  EquipmentOwner,
  Operator,
  OperatorCreateRequest,
  OperatorDetail,
  OperatorUpdateRequest,
  SubOperator,
} from '@cmp/domain/stations/operators';
import { useDescribeError } from '../../api/describe-error';
import { useTenantApi } from '../../api/use-tenant-api';
import { findArea } from '../../app/areas';
import { tenantOfPath, tenantPath } from '../../app/paths';
import type { SearchTableParams } from '../../components';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A list's filter and order, named as its search form names them: what the list and its export send. */
export const keywordQuery = (params: SearchTableParams) => ({
  sort: params.sort,
  keyword: text(params.keyword),
});
export const operatorQuery = (params: SearchTableParams) => ({
  ...keywordQuery(params),
  equipmentOwnerId: text(params.equipmentOwnerId),
});

export const exportPath = (tenant: Tenant, list: 'operators' | 'equipment-owners' | 'sub-operators') =>
  `/api/${tenant}/${list}/export`;

export const operatorKeys = {
  all: (tenant: Tenant) => ['operators', tenant] as const,
  detail: (tenant: Tenant, operatorId: string) => ['operators', tenant, 'detail', operatorId] as const,
  stations: (tenant: Tenant, operatorId: string, pageNo: number) =>
    ['operators', tenant, 'stations', operatorId, pageNo] as const,
  owners: (tenant: Tenant) => ['operators', tenant, 'owner-options'] as const,
};

/** At most this many owners fill the editor's select; it searches them on the client. */
const OWNER_OPTIONS_LIMIT = 1000;

export function useOperatorsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      operators: (params: SearchTableParams, signal?: AbortSignal) =>
        api.get<Page<Operator>>('/operators', {
          query: { pageNo: params.pageNo, pageSize: params.pageSize, ...operatorQuery(params) },
          signal,
        }),
      equipmentOwners: (params: SearchTableParams, signal?: AbortSignal) =>
        api.get<Page<EquipmentOwner>>('/equipment-owners', {
          query: { pageNo: params.pageNo, pageSize: params.pageSize, ...keywordQuery(params) },
          signal,
        }),
      ownerOptions: (signal?: AbortSignal) =>
        api.get<Page<EquipmentOwner>>('/equipment-owners', {
          query: { pageNo: 1, pageSize: OWNER_OPTIONS_LIMIT },
          signal,
        }),
      subOperators: (params: SearchTableParams, signal?: AbortSignal) =>
        api.get<Page<SubOperator>>('/sub-operators', {
          query: { pageNo: params.pageNo, pageSize: params.pageSize, ...keywordQuery(params) },
          signal,
        }),
      get: (operatorId: string, signal?: AbortSignal) =>
        api.get<OperatorDetail>(`/operators/${encodeURIComponent(operatorId)}`, { signal }),
      stations: (operatorId: string, pageNo: number, signal?: AbortSignal) =>
        api.get<Page<OperationListItem>>(`/operators/${encodeURIComponent(operatorId)}/stations`, {
          query: { pageNo, pageSize: 20, sort: 'resourceName:asc' },
          signal,
        }),
      create: (request: OperatorCreateRequest) => api.post<OperatorDetail>('/operators', request),
      update: (operatorId: string, request: OperatorUpdateRequest) =>
        api.put<OperatorDetail>(`/operators/${encodeURIComponent(operatorId)}`, request),
    }),
    [api],
  );
}

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const operatorDetailPath = (tenant: Tenant, operatorId: string): string =>
  tenantPath(tenant, `${areaPath('operatorDetail')}?operatorId=${encodeURIComponent(operatorId)}`);

export const operatorListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('operators'));

/** The tenant of the current page; the operator screens key their queries and saved layouts with it. */
export function useOperatorsTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('an operator screen is used outside a tenant area');
  return tenant;
}

/** A refused save as an Error the editor shows, in the reader's language (the rule the server names). */
export function useOperatorSaveError(): (error: unknown) => Error {
  const describe = useDescribeError();
  return useCallback((error: unknown) => new Error(describe(error)), [describe]);
}
