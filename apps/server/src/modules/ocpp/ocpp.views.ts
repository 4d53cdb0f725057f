import { QueryBuilder } from 'drizzle-orm/pg-core';
import { chargePoints, remoteOperationLogs } from './ocpp.tables.js';

/*
 * What other modules may read of the OCPP central system: read-only views (subqueries the planner flattens
 * into the query that joins them, so they cost what the tables would). Commands go through the module's
 * `RemoteCommands` service.
 */
const qb = new QueryBuilder();

/** The chargers registered as OCPP charge points (an equipment's id is its charge point id). */
export const chargePointDirectory = qb
  .select({ chargePointId: chargePoints.chargePointId, resourceId: chargePoints.resourceId })
  .from(chargePoints)
  .as('charge_point_directory');

/** Remote operations as an upgrade campaign follows them: its UPDATE_FIRMWARE operations, by campaign. */
export const campaignOperations = qb
  .select({
    remoteOperationLogId: remoteOperationLogs.remoteOperationLogId,
    campaignId: remoteOperationLogs.campaignId,
    chargePointId: remoteOperationLogs.chargePointId,
    status: remoteOperationLogs.status,
    upgradeInfo: remoteOperationLogs.upgradeInfo,
    percentage: remoteOperationLogs.percentage,
    reason: remoteOperationLogs.reason,
  })
  .from(remoteOperationLogs)
  .as('campaign_operations');
