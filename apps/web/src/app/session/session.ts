import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@cmp/domain';
import { api, ApiError } from '../../api/client';

export const SESSION_KEY = ['session'] as const;

/** The signed-in user, or null when nobody is signed in (a 401 is an answer here, not a failure). */
export async function fetchSession(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity });
}

/** Drops everything cached for the previous user so the next one never sees it. */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  queryClient.setQueryData(SESSION_KEY, null);
}

/**
 * A call answered 401 means the session ended (expired, signed out elsewhere); a 403 password_change_required
 * means the user must change the password first. Either way the session guard takes over.
 */
export function onApiError(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) endSession(queryClient);
  else if (error.code === 'password_change_required') {
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }
}
