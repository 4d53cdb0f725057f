import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import {
  ResourceNotificationSaveSchema,
  type ResourceNotification,
  type ResourceNotificationList,
  type ResourceNotificationSave,
} from '@cmp/domain/stations/resource-notification';
import { useTenantApi } from '../../../api/use-tenant-api';

export const notificationsKey = (tenant: string, resourceId: string) =>
  ['stations', tenant, 'notifications', resourceId] as const;

/** What the notification form holds: the show time is one range control. */
export interface NotificationFormValues {
  resourceId: string;
  notification?: string;
  showTime?: [Dayjs, Dayjs] | null;
  range?: string | null;
  url?: string | null;
  type?: string;
}

export function toNotificationRequest(values: NotificationFormValues): ResourceNotificationSave {
  const [begin, end] = values.showTime ?? [];
  return {
    resourceId: values.resourceId,
    notification: values.notification ?? '',
    // The range control is required, so the zeros only stand in while the form is being validated.
    showTimeBegin: begin ? begin.valueOf() : 0,
    showTimeEnd: end ? end.valueOf() : 0,
    range: values.range ?? null,
    url: values.url ?? null,
    type: values.type ?? '',
  };
}

export function useNotificationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (resourceId: string, page: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
        api.get<ResourceNotificationList>(`/stations/${encodeURIComponent(resourceId)}/notifications`, {
          query: page,
          signal,
        }),
      // The contract trims, empties to null and writes `v2g` as `V2G`; the server gets what it would store.
      add: (values: NotificationFormValues) =>
        api.post<ResourceNotification>(
          '/stations/notifications',
          ResourceNotificationSaveSchema.parse(toNotificationRequest(values)),
        ),
      update: (notificationId: number, values: NotificationFormValues) =>
        api.put<ResourceNotification>(
          `/stations/notifications/${notificationId}`,
          ResourceNotificationSaveSchema.parse(toNotificationRequest(values)),
        ),
    }),
    [api],
  );
}
