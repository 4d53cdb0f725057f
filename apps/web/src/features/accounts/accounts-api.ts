import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  AccountSearchPage,
  AccountSearchRequest,
  PlatformAccount,
} from '@cmp/domain/accounts/account-contracts';
import type {
  PersonalCarList,
  PersonalCarListRequest,
  PersonalCarPage,
} from '@cmp/domain/accounts/car-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useAccountsTenant } from './account-links';

/** The personal car list's name for its saved layout and its cached pages. */
export const PERSONAL_CAR_LIST = 'personal-cars';

export const accountKeys = {
  search: (tenant: string, request: AccountSearchRequest) => ['accounts', tenant, 'search', request] as const,
  detail: (tenant: string, accountId: string) => ['accounts', tenant, 'detail', accountId] as const,
  cars: (tenant: string, accountId: string) => ['accounts', tenant, 'cars', accountId] as const,
};

const at = (id: string) => encodeURIComponent(id);

/** The account calls of the tenant whose area the page is in. */
export function useAccountsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      search: (request: AccountSearchRequest, signal?: AbortSignal) =>
        api.get<AccountSearchPage>('/accounts', { query: request as Query, signal }),
      get: (accountId: string, signal?: AbortSignal) =>
        api.get<PlatformAccount>(`/accounts/${at(accountId)}`, { signal }),
      cars: (accountId: string, signal?: AbortSignal) =>
        api.get<PersonalCarList>(`/accounts/${at(accountId)}/cars`, { signal }),
      carList: (request: PersonalCarListRequest, signal?: AbortSignal) =>
        api.get<PersonalCarPage>('/personal-cars', { query: request as Query, signal }),
    }),
    [api],
  );
}

export function useAccount(accountId: string | undefined) {
  const tenant = useAccountsTenant();
  const accounts = useAccountsApi();
  return useQuery({
    queryKey: accountKeys.detail(tenant, accountId ?? ''),
    queryFn: ({ signal }) => accounts.get(accountId!, signal),
    enabled: accountId !== undefined,
  });
}

export function useAccountCars(accountId: string) {
  const tenant = useAccountsTenant();
  const accounts = useAccountsApi();
  return useQuery({
    queryKey: accountKeys.cars(tenant, accountId),
    queryFn: ({ signal }) => accounts.cars(accountId, signal).then((answer) => answer.items),
  });
}
