import { useLocation } from 'react-router';
import { tenantOfPath } from '../paths';
import { useCurrentUser } from './current-user';
import { hasRole } from './roles';

/**
 * Whether the user may change things in the area the page is in: viewers only read. The server refuses
 * their changes anyway; this keeps screens from offering actions that can only fail.
 */
export function useCanChange(): boolean {
  const user = useCurrentUser();
  const tenant = tenantOfPath(useLocation().pathname);
  return tenant !== undefined && hasRole(user, tenant, 'operator');
}
