import type { ReactElement } from 'react';
import type { CurrentUser } from '@cmp/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { CurrentUserContext } from '../../../app/session/current-user';
import { TEST_OPERATOR } from '../../../components/test-utils';

/** A detail tab as the station detail page hosts it: in a tenant area, with the portal's providers. */
export function renderTab(
  ui: ReactElement,
  path = '/cmp-app/nio/resources/charge-station?resourceId=CS-1',
  currentUser: CurrentUser = TEST_OPERATOR,
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <App>
        <CurrentUserContext.Provider value={currentUser}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </CurrentUserContext.Provider>
      </App>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}
