import type { z } from 'zod';
import type { Page, Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  WorksheetFilterSchema,
  type Worksheet,
  type WorksheetCloseSchema,
  type WorksheetCreateSchema,
  type WorksheetFilter,
  type WorksheetListFilter,
  type WorksheetStatus,
} from '@cmp/domain/stations/worksheets';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { ListExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { worksheetClosed, worksheetOpened } from '../stations/station-directory.service.js';
import { WORKSHEET_LIST_EXPORT } from './worksheets.export.js';
import * as repo from './worksheets.repo.js';

export type WorksheetCreateInput = z.infer<typeof WorksheetCreateSchema>;
export type WorksheetCloseInput = z.infer<typeof WorksheetCloseSchema>;

/** Who acts: the audit actor, and the name a worksheet shows as its creator or closer. */
export interface ActingStaff {
  actor: Actor;
  displayName: string;
}

export const toWorksheet = (row: repo.WorksheetRow): Worksheet => ({
  worksheetId: row.worksheetId,
  resourceId: row.resourceId,
  resourceName: row.resourceName,
  resourceType: row.resourceType,
  tenant: row.tenant,
  title: row.title,
  description: row.description,
  status: row.status as WorksheetStatus,
  creatorName: row.creatorName,
  closedByName: row.closedByName,
  closeRemark: row.closeRemark,
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
  closeTime: row.closedAt?.getTime() ?? null,
});

/**
 * Worksheets are work orders on network-wide stations: every tenant sees all of them, as it sees the
 * station's worksheet counters; `tenant` records where one was raised. Their history lives in the
 * station's operation records.
 */
export class WorksheetsService {
  constructor(private readonly db: Db) {}

  async list(query: WorksheetListFilter): Promise<Page<Worksheet>> {
    const page = await repo.listWorksheets(this.db, query);
    return { items: page.items.map(toWorksheet), total: page.total };
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export: ListExport<Worksheet, WorksheetFilter, repo.WorksheetCursor> = {
    list: 'worksheets.list',
    query: WorksheetFilterSchema,
    ...WORKSHEET_LIST_EXPORT,
    count: (db, filter) => repo.countWorksheets(db, filter),
    batch: async (db, filter, cursor, size) => {
      const batch = await repo.exportWorksheetBatch(
        db,
        filter,
        repo.worksheetOrder(filter.sort),
        cursor,
        size,
      );
      return { rows: batch.rows.map(toWorksheet), next: batch.next };
    },
  };

  async get(worksheetId: number): Promise<Worksheet> {
    return toWorksheet(await this.require(this.db, worksheetId));
  }

  async create(tenant: Tenant, input: WorksheetCreateInput, acting: ActingStaff): Promise<Worksheet> {
    return this.db.transaction(async (tx) => {
      // Counting first also proves the station exists before the worksheet row refers to it.
      if (!(await worksheetOpened(tx, input.resourceId))) {
        throw AppError.notFound('station', input.resourceId);
      }
      const worksheetId = await repo.insertWorksheet(tx, {
        resourceId: input.resourceId,
        tenant,
        title: input.title,
        description: input.description ?? '',
        status: 'open',
        creatorUserId: acting.actor.userId,
        creatorName: acting.displayName,
      });
      const created = await this.require(tx, worksheetId);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: 'station',
        entityId: created.resourceId,
        action: 'WORKSHEET_CREATE',
        after: { title: created.title, description: created.description, status: created.status },
        extData: { worksheet_id: worksheetId },
      });
      return toWorksheet(created);
    });
  }

  async close(
    tenant: Tenant,
    worksheetId: number,
    input: WorksheetCloseInput,
    acting: ActingStaff,
  ): Promise<Worksheet> {
    return this.db.transaction(async (tx) => {
      const before = await this.require(tx, worksheetId);
      const closeRemark = input.closeRemark ?? null;
      // The update only closes an open worksheet, so two closes at once cannot both count.
      if (!(await repo.closeWorksheet(tx, worksheetId, { closedByName: acting.displayName, closeRemark }))) {
        throw new RuleError(ruleMessage('worksheet.alreadyClosed'));
      }
      await worksheetClosed(tx, before.resourceId);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant,
        entityType: 'station',
        entityId: before.resourceId,
        action: 'WORKSHEET_CLOSE',
        before: { status: before.status },
        after: { status: 'closed', closeRemark },
        extData: { worksheet_id: worksheetId },
      });
      return toWorksheet(await this.require(tx, worksheetId));
    });
  }

  private async require(db: DbOrTx, worksheetId: number): Promise<repo.WorksheetRow> {
    const row = await repo.findWorksheet(db, worksheetId);
    if (!row) throw AppError.notFound('worksheet', worksheetId);
    return row;
  }
}
