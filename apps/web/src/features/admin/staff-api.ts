import type { CreateStaffUserRequest, Page, StaffUser, UpdateStaffUserRequest } from '@cmp/domain';
import { api } from '../../api/client';
import type { SearchTableParams } from '../../components';

// Staff administration is not tenant-scoped on the server: one account may work in several tenants.

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The list's filters and order, named as the search form names them: what the list and its export send. */
export const staffListQuery = (params: SearchTableParams) => ({
  sort: params.sort,
  keyword: text(params.keyword),
  tenant: text(params.tenant),
  disabled: text(params.disabled),
});

export const STAFF_EXPORT_PATH = '/api/admin/users/export';

export const listStaff = (params: SearchTableParams, signal?: AbortSignal) =>
  api.get<Page<StaffUser>>('/admin/users', {
    query: { pageNo: params.pageNo, pageSize: params.pageSize, ...staffListQuery(params) },
    signal,
  });

export const getStaff = (userId: number, signal?: AbortSignal) =>
  api.get<StaffUser>(`/admin/users/${userId}`, { signal });

export const createStaff = (request: CreateStaffUserRequest) =>
  api.post<{ user: StaffUser; initialPassword: string | null }>('/admin/users', request);

export const updateStaff = (userId: number, request: UpdateStaffUserRequest) =>
  api.patch<StaffUser>(`/admin/users/${userId}`, request);

export const setStaffDisabled = (userId: number, disabled: boolean) =>
  api.post<StaffUser>(`/admin/users/${userId}/${disabled ? 'disable' : 'enable'}`);

/** Without a password the server makes one up; either way it is answered once and never again. */
export const resetStaffPassword = (userId: number) =>
  api.post<{ password: string }>(`/admin/users/${userId}/reset-password`, {});
