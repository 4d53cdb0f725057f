import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  RemoteOperationsByResourceQuerySchema,
  type RemoteOperationLog,
  type RemoteOperationLogList,
  type RemoteOperationsByResourceQuery,
  type RemoteOperationsBySessionQuery,
} from '@cmp/domain/stations/remote-operations';
import type { Db } from '../../platform/db/database.js';
import type { ListExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { REMOTE_OPERATION_LIST_EXPORT } from './remote-operations.export.js';
import * as repo from './remote-operations.repo.js';

/** The export's query: the list's filter with the tenant. */
export const RemoteOperationsExportFilterSchema = RemoteOperationsByResourceQuerySchema.omit({
  page_no: true,
  page_size: true,
}).extend({ tenant: TenantSchema });
export type RemoteOperationsExportFilter = z.infer<typeof RemoteOperationsExportFilterSchema>;

/** '0,3' → [0, 3]; '' → every status. */
const statusesOf = (list: string): number[] => (list === '' ? [] : list.split(',').map(Number));

const filterOf = (
  tenant: Tenant,
  query: Omit<RemoteOperationsByResourceQuery, 'page_no' | 'page_size'>,
): repo.RemoteOperationFilter => ({
  tenant,
  resourceId: query.resource_id,
  chargePointId: query.charge_point_id,
  operationType: query.operation_type,
  createTimeBegin: query.create_time_begin,
  createTimeEnd: query.create_time_end,
  statuses: statusesOf(query.status),
});

/**
 * The remote operation logs of the tenant (the area they were issued from), newest first: by resource
 * (spec C7.3.14; the whole network without one), by charge session (C7.3.15), one by id, and the export.
 */
export class RemoteOperationsService {
  constructor(private readonly db: Db) {}

  async byResource(tenant: Tenant, query: RemoteOperationsByResourceQuery): Promise<RemoteOperationLogList> {
    const { page_no: pageNo, page_size: pageSize, ...filter } = query;
    return this.page(repo.remoteOperationWhere(filterOf(tenant, filter)), pageNo, pageSize);
  }

  async bySession(tenant: Tenant, query: RemoteOperationsBySessionQuery): Promise<RemoteOperationLogList> {
    const where = repo.remoteOperationWhere({
      tenant,
      chargeSessionId: query.charge_session_id,
      statuses: statusesOf(query.status),
    });
    return this.page(where, query.page_no, query.page_size);
  }

  async get(tenant: Tenant, remoteOperationLogId: number): Promise<RemoteOperationLog> {
    const row = await repo.findLog(this.db, remoteOperationLogId);
    if (!row || row.tenant !== tenant) throw AppError.notFound('remote operation', remoteOperationLogId);
    return repo.toRemoteOperationLog(row);
  }

  private async page(where: ReturnType<typeof repo.remoteOperationWhere>, pageNo: number, pageSize: number) {
    const page = await repo.listLogPage(this.db, where, { pageNo, pageSize });
    return { result_list: page.rows.map(repo.toRemoteOperationLog), total_results: page.total };
  }

  /** The list as an export: the same filter and order, read batch by batch by key. */
  readonly export: ListExport<RemoteOperationLog, RemoteOperationsExportFilter, repo.RemoteOperationCursor> =
    {
      list: 'remote-operations.list',
      query: RemoteOperationsExportFilterSchema,
      ...REMOTE_OPERATION_LIST_EXPORT,
      count: (db, { tenant, ...filter }) =>
        repo.countLogs(db, repo.remoteOperationWhere(filterOf(tenant, filter))),
      batch: async (db, { tenant, ...filter }, cursor, size) => {
        const batch = await repo.exportLogBatch(
          db,
          repo.remoteOperationWhere(filterOf(tenant, filter)),
          cursor,
          size,
        );
        return { rows: batch.rows.map(repo.toRemoteOperationLog), next: batch.next };
      },
    };
}
