import {
  PublicRoadBookErrorSchema,
  PublicRoadBookResponseSchema,
  type PublicRoadBookData,
} from '@cmp/domain/road-books/road-book';

/** What the mobile fetch gives: the road book and its route, or the spec's 'not data' (§8). */
export type PublicRoadBookResult =
  { result_code: 'success'; data: PublicRoadBookData } | { result_code: 'error'; message: string };

export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

/**
 * The shared road book by its token, without a session. An unknown or revoked token is an answer, not a
 * failure: the server says `result_code: 'error'` with 'not data', and the page shows that state. Anything
 * else (network, server error) throws, so the page can offer a retry.
 */
export async function fetchPublicRoadBook(
  token: string,
  signal?: AbortSignal,
): Promise<PublicRoadBookResult> {
  const response = await fetch(`/api/public/road-books/${encodeURIComponent(token)}`, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  const found = PublicRoadBookResponseSchema.safeParse(body);
  if (response.ok && found.success) return found.data;
  const notData = PublicRoadBookErrorSchema.safeParse(body);
  if (notData.success) return notData.data;
  throw new PublicFetchError(response.statusText || `HTTP ${response.status}`);
}
