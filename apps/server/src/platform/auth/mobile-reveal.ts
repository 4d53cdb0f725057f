import type { FastifyRequest } from 'fastify';
import type { Tenant } from '@cmp/domain';
import { maskMobile } from '@cmp/domain/accounts/mobile-mask';
import { writeAudit, type Actor } from '../audit/audit.js';
import type { DbOrTx } from '../db/database.js';
import { hasRole } from '../http/route-access.js';

/** Whether the signed-in user sees app users' mobiles whole: operators do, viewers see them masked. */
export const revealsMobiles = (request: FastifyRequest): boolean =>
  hasRole(request.auth!.user, request.tenant!, 'operator');

export const mobileFor = (mobile: string | null, reveal: boolean): string | null =>
  reveal ? mobile : maskMobile(mobile);

/** At most this many account ids are named in one audit record; the count says how many there were. */
const AUDITED_IDS = 100;

/**
 * Records that a search answered app users' mobiles whole: who searched, how (`via`: by mobile, nickname,
 * ids, a list filter), what they searched for, and whose mobiles they saw. Nothing is recorded when the
 * answer was masked or empty.
 */
export async function auditMobileReveal(
  db: DbOrTx,
  entry: { actor: Actor; tenant: Tenant; via: string; query: unknown; accountIds: readonly string[] },
): Promise<void> {
  if (entry.accountIds.length === 0) return;
  await writeAudit(db, {
    actor: entry.actor,
    tenant: entry.tenant,
    entityType: 'account',
    entityId: entry.accountIds.length === 1 ? entry.accountIds[0]! : `${entry.accountIds.length} accounts`,
    action: 'account.mobile_revealed',
    extData: {
      via: entry.via,
      query: entry.query,
      accountIds: entry.accountIds.slice(0, AUDITED_IDS),
      count: entry.accountIds.length,
    },
  });
}
