import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Language, theme and data cache around the router; antd's own texts follow the portal's language. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      // Without this antd spaces out two-character Chinese labels ('保存' renders as '保 存').
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
