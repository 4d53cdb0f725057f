import { and, count, countDistinct, eq, gt, gte } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import { REMOTE_OPERATION_STATUSES } from '@cmp/domain/stations/remote-operations';
import type { Db } from '../../platform/db/database.js';
import { chargePointPresence, chargePoints, portalProcesses, remoteOperationLogs } from './ocpp.tables.js';
import { ONLINE_SINCE } from './presence.repo.js';

export interface PresenceFigures {
  registeredChargers: number;
  onlineChargers: number;
  /** Stations with at least one charger online. */
  onlineStations: number;
}

/**
 * What the home dashboard reads of the central system. Presence rows exist only for connected chargers, so
 * the online figures read those few rows; the registered chargers are counted over the charge points' key.
 * Failed operations of the day are read over `remote_operation_logs_time_idx` (create time), a range of the
 * day's operations.
 */
export class OcppFigures {
  constructor(private readonly db: Db) {}

  async presence(): Promise<PresenceFigures> {
    const [registered] = await this.db.select({ n: count() }).from(chargePoints);
    const [online] = await this.db
      .select({ chargers: count(), stations: countDistinct(chargePoints.resourceId) })
      .from(chargePointPresence)
      .innerJoin(portalProcesses, eq(portalProcesses.processId, chargePointPresence.processId))
      .innerJoin(chargePoints, eq(chargePoints.chargePointId, chargePointPresence.chargePointId))
      .where(gt(portalProcesses.heartbeatAt, ONLINE_SINCE));
    return {
      registeredChargers: registered?.n ?? 0,
      onlineChargers: online?.chargers ?? 0,
      onlineStations: online?.stations ?? 0,
    };
  }

  /** The tenant's remote operations issued since `since` (epoch ms) that failed. */
  async failedSince(tenant: Tenant, since: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(remoteOperationLogs)
      .where(
        and(
          gte(remoteOperationLogs.createAt, new Date(since)),
          eq(remoteOperationLogs.tenant, tenant),
          eq(remoteOperationLogs.status, REMOTE_OPERATION_STATUSES.failed),
        ),
      );
    return row?.n ?? 0;
  }
}
