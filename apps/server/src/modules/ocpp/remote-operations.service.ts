import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  RemoteOperationsExportFilterSchema as ListFilterSchema,
  type RemoteOperationLog,
  type RemoteOperationLogList,
  type RemoteOperationsByResourceQuery,
  type RemoteOperationsBySessionQuery,
  type RemoteOperationStatus,
  type RemoteOperationType,
  type RemoteOperatorType,
} from '@cmp/domain/stations/remote-operations';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import type { Sorted } from '../../platform/lists/define-list.js';
import { AppError } from '../../platform/http/app-error.js';
import { REMOTE_OPERATION_LIST_EXPORT } from './remote-operations.export.js';
import { commandInfoShown, configurationAnswerShown } from './configuration-secrets.js';
import * as repo from './remote-operations.repo.js';

/** The export's query: the list's filter and order with the tenant. */
export const RemoteOperationsExportFilterSchema = ListFilterSchema.extend({ tenant: TenantSchema });
export type RemoteOperationsExportFilter = z.infer<typeof RemoteOperationsExportFilterSchema>;

/**
 * The charger's answer as staff read it: the diagnostics file's storage key stays inside the portal, and
 * secret configuration values are masked.
 */
function answerShown(answer: Record<string, unknown> | null): Record<string, unknown> | null {
  if (answer === null) return null;
  const { uploadedFile: _stored, ...shown } = answer;
  return configurationAnswerShown(shown);
}

export function toRemoteOperationLog(row: repo.RemoteOperationLogRow): RemoteOperationLog {
  return {
    remoteOperationLogId: row.remoteOperationLogId,
    resourceId: row.resourceId,
    chargePointId: row.chargePointId,
    connectorNo: row.connectorNo,
    operatorType: row.operatorType as RemoteOperatorType,
    operationType: row.operationType as RemoteOperationType,
    operator: row.operator,
    commandId: row.commandId,
    command: row.command,
    commandInfo: commandInfoShown(row.commandInfo),
    status: row.status as RemoteOperationStatus,
    reason: row.reason,
    answer: answerShown(row.answer),
    upgradeInfo: row.upgradeInfo ?? null,
    chargeSessionId: row.chargeSessionId,
    createAt: row.createAt.getTime(),
    updateAt: row.updateAt.getTime(),
    progress: row.progress,
    percentage: row.percentage,
  };
}

const toItems = (rows: { log: repo.RemoteOperationLogRow }[]): RemoteOperationLog[] =>
  rows.map((row) => toRemoteOperationLog(row.log));

/**
 * A log as its reader may see it. The link a GetDiagnostics or UpdateFirmware sent (`location`) carries
 * its key in its last segment (an upload's token, a signed download); only those who may send commands,
 * operators, read it whole: to a viewer it is the link without its key.
 */
function asReadBy(log: RemoteOperationLog, revealLinks: boolean): RemoteOperationLog {
  const location = log.commandInfo.location;
  if (revealLinks || typeof location !== 'string') return log;
  return { ...log, commandInfo: { ...log.commandInfo, location: location.replace(/[^/]*$/, '…') } };
}

/**
 * The remote operation logs of the tenant (the area they were issued from), newest first unless asked: by
 * resource (spec C7.3.14; the whole network without one), by charge session (C7.3.15), one by id, and the
 * export.
 */
export class RemoteOperationsService {
  constructor(private readonly db: Db) {}

  byResource(
    tenant: Tenant,
    query: RemoteOperationsByResourceQuery,
    revealLinks: boolean,
  ): Promise<RemoteOperationLogList> {
    const { pageNo, pageSize, ...filter } = query;
    return this.page({ ...filter, tenant }, pageNo, pageSize, revealLinks);
  }

  bySession(
    tenant: Tenant,
    query: RemoteOperationsBySessionQuery,
    revealLinks: boolean,
  ): Promise<RemoteOperationLogList> {
    const { pageNo, pageSize, ...filter } = query;
    return this.page({ ...filter, tenant }, pageNo, pageSize, revealLinks);
  }

  async get(tenant: Tenant, remoteOperationLogId: number, revealLinks: boolean): Promise<RemoteOperationLog> {
    const row = await repo.findLog(this.db, remoteOperationLogId);
    if (!row || row.tenant !== tenant) throw AppError.notFound('remote operation', remoteOperationLogId);
    return asReadBy(toRemoteOperationLog(row), revealLinks);
  }

  private async page(
    filter: Sorted<repo.RemoteOperationFilter>,
    pageNo: number,
    pageSize: number,
    revealLinks: boolean,
  ): Promise<RemoteOperationLogList> {
    const page = await repo.remoteOperationList.page(this.db, filter, { pageNo, pageSize });
    return { items: toItems(page.rows).map((log) => asReadBy(log, revealLinks)), total: page.total };
  }

  /** The list as an export: the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'remote-operations.list',
    query: RemoteOperationsExportFilterSchema,
    sheet: REMOTE_OPERATION_LIST_EXPORT,
    rows: repo.remoteOperationList,
    items: toItems,
  });
}
