import { Suspense } from 'react';
import { App as AntApp, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PageLoading } from '../errors/PageLoading';
import { TaskCenterProvider } from '../tasks/TaskCenter';
import { PortalBreadcrumb } from './PortalBreadcrumb';
import { PortalHeader } from './PortalHeader';
import { usePrefetchListKit } from './prefetch-screens';
import { SideMenu } from './SideMenu';
import styles from './PortalLayout.module.css';

export function PortalLayout({ tenant }: { tenant: Tenant }) {
  const { pathname } = useLocation();
  usePrefetchListKit();
  // antd's App (messages, modals) lives here, not at the root: the sign-in page need not download it.
  return (
    <AntApp>
      <TaskCenterProvider tenant={tenant}>
        <Layout className={styles.layout}>
          <PortalHeader tenant={tenant} />
          <Layout>
            {/* 240 px holds the longest English group name ("Accounts & relations") with its icon and arrow. */}
            <Layout.Sider width={240} breakpoint="lg" collapsible theme="light" className={styles.sider}>
              <SideMenu tenant={tenant} />
            </Layout.Sider>
            <Layout.Content className={styles.content}>
              <PortalBreadcrumb />
              {/* Layout.Content is the page's one <main>. */}
              <div className={styles.page}>
                <ErrorBoundary resetKey={pathname}>
                  <Suspense fallback={<PageLoading />}>
                    <Outlet />
                  </Suspense>
                </ErrorBoundary>
              </div>
            </Layout.Content>
          </Layout>
        </Layout>
      </TaskCenterProvider>
    </AntApp>
  );
}
