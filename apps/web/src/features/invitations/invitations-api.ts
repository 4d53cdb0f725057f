import { useMemo } from 'react';
import type { InvitationKindPath } from '@cmp/domain/invitations/invitation-codes';
import type { InvitePage, InviteRecord, InviteTree } from '@cmp/domain/invitations/invitations';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';

/** The invite lists' names for their saved layouts and cached pages, one per kind. */
export const invitationListName = (kind: InvitationKindPath) => `invitations-${kind}`;

export const invitationKeys = {
  record: (tenant: string, kind: InvitationKindPath, userId: string) =>
    ['invitations', tenant, kind, 'record', userId] as const,
  tree: (tenant: string, kind: InvitationKindPath, accountId: string) =>
    ['invitations', tenant, kind, 'tree', accountId] as const,
};

const at = (id: string) => encodeURIComponent(id);

/** The invitation calls of the tenant whose area the page is in, by the kind's path. */
export function useInvitationsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (kind: InvitationKindPath, query: Query, signal?: AbortSignal) =>
        api.get<InvitePage>(`/invitations/${kind}`, { query, signal }),
      record: (kind: InvitationKindPath, userId: string, signal?: AbortSignal) =>
        api.get<InviteRecord>(`/invitations/${kind}/${at(userId)}/info`, { signal }),
      tree: (
        kind: InvitationKindPath,
        query: { accountId: string; depth: number; breadth: number },
        signal?: AbortSignal,
      ) => api.get<InviteTree>(`/invitations/${kind}/tree`, { query, signal }),
    }),
    [api],
  );
}
