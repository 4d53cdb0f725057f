import { Suspense } from 'react';
import { App as AntApp, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PageLoading } from '../errors/PageLoading';
import { TaskCenterProvider } from '../tasks/TaskCenter';
import { PortalBreadcrumb } from './PortalBreadcrumb';
import { PortalHeader } from './PortalHeader';
import { SideMenu } from './SideMenu';
import styles from './PortalLayout.module.css';

export function PortalLayout({ tenant }: { tenant: Tenant }) {
  const { pathname } = useLocation();
  // antd's App (messages, modals) lives here, not at the root: the sign-in page need not download it.
  return (
    <AntApp>
      <TaskCenterProvider tenant={tenant}>
        <Layout className={styles.layout}>
          <PortalHeader tenant={tenant} />
          <Layout>
            <Layout.Sider width={220} breakpoint="lg" collapsible theme="light" className={styles.sider}>
              <SideMenu tenant={tenant} />
            </Layout.Sider>
            <Layout.Content className={styles.content}>
              <PortalBreadcrumb />
              <main className={styles.page}>
                <ErrorBoundary resetKey={pathname}>
                  <Suspense fallback={<PageLoading />}>
                    <Outlet />
                  </Suspense>
                </ErrorBoundary>
              </main>
            </Layout.Content>
          </Layout>
        </Layout>
      </TaskCenterProvider>
    </AntApp>
  );
}
