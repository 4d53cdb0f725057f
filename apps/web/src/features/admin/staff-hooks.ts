import type { Tenant } from '@cmp/domain';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { describeErrorWithFields } from '../../api/describe-error';
import { searchTableQueryKey } from '../../components';
import { tenantOfPath } from '../../app/paths';

/** The staff list's name for its saved layout and its cached pages. */
export const STAFF_LIST = 'admin.staff';

export const staffQueryKey = (userId: number) => ['admin', 'staff', userId] as const;

export interface IssuedPassword {
  userName: string;
  password: string;
}

/** The tenant whose area shows the list: it keys the list's saved columns and cached pages. */
export function useListTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('the staff screen is used outside a tenant area');
  return tenant;
}

export function useRefreshStaffList(): () => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useListTenant();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, STAFF_LIST) }),
    [queryClient, tenant],
  );
}

/** A failed call as the message a form or a notice shows, in the user's language. */
export function useStaffError(): (error: unknown) => Error {
  const { t, i18n } = useTranslation('admin');
  return useCallback(
    (error: unknown) =>
      new Error(
        error instanceof ApiError && error.code === 'conflict'
          ? t('error.userNameTaken')
          : describeErrorWithFields(i18n, error),
      ),
    [t, i18n],
  );
}
