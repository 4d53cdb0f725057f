import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ROAD_BOOK_SHARE_PATH } from '@cmp/domain/road-books/share-path';
import { createQueryClient } from './query-client';
import { createPortalRouter } from './router';
import { fetchSession, SESSION_KEY } from './session/session';

/**
 * The data cache, with the session check already on its way: it then runs while the page's chunks load
 * instead of after them. The public mobile page has no session to check.
 */
function createAppQueryClient() {
  const queryClient = createQueryClient();
  if (!window.location.pathname.startsWith(ROAD_BOOK_SHARE_PATH)) {
    void queryClient.prefetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity });
  }
  return queryClient;
}

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(createPortalRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
