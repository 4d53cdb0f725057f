import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CrowdsourcedListRequest,
  CrowdsourcedStation,
  CrowdsourcedStationDetail,
  CrowdsourcedStationPage,
  ReportOnline,
  ReportReview,
  ReportUpdate,
  StaffReport,
} from '@cmp/domain/stations/crowdsourced-stations';
import type { ReporterAccount } from '@cmp/domain/accounts/user-chargers';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';

/** The report list's name for its saved layout and its cached pages; the queue is a view of it. */
export const CROWDSOURCED_LIST = 'crowdsourced-stations';
export const CROWDSOURCED_QUEUE = 'crowdsourced-review-queue';

export const crowdsourcedKeys = {
  all: (tenant: string) => ['crowdsourced-stations', tenant] as const,
  detail: (tenant: string, objectId: string) =>
    ['crowdsourced-stations', tenant, 'detail', objectId] as const,
  ofAccount: (tenant: string, request: CrowdsourcedListRequest) =>
    ['crowdsourced-stations', tenant, 'account', request] as const,
  reporter: (tenant: string, accountId: string) => ['reporter-accounts', tenant, accountId] as const,
};

export interface OnlineAnswer {
  report: CrowdsourcedStation;
  resourceId: string;
}

/** The report calls of the tenant whose area the page is in. */
export function useCrowdsourcedApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      search: (request: CrowdsourcedListRequest, signal?: AbortSignal) =>
        api.post<CrowdsourcedStationPage>('/crowdsourced-stations/search', request, { signal }),
      detail: (objectId: string, signal?: AbortSignal) =>
        api.get<CrowdsourcedStationDetail>(`/crowdsourced-stations/${encodeURIComponent(objectId)}`, {
          signal,
        }),
      create: (report: StaffReport) => api.post<CrowdsourcedStation>('/crowdsourced-stations', report),
      update: (objectId: string, report: ReportUpdate) =>
        api.put<CrowdsourcedStation>(`/crowdsourced-stations/${encodeURIComponent(objectId)}`, report),
      remove: (objectId: string, version: number) =>
        api.delete<void>(`/crowdsourced-stations/${encodeURIComponent(objectId)}?version=${version}`),
      review: (objectId: string, review: ReportReview) =>
        api.post<CrowdsourcedStation>(
          `/crowdsourced-stations/${encodeURIComponent(objectId)}/review`,
          review,
        ),
      online: (objectId: string, online: ReportOnline) =>
        api.post<OnlineAnswer>(`/crowdsourced-stations/${encodeURIComponent(objectId)}/online`, online),
      reporter: (accountId: string, signal?: AbortSignal) =>
        api.post<ReporterAccount>('/reporter-accounts/profile', { account_id: accountId }, { signal }),
    }),
    [api],
  );
}

/** After any change of a report: the list, the queue, every detail and account view of reports. */
export function useRefreshAfterReportChange(): () => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useStationsTenant();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: crowdsourcedKeys.all(tenant) }),
      queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, CROWDSOURCED_LIST) }),
      queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, CROWDSOURCED_QUEUE) }),
    ]);
  }, [queryClient, tenant]);
}
