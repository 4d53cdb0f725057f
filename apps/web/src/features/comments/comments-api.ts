import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CommentMarkAction } from '@cmp/domain/comments/comment-actions';
import type {
  Comment,
  CommentAccountRequest,
  CommenterAccount,
  CommentListRequest,
  CommentOperationPage,
  CommentOperationRequest,
  CommentPage,
  CommentSummary,
  OfficialReplyCreate,
  OfficialReplyEdit,
} from '@cmp/domain/comments/comment-contracts';
import type {
  CommentVendor,
  CommentVendorSave,
  CommentVendorSecret,
} from '@cmp/domain/comments/comment-vendors';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { OPERATION_LIST } from '../worksheets/worksheets-api';
import { useStationsTenant } from '../../components/lookups';

/** The comment list's name for its saved layout and its cached pages. */
export const COMMENT_LIST = 'comments';

export interface CommentBatchMarkResult {
  changed: number;
  unchanged: number;
}

export const commentKeys = {
  all: (tenant: string) => ['comments', tenant] as const,
  detail: (tenant: string, commentaryId: number) => ['comments', tenant, 'detail', commentaryId] as const,
  operations: (tenant: string, commentaryId: number) =>
    ['comments', tenant, 'operations', commentaryId] as const,
  account: (tenant: string, accountId: string) => ['comments', tenant, 'account', accountId] as const,
  ofStation: (tenant: string, request: CommentListRequest) =>
    ['comments', tenant, 'station', request] as const,
  summary: (tenant: string, resourceId: string) => ['comments', tenant, 'summary', resourceId] as const,
  vendors: (tenant: string) => ['comments', tenant, 'vendors'] as const,
};

const at = (id: number | string) => encodeURIComponent(String(id));

/** The comment calls of the tenant whose area the page is in. */
export function useCommentsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      search: (request: CommentListRequest, signal?: AbortSignal) =>
        api.post<CommentPage>('/comments/search', request, { signal }),
      get: (commentaryId: number, signal?: AbortSignal) =>
        api.get<Comment>(`/comments/${at(commentaryId)}`, { signal }),
      mark: (commentaryId: number, action: CommentMarkAction) =>
        api.post<Comment>(`/comments/${at(commentaryId)}/mark`, { action }),
      batchMark: (commentaryIds: number[], action: CommentMarkAction) =>
        api.post<CommentBatchMarkResult>('/comments/batch-mark', { commentaryIds, action }),
      createReply: (request: OfficialReplyCreate) => api.post<Comment>('/comments/official-replies', request),
      editReply: (replyId: number, request: OfficialReplyEdit) =>
        api.put<Comment>(`/comments/official-replies/${at(replyId)}`, request),
      operations: (request: CommentOperationRequest, signal?: AbortSignal) =>
        api.post<CommentOperationPage>('/comments/operations', request, { signal }),
      account: (accountId: string, signal?: AbortSignal) =>
        api.get<CommenterAccount>(`/comments/accounts/${at(accountId)}`, { signal }),
      accountComments: (request: CommentAccountRequest, signal?: AbortSignal) =>
        api.post<CommentPage>('/comments/account', request, { signal }),
      summary: (resourceId: string, signal?: AbortSignal) =>
        api.get<CommentSummary>('/comments/summary', { query: { resource_id: resourceId }, signal }),
      vendors: (signal?: AbortSignal) =>
        api.get<{ items: CommentVendor[] }>('/comment-vendors', { signal }).then((answer) => answer.items),
      createVendor: (request: CommentVendorSave) =>
        api.post<CommentVendorSecret>('/comment-vendors', request),
      updateVendor: (applicationId: string, request: CommentVendorSave) =>
        api.put<CommentVendor>(`/comment-vendors/${at(applicationId)}`, request),
      removeVendor: (applicationId: string) => api.delete<void>(`/comment-vendors/${at(applicationId)}`),
      rotateSecret: (applicationId: string) =>
        api.post<CommentVendorSecret>(`/comment-vendors/${at(applicationId)}/rotate-secret`),
    }),
    [api],
  );
}

/**
 * After a mark or a reply: the comment as the server answered it, and every view that shows it (the list,
 * a station's comments and summary, the comment's history, the operations list's focused counts).
 */
export function useRefreshAfterCommentChange(): (changed?: Comment) => Promise<void> {
  const queryClient = useQueryClient();
  const tenant = useStationsTenant();
  return useCallback(
    async (changed?: Comment) => {
      if (changed) queryClient.setQueryData(commentKeys.detail(tenant, changed.commentaryId), changed);
      await Promise.all([
        // The detail just set is current; the other comment views are not.
        queryClient.invalidateQueries({
          queryKey: commentKeys.all(tenant),
          predicate: (query) => query.queryKey[2] !== 'detail' || changed === undefined,
        }),
        queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, COMMENT_LIST) }),
        queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, OPERATION_LIST) }),
      ]);
    },
    [queryClient, tenant],
  );
}
