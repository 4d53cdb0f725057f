import { and, eq, notInArray, or } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { auditHistory, historyConditions, type HistoryFilter } from '../../platform/audit/audit-history.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { STATION_ENTITY } from './station-directory.service.js';

/** A station's history as one tenant's staff read it. */
export type StationRecordFilter = HistoryFilter & { tenant: Tenant; resourceId: string };

/**
 * Records that name an app account, which is one tenant's: another tenant's staff do not see them
 * (docs/decisions.md "Relations").
 */
const TENANT_ONLY_ACTIONS = ['CHARGE_STATION_CONTRIBUTOR_BIND', 'CHARGE_STATION_CONTRIBUTOR_UNBIND'];

/** A station's history: the audit records of entity `station` with its id. */
export const stationHistory = auditHistory(({ tenant, resourceId, ...filter }: StationRecordFilter) =>
  and(
    eq(auditRecords.entityType, STATION_ENTITY),
    eq(auditRecords.entityId, resourceId),
    or(notInArray(auditRecords.action, TENANT_ONLY_ACTIONS), eq(auditRecords.tenant, tenant)),
    ...historyConditions(filter),
  ),
);
