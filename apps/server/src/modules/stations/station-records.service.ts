import type { Tenant } from '@cmp/domain';
import type {
  StationOperationRecordPage,
  StationOperationRecordQuerySchema,
} from '@cmp/domain/stations/operation-records';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import * as resourcesRepo from './station-resources.repo.js';
import { stationHistory } from './station-records.repo.js';

export type StationRecordQuery = z.output<typeof StationOperationRecordQuerySchema>;

/** The operation records of a station: every audited change of it or of something on it. */
export class StationRecordsService {
  constructor(private readonly db: Db) {}

  async records(
    tenant: Tenant,
    resourceId: string,
    query: StationRecordQuery,
  ): Promise<StationOperationRecordPage> {
    if (!(await resourcesRepo.findResource(this.db, resourceId))) {
      throw AppError.notFound('station', resourceId);
    }
    const { pageNo, pageSize, lastRecordId, ...filter } = query;
    const page = await stationHistory.page(
      this.db,
      { ...filter, tenant, resourceId },
      { pageNo, pageSize, lastRecordId },
    );
    return {
      items: page.rows.map((row) => ({
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
      total: page.total,
      nextRecordId: page.next,
    };
  }
}
