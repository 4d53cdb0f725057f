import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { createPortalRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createPortalRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
