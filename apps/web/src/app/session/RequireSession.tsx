import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPathFor } from '../paths';
import { CurrentUserContext } from './current-user';
import { useSession } from './session';
import { PageLoading } from '../errors/PageLoading';
import { ErrorResult } from '../errors/ErrorResult';
import { Watermark } from '../layout/Watermark';

/** Checks the session once on load; sends signed-out users (and those owing a password change) to sign in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageLoading />;
  if (session.isError) return <ErrorResult error={session.error} onRetry={() => void session.refetch()} />;
  const user = session.data;
  if (!user || user.mustChangePassword) {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return (
    <CurrentUserContext.Provider value={user}>
      <Outlet />
      <Watermark userName={user.userName} />
    </CurrentUserContext.Provider>
  );
}
