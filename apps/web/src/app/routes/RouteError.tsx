import { AntdProvider } from '../AppProviders';
import { RouteErrorPage } from '../errors/RouteErrorPage';

/** The root error boundary's page, with antd's provider: an error can happen before the staff layout renders. */
export default function RouteError() {
  return (
    <AntdProvider>
      <RouteErrorPage />
    </AntdProvider>
  );
}
