import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  BulkResult,
  ForumOperation,
  ForumPost,
  ForumPostDetail,
  ForumPostPage,
  ForumReply,
  ForumReplyPage,
  MatchRule,
  PostMark,
  SensitiveWord,
  SensitiveWordPage,
  SensitiveWordRule,
} from '@cmp/domain/forum/forum-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The lists' names for their saved layouts and their cached pages. */
export const FORUM_POST_LIST = 'forumPosts';
export const FORUM_REPLY_LIST = 'forumReplies';
export const SENSITIVE_WORD_LIST = 'forumSensitiveWords';
export const FORUM = '/forum';

/** The spec's call of each mark (`{postId}/{flag}`). */
const MARK_PATHS: Record<PostMark, string> = {
  'have-read': 'post-have-read',
  publish: 'publish-post',
  recommend: 'recommend-post',
  hide: 'hide-post',
};

export const forumKeys = {
  post: (tenant: string, id: number) => ['forum', tenant, 'post', id] as const,
  operations: (tenant: string, id: number) => ['forum', tenant, 'post', id, 'operations'] as const,
  rule: (tenant: string) => ['forum', tenant, 'rule'] as const,
};

/** The forum calls of the tenant whose area the page is in. */
export function useForumApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      posts: (query: Query, signal?: AbortSignal) =>
        api.get<ForumPostPage>(`${FORUM}/posts`, { query, signal }),
      post: (id: number, signal?: AbortSignal) =>
        api.get<ForumPostDetail>(`${FORUM}/posts/${id}`, { signal }),
      operations: (id: number, signal?: AbortSignal) =>
        api.get<{ items: ForumOperation[] }>(`${FORUM}/posts/${id}/operations`, { signal }),
      mark: (id: number, mark: PostMark, flag: 0 | 1) =>
        api.post<ForumPost>(`${FORUM}/${MARK_PATHS[mark]}/${id}/${flag}`),
      markMany: (postIds: number[], mark: PostMark, flag: 0 | 1) =>
        api.post<BulkResult>(`${FORUM}/posts/marks`, { mark, flag, postIds }),
      replies: (query: Query, signal?: AbortSignal) =>
        api.get<ForumReplyPage>(`${FORUM}/replies`, { query, signal }),
      hideReply: (id: number, flag: 0 | 1) => api.post<ForumReply>(`${FORUM}/hide-reply/${id}/${flag}`),
      hideReplies: (replyIds: number[], flag: 0 | 1) =>
        api.post<BulkResult>(`${FORUM}/replies/hide`, { flag, replyIds }),
      words: (query: Query, signal?: AbortSignal) =>
        api.get<SensitiveWordPage>(`${FORUM}/sensitive-words`, { query, signal }),
      addWord: (word: string) => api.post<SensitiveWord>(`${FORUM}/sensitive-words`, { word }),
      addWords: (words: string[]) =>
        api.post<{ added: number; existing: number }>(`${FORUM}/sensitive-words/bulk`, { words }),
      deleteWord: (id: number) => api.delete<null>(`${FORUM}/sensitive-words/${id}`),
      rule: (signal?: AbortSignal) => api.get<SensitiveWordRule>(`${FORUM}/sensitive-word-rule`, { signal }),
      saveRule: (matchRule: MatchRule) =>
        api.put<SensitiveWordRule>(`${FORUM}/sensitive-word-rule`, { matchRule }),
    }),
    [api],
  );
}

export function useForumPost(id: number | undefined) {
  const tenant = useStationsTenant();
  const forum = useForumApi();
  return useQuery({
    queryKey: forumKeys.post(tenant, id ?? 0),
    queryFn: ({ signal }) => forum.post(id!, signal),
    enabled: id !== undefined,
  });
}
