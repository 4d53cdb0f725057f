import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';

/** The whole portal (real routes, providers and i18n) at `path`, with fetch faked by the caller. */
export function renderPortal(path: string) {
  const queryClient = createQueryClient();
  // Tests should see a failure at once rather than after retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient, i18n };
}

/** Where the router is now, path and query. */
export const currentUrl = (router: ReturnType<typeof createMemoryRouter>): string =>
  router.state.location.pathname + router.state.location.search;
