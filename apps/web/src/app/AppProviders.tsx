import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** antd's theme and its own texts in the portal's language. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('shell');
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
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
