import type { FastifyRequest } from 'fastify';
import type { Tenant } from '@cmp/domain';
import type { DbOrTx } from '../db/database.js';
import { auditRecords } from './audit.tables.js';

/** Who did something; services take it explicitly instead of reading it from the request. */
export interface Actor {
  userId: number | null;
  userName: string | null;
  type: 'staff' | 'system';
  requestId: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, userName: 'system', type: 'system', requestId: null };

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.auth?.user.id ?? null,
  userName: request.auth?.user.userName ?? null,
  type: 'staff',
  requestId: request.id,
});

/** Who acts, and in which tenant's portal: network-wide records (stations, tags) keep both in their audit. */
export interface TenantActing {
  tenant: Tenant;
  actor: Actor;
}

/** For routes under the tenant prefix, where the access hook has set the tenant. */
export const tenantActing = (request: FastifyRequest): TenantActing => ({
  tenant: request.tenant!,
  actor: actorOf(request),
});

export interface AuditEntry {
  actor: Actor;
  tenant?: Tenant | null;
  entityType: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
  result?: 'success' | 'failure';
  extData?: unknown;
}

/** Call with the transaction of the change itself, so the record exists exactly when the change does. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditRecords).values(auditRow(entry));
}

/** Many records of one change (a bulk registration), written a thousand rows per statement. */
export async function writeAudits(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += 1_000)
    await tx.insert(auditRecords).values(entries.slice(at, at + 1_000).map(auditRow));
}

function auditRow(entry: AuditEntry): typeof auditRecords.$inferInsert {
  return {
    tenant: entry.tenant ?? null,
    actorUserId: entry.actor.userId,
    actorUserName: entry.actor.userName,
    actorType: entry.actor.type,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    result: entry.result ?? 'success',
    extData: entry.extData ?? null,
    requestId: entry.actor.requestId,
  };
}
