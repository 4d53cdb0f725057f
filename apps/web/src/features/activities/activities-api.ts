import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  Activity,
  ActivityCreate,
  ActivityPage,
  ActivityStatusChangeBody,
  ActivityUpdate,
  DiscountOverlaps,
  RewardTimeline,
} from '@cmp/domain/activities/activity-contracts';
import type { TariffCalendar, TariffCalendarQuery } from '@cmp/domain/activities/tariff-calendar';
import type { CouponBatchPage } from '@cmp/domain/coupons/coupon-batches';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The list's name for its saved layout and cached pages. */
export const ACTIVITY_LIST = 'activities';
export const ACTIVITIES_PATH = '/activities';

export const activityKeys = {
  activity: (tenant: string, id: number) => ['activities', tenant, 'activity', id] as const,
  rewards: (tenant: string, id: number) => ['activities', tenant, 'activity', id, 'rewards'] as const,
  overlaps: (tenant: string, id: number) => ['activities', tenant, 'activity', id, 'overlaps'] as const,
  tariffCalendar: (
    tenant: string,
    resourceId: string,
    date: string,
    userRole: string,
    activityId: number | undefined,
  ) => ['activities', tenant, 'tariffCalendar', resourceId, date, userRole, activityId ?? null] as const,
  byName: (tenant: string, name: string) => ['activities', tenant, 'byName', name] as const,
  couponBatchesByName: (tenant: string, name: string) =>
    ['activities', tenant, 'couponBatches', name] as const,
};

/** The activity calls of the tenant whose area the page is in. */
export function useActivitiesApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) => api.get<ActivityPage>(ACTIVITIES_PATH, { query, signal }),
      get: (id: number, signal?: AbortSignal) => api.get<Activity>(`${ACTIVITIES_PATH}/${id}`, { signal }),
      create: (body: ActivityCreate) => api.post<Activity>(ACTIVITIES_PATH, body),
      update: (id: number, body: ActivityUpdate) => api.put<Activity>(`${ACTIVITIES_PATH}/${id}`, body),
      changeStatus: (id: number, body: ActivityStatusChangeBody) =>
        api.post<Activity>(`${ACTIVITIES_PATH}/${id}/update-status`, body),
      rewardTimeline: (id: number, signal?: AbortSignal) =>
        api.get<RewardTimeline>(`${ACTIVITIES_PATH}/${id}/reward-statistics`, { signal }),
      overlaps: (id: number, signal?: AbortSignal) =>
        api.get<DiscountOverlaps>(`${ACTIVITIES_PATH}/${id}/overlaps`, { signal }),
      tariffCalendar: (query: TariffCalendarQuery, signal?: AbortSignal) =>
        api.get<TariffCalendar>(`${ACTIVITIES_PATH}/tariff-calendar`, { query, signal }),
      remove: (id: number, version: number) =>
        api.delete<void>(`${ACTIVITIES_PATH}/${id}`, { query: { version } }),
      /** The reward pickers' search: batches whose coupon or batch name holds the text. */
      couponBatchesByName: (name: string, signal?: AbortSignal) =>
        api.get<CouponBatchPage>('/coupon-batches/by-name', {
          query: name === '' ? {} : { coupon_name: name },
          signal,
        }),
    }),
    [api],
  );
}

export function useActivity(id: number | undefined) {
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  return useQuery({
    queryKey: activityKeys.activity(tenant, id ?? 0),
    queryFn: ({ signal }) => activities.get(id!, signal),
    enabled: id !== undefined,
  });
}
