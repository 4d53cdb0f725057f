import type { Tenant } from '@cmp/domain';
import type { StationOperationRecordPage } from '@cmp/domain/stations/operation-records';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import * as resourcesRepo from './station-resources.repo.js';
import * as repo from './station-records.repo.js';

/** The operation records of a station: every audited change of it or of something on it. */
export class StationRecordsService {
  constructor(private readonly db: Db) {}

  async records(
    tenant: Tenant,
    resourceId: string,
    query: repo.StationRecordQuery,
  ): Promise<StationOperationRecordPage> {
    if (!(await resourcesRepo.findResource(this.db, resourceId))) {
      throw AppError.notFound('station', resourceId);
    }
    const rows = await repo.listStationRecords(this.db, tenant, resourceId, query);
    const page = rows.slice(0, query.pageSize);
    return {
      items: page.map((row) => ({
        recordId: row.id,
        resourceId: row.entityId,
        action: row.action,
        userId: row.actorUserId,
        userName: row.actorUserName,
        userType: row.actorType,
        operationTime: row.occurredAt.getTime(),
        before: row.before,
        after: row.after,
        result: row.result,
        extData: row.extData,
      })),
      nextRecordId: rows.length > query.pageSize ? (page.at(-1)?.id ?? null) : null,
    };
  }
}
