import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ROAD_BOOK_SHARE_PATH } from '@cmp/domain/road-books/share-path';
import { createQueryClient } from './query-client';
import type { createPortalRouter } from './router';
import { fetchSession, SESSION_KEY } from './session/session';

/**
 * The data cache, with the session check already on its way: it then runs while the page's chunks load
 * instead of after them. The public mobile page has no session to check.
 */
export function createAppQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  if (!window.location.pathname.startsWith(ROAD_BOOK_SHARE_PATH)) {
    void queryClient.prefetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity });
  }
  return queryClient;
}

/**
 * The portal. Its data cache and router are made before the first render (main.tsx): making the router starts
 * loading the matched routes' modules, which then runs while React renders for the first time.
 */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createPortalRouter>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
