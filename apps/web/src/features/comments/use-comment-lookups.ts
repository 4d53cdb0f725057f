import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { tenantOfPath } from '../../app/paths';
import { useCurrentUser } from '../../app/session/current-user';
import { hasRole } from '../../app/session/roles';
import type { CascadeOption, FilterOption } from '../../components';
import { toCascadeOptions, useEquipmentOwners, useOperators, useRegions } from '../../components/lookups';

/** The pickers of the comment filter: operators, equipment owners and the region tree; empty while loading. */
export function useCommentLookups(): {
  operators: FilterOption<string>[];
  equipmentOwners: FilterOption<string>[];
  regions: CascadeOption[];
} {
  const operators = useOperators();
  const owners = useEquipmentOwners();
  const regions = useRegions();
  return useMemo(
    () => ({
      operators: (operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName })),
      equipmentOwners: (owners.data ?? []).map((o) => ({
        value: o.equipmentOwnerId,
        label: o.equipmentOwnerName,
      })),
      regions: toCascadeOptions(regions.data ?? []),
    }),
    [operators.data, owners.data, regions.data],
  );
}

/**
 * What the user may do with comments in the current tenant: operators mark and reply, admins also manage
 * the comment vendors. The server refuses the rest anyway; this keeps screens from offering it.
 */
export function useCommentRoles(): { canChange: boolean; isAdmin: boolean } {
  const user = useCurrentUser();
  const tenant = tenantOfPath(useLocation().pathname);
  return {
    canChange: tenant !== undefined && hasRole(user, tenant, 'operator'),
    isAdmin: tenant !== undefined && hasRole(user, tenant, 'admin'),
  };
}
