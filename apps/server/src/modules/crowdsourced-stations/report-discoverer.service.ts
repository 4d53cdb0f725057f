import type { Tenant } from '@cmp/domain';
import type { Actor } from '../../platform/audit/audit.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RelationsService } from '../relations/relations.service.js';

/** Who found a station: the reporter of a report about it (spec C4.10). */
export interface Discovery {
  resourceId: string;
  accountId: string;
  objectId: string;
}

/**
 * Binds the reporter to the station as its discoverer, in the caller's transaction. A live discoverer
 * relation of theirs is kept as it is: the bind refuses a second one with 409 before writing anything.
 */
export async function bindDiscoverer(
  relations: RelationsService,
  tx: DbOrTx,
  tenant: Tenant,
  discovery: Discovery,
  actor: Actor,
): Promise<void> {
  try {
    await relations.bind(
      tenant,
      {
        resourceId: discovery.resourceId,
        resourceOriginId: discovery.objectId,
        accountId: discovery.accountId,
        relationType: 'discoverer',
        bindReason: `report ${discovery.objectId}`,
        source: 'virtual_station',
      },
      actor,
      tx,
    );
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
  }
}

/** Unbinds the account's live discoverer relation on the station, if it has one, with the reason. */
export async function unbindDiscoverer(
  relations: RelationsService,
  tx: DbOrTx,
  tenant: Tenant,
  discovery: Discovery,
  unbindReason: string,
  actor: Actor,
): Promise<void> {
  const live = await relations.live(tenant, discovery.resourceId, 'discoverer', tx);
  for (const relation of live.filter((r) => r.accountId === discovery.accountId)) {
    await relations.unbind(tenant, { relationId: relation.relationId, unbindReason }, actor, tx);
  }
}
