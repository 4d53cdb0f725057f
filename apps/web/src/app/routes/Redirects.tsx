import { Navigate, useLocation } from 'react-router';
import { entryTenant, legacyTarget } from '../legacy-routes';
import { lastTenant } from '../last-tenant';
import { PORTAL_BASE, tenantHome } from '../paths';
import { useCurrentUser } from '../session/current-user';

/** `/index` and `/main`: the home of the area last used, or the chooser when there is none to go back to. */
export function MainRedirect() {
  const user = useCurrentUser();
  const last = lastTenant();
  const to = last && user.tenants.includes(last) ? tenantHome(last) : PORTAL_BASE;
  return <Navigate to={to} replace />;
}

/** An old tenant-less link: its screen in the current (last used) area, with its query string. */
export function LegacyRedirect({ areaKey }: { areaKey: string }) {
  const user = useCurrentUser();
  const { search } = useLocation();
  const tenant = entryTenant(user, lastTenant());
  return <Navigate to={tenant ? legacyTarget(areaKey, search, tenant) : PORTAL_BASE} replace />;
}
