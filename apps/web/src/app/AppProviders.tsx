import { useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the reader asked the system for less motion; followed live, as the setting can change. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches);
}

/** antd's theme and its own texts in the portal's language; no zooming or sliding for who asked for less motion. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('shell');
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={{ token: { motion: !reducedMotion } }}
      // Without this antd spaces out two-character Chinese labels ('保存' renders as '保 存').
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * Language, theme and data cache, as tests wrap a screen. The app itself puts only the data cache around the
 * router; antd's provider comes with the staff layout route, so the public mobile page loads without antd.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AntdProvider>
  );
}
