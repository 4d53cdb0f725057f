import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type {
  DeliveryState,
  PushBatch,
  PushBatchDetail,
  PushBatchFields,
  PushBatchPage,
  PushNotification,
  PushNotificationCreate,
  PushReceipt,
  PushRecipientPage,
} from '@cmp/domain/push-messages/push-messages';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The push batch list's name for its saved layout and its cached pages. */
export const PUSH_BATCH_LIST = 'pushBatches';
export const PUSH_BATCHES = '/push-batches';

export const pushBatchKeys = {
  all: (tenant: string, id: number) => ['pushBatches', tenant, id] as const,
  detail: (tenant: string, id: number) => ['pushBatches', tenant, id, 'detail'] as const,
  recipients: (tenant: string, id: number, state: DeliveryState | 'all', pageNo: number) =>
    ['pushBatches', tenant, id, 'recipients', state, pageNo] as const,
};

/** The sheet template the recipient import reads: the coupon import's, headed 手机号 or 账号. */
export const recipientTemplateUrl = (tenant: string, idType: 'mobile' | 'accountId') =>
  `/api/${tenant}/coupons/recipient-imports/template?idType=${idType}`;

/** The push message calls of the tenant whose area the page is in. */
export function usePushMessagesApi() {
  const api = useTenantApi();
  return useMemo(() => {
    const of = (id: number) => `${PUSH_BATCHES}/${id}`;
    return {
      list: (query: Query, signal?: AbortSignal) => api.get<PushBatchPage>(PUSH_BATCHES, { query, signal }),
      get: (id: number, signal?: AbortSignal) => api.get<PushBatchDetail>(of(id), { signal }),
      create: (body: PushBatchFields) => api.post<PushBatch>(PUSH_BATCHES, body),
      update: (id: number, body: PushBatchFields & { version: number }) => api.put<PushBatch>(of(id), body),
      recipients: (id: number, state: DeliveryState | 'all', pageNo: number, signal?: AbortSignal) =>
        api.get<PushRecipientPage>(`${of(id)}/recipients`, {
          query: { pageNo, pageSize: DEFAULT_PAGE_SIZE, ...(state === 'all' ? {} : { state }) },
          signal,
        }),
      add: (id: number, accountId: string) => api.post<null>(`${of(id)}/recipients`, { accountId }),
      remove: (id: number, accountId: string) =>
        api.delete<null>(`${of(id)}/recipients/${encodeURIComponent(accountId)}`),
      empty: (id: number, version: number) => api.post<PushBatch>(`${of(id)}/recipients/empty`, { version }),
      upload: (id: number, file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.post<PushReceipt>(`${of(id)}/recipients/import`, form);
      },
      schedule: (id: number, pushAt: number | null, version: number) =>
        api.put<PushBatch>(`${of(id)}/schedule`, { pushAt, version }),
      pushAll: (id: number, version: number) => api.post<PushReceipt>(`${of(id)}/push-all`, { version }),
      retry: (id: number, version: number) => api.post<PushReceipt>(`${of(id)}/retry`, { version }),
      pushOne: (id: number, accountId: string) =>
        api.post<PushReceipt>(`${of(id)}/recipients/${encodeURIComponent(accountId)}/push`),
      notify: (body: PushNotificationCreate) => api.post<PushNotification>('/push-notifications', body),
    };
  }, [api]);
}

export function usePushBatch(id: number | undefined) {
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  return useQuery({
    queryKey: pushBatchKeys.detail(tenant, id ?? 0),
    queryFn: ({ signal }) => batches.get(id!, signal),
    enabled: id !== undefined,
    // A push in progress moves the counts: read them again until it ends.
    refetchInterval: (query) => (query.state.data?.status === 'pushing' ? 1_000 : false),
  });
}
