import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AntdProvider } from '../AppProviders';
import { PageLoading } from '../errors/PageLoading';

/**
 * Every staff page (sign-in, chooser, tenant areas, errors) sits under antd's provider. The public mobile page
 * does not, so antd stays out of its first download.
 */
export default function StaffLayout() {
  return (
    <AntdProvider>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AntdProvider>
  );
}
