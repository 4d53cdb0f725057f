import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  GroupChat,
  GroupChatCreate,
  GroupChatPage,
  GroupChatUpdate,
  GroupMemberPage,
  GroupNotice,
  GroupNotify,
  GroupNotifyReceipt,
  GroupState,
} from '@cmp/domain/chats/group-chats';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The group chat list's name for its saved layout and its cached pages. */
export const GROUP_CHAT_LIST = 'groupChats';
export const GROUP_CHATS = '/group-chats';

export const groupChatKeys = {
  all: (tenant: string, id: number) => ['groupChats', tenant, id] as const,
  detail: (tenant: string, id: number) => ['groupChats', tenant, id, 'detail'] as const,
  members: (tenant: string, id: number, pageNo: number) =>
    ['groupChats', tenant, id, 'members', pageNo] as const,
  notices: (tenant: string, id: number) => ['groupChats', tenant, id, 'notices'] as const,
};

/** The group chat calls of the tenant whose area the page is in. */
export function useGroupChatsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) => api.get<GroupChatPage>(GROUP_CHATS, { query, signal }),
      get: (id: number, signal?: AbortSignal) => api.get<GroupChat>(`${GROUP_CHATS}/${id}`, { signal }),
      create: (body: GroupChatCreate) => api.post<GroupChat>(GROUP_CHATS, body),
      update: (id: number, body: GroupChatUpdate) => api.put<GroupChat>(`${GROUP_CHATS}/${id}`, body),
      move: (id: number, chatStatus: GroupState, version: number) =>
        api.post<GroupChat>(`${GROUP_CHATS}/${id}/status`, { chatStatus, version }),
      members: (id: number, pageNo: number, signal?: AbortSignal) =>
        api.get<GroupMemberPage>(`${GROUP_CHATS}/${id}/members`, {
          query: { pageNo, pageSize: DEFAULT_PAGE_SIZE },
          signal,
        }),
      notify: (id: number, body: GroupNotify) =>
        api.post<GroupNotifyReceipt>(`${GROUP_CHATS}/${id}/app-notify`, body),
      notices: (id: number, signal?: AbortSignal) =>
        api.get<{ items: GroupNotice[] }>(`${GROUP_CHATS}/${id}/notices`, { signal }),
    }),
    [api],
  );
}

export function useGroupChat(id: number | undefined) {
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  return useQuery({
    queryKey: groupChatKeys.detail(tenant, id ?? 0),
    queryFn: ({ signal }) => groups.get(id!, signal),
    enabled: id !== undefined,
  });
}
