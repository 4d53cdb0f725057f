import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import enUSAntd from 'antd/locale/en_US';
import zhCNAntd from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import type { CurrentUser } from '@cmp/domain';
import type { Locale } from '@cmp/domain/messages/format';
import { CurrentUserContext } from '../app/session/current-user';
import enUS from './i18n/en-US';
import zhCN from './i18n/zh-CN';

export function createTestI18n(locale: Locale = 'zh-CN'): I18n {
  const instance = createInstance({
    lng: locale,
    fallbackLng: 'zh-CN',
    ns: ['components'],
    defaultNS: 'components',
    resources: { 'zh-CN': { components: zhCN }, 'en-US': { components: enUS } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance;
}

export interface RenderOptions {
  locale?: Locale;
  /** Initial URL of the memory router, e.g. `/list?status=1`. */
  route?: string;
  /** The signed-in user; an operator of every tenant unless given. */
  currentUser?: CurrentUser;
}

export const TEST_OPERATOR: CurrentUser = {
  userId: 1,
  userName: 'test-operator',
  displayName: 'Test Operator',
  outerUserId: null,
  mail: null,
  mobilePhoneNumber: null,
  roles: [
    { tenant: 'nio', role: 'operator' },
    { tenant: 'pe', role: 'operator' },
    { tenant: 'rsc', role: 'operator' },
  ],
  tenants: ['nio', 'pe', 'rsc'],
  mustChangePassword: false,
  systemAdmin: false,
};

/** The URL the router currently shows, kept up to date by a probe inside the router. */
export interface LocationRef {
  pathname: string;
  search: string;
}

function LocationProbe({ into }: { into: LocationRef }) {
  const location = useLocation();
  into.pathname = location.pathname;
  into.search = location.search;
  return null;
}

/**
 * The providers the shell gives every page, built fresh per test: i18n with our namespace, antd's locale
 * (and `autoInsertSpace: false`, without which antd renders 保存 as 保 存), a router and a query client that
 * does not retry, so error states show at once.
 */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'zh-CN', route = '/', currentUser = TEST_OPERATOR }: RenderOptions = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup>; location: LocationRef } {
  const i18n = createTestI18n(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location: LocationRef = { pathname: '', search: '' };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale === 'en-US' ? enUSAntd : zhCNAntd} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={queryClient}>
          <CurrentUserContext.Provider value={currentUser}>
            <MemoryRouter initialEntries={[route]}>
              {children}
              <LocationProbe into={location} />
            </MemoryRouter>
          </CurrentUserContext.Provider>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
  const user = userEvent.setup();
  return Object.assign(render(ui, { wrapper }), { user, location });
}
