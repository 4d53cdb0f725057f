import { and, desc, eq, gte, inArray, lt, lte, notInArray, or, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import type { z } from 'zod';
import type { StationOperationRecordQuerySchema } from '@cmp/domain/stations/operation-records';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { STATION_ENTITY } from './station-directory.service.js';

export type StationRecordQuery = z.output<typeof StationOperationRecordQuerySchema>;
export type AuditRecordRow = typeof auditRecords.$inferSelect;

/**
 * Records that name an app account, which is one tenant's: another tenant's staff do not see them
 * (docs/decisions.md "Relations").
 */
const TENANT_ONLY_ACTIONS = ['CHARGE_STATION_CONTRIBUTOR_BIND', 'CHARGE_STATION_CONTRIBUTOR_UNBIND'];

/**
 * A station's history is the platform's audit records of entity type `station`, newest first. Records
 * are read by id, which grows with time, so a page continues strictly below the last id seen and stays
 * stable while new records arrive. One row more than the page is read to tell whether another page exists.
 */
export function listStationRecords(
  db: DbOrTx,
  tenant: Tenant,
  resourceId: string,
  query: StationRecordQuery,
): Promise<AuditRecordRow[]> {
  const conditions: SQL[] = [
    eq(auditRecords.entityType, STATION_ENTITY),
    eq(auditRecords.entityId, resourceId),
    or(notInArray(auditRecords.action, TENANT_ONLY_ACTIONS), eq(auditRecords.tenant, tenant))!,
  ];
  if (query.actions?.length) conditions.push(inArray(auditRecords.action, query.actions));
  if (query.userId !== undefined) conditions.push(eq(auditRecords.actorUserId, query.userId));
  if (query.userType) conditions.push(eq(auditRecords.actorType, query.userType));
  if (query.operationTimeBegin !== undefined) {
    conditions.push(gte(auditRecords.occurredAt, new Date(query.operationTimeBegin)));
  }
  if (query.operationTimeEnd !== undefined) {
    conditions.push(lte(auditRecords.occurredAt, new Date(query.operationTimeEnd)));
  }
  if (query.lastRecordId !== undefined) conditions.push(lt(auditRecords.id, query.lastRecordId));
  return db
    .select()
    .from(auditRecords)
    .where(and(...conditions))
    .orderBy(desc(auditRecords.id))
    .limit(query.pageSize + 1);
}
