import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorResult } from './ErrorResult';
import { NotFoundPage } from './NotFoundPage';

/** Last line of defence for anything the shell itself throws: a readable message and a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorResult error={error} onRetry={() => window.location.reload()} />;
}
